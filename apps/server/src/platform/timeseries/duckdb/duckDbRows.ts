import type { DuckDBConnection, DuckDBDataChunk, DuckDBResult, DuckDBValue } from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';
import type { PointRows, SlotRows } from '../queryExecution.ts';

/** BIGINT and HUGEINT arrive as bigint; every number we store fits a double exactly (ids, ms, counts). */
function toNumber(value: DuckDBValue): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new Error(`Expected a number from DuckDB, got ${String(value)}`);
}

function numberColumn(columns: DuckDBValue[][], index: number): number[] {
  return (columns[index] ?? []).map(toNumber);
}

/**
 * A column of a data chunk as a typed array over DuckDB's own vector memory, without copying: valid while the
 * chunk is (copy what must outlive it). Only for columns of that exact type (INTEGER / DOUBLE) and never NULL.
 */
export function chunkInt32(chunk: DuckDBDataChunk, column: number): Int32Array {
  const data = duckdb.vector_get_data(duckdb.data_chunk_get_vector(chunk.chunk, column), chunk.rowCount * 4);
  return new Int32Array(data.buffer, data.byteOffset, chunk.rowCount);
}

export function chunkFloat64(chunk: DuckDBDataChunk, column: number): Float64Array {
  const data = duckdb.vector_get_data(duckdb.data_chunk_get_vector(chunk.chunk, column), chunk.rowCount * 8);
  return new Float64Array(data.buffer, data.byteOffset, chunk.rowCount);
}

/** The chunks of a result that hold rows, in order. */
export async function* resultChunks(result: DuckDBResult): AsyncGenerator<DuckDBDataChunk> {
  for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk())
    yield chunk;
}

/**
 * Reads `asset_id, metric_id, ts, value, status` rows as columns. The query is wrapped to fix the column types
 * (aggregates and timestamps arrive as BIGINT or HUGEINT otherwise), so that each chunk's vectors are copied out
 * as typed arrays: value by value, reading 80 k M4 rows was a fifth of the query. None of these columns is ever
 * NULL in our SQL (gap markers are added afterwards, in the domain).
 */
export async function selectPointRows(connection: DuckDBConnection, sql: string): Promise<PointRows> {
  const rows: PointRows = { assetIds: [], metricIds: [], timestamps: [], values: [], statuses: [] };
  const result = await connection.run(`SELECT CAST(asset_id AS INTEGER), CAST(metric_id AS INTEGER),
    CAST(ts AS DOUBLE), CAST(value AS DOUBLE), CAST(status AS INTEGER) FROM (${sql}) AS typed`);
  for await (const chunk of resultChunks(result)) {
    rows.assetIds.push(...chunkInt32(chunk, 0));
    rows.metricIds.push(...chunkInt32(chunk, 1));
    rows.timestamps.push(...chunkFloat64(chunk, 2));
    rows.values.push(...chunkFloat64(chunk, 3));
    rows.statuses.push(...chunkInt32(chunk, 4));
  }
  return rows;
}

/** Reads `asset_id, metric_id, slot, first_ts, last_ts` rows. */
export async function selectSlotRows(connection: DuckDBConnection, sql: string): Promise<SlotRows> {
  const columns = (await connection.runAndReadAll(sql)).getColumns();
  const slots = numberColumn(columns, 2);
  const firstTs = numberColumn(columns, 3);
  const lastTs = numberColumn(columns, 4);
  return {
    assetIds: numberColumn(columns, 0),
    metricIds: numberColumn(columns, 1),
    slots: slots.map((slot, index) => ({ slot, firstTs: firstTs[index] ?? 0, lastTs: lastTs[index] ?? 0 })),
  };
}
