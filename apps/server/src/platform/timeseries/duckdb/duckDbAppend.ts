import { DOUBLE, INTEGER, DuckDBDataChunk, type DuckDBConnection } from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';
import type { PointColumns } from '../timeSeriesStore.ts';
import { STAGE_TABLE } from './duckDbSchema.ts';

/** DuckDB's vector size: a data chunk holds at most this many rows. */
const CHUNK_ROWS = 2048;
const STAGE_TYPES = [INTEGER, INTEGER, DOUBLE, DOUBLE, INTEGER];

/**
 * Appends point columns to the stage table by copying typed-array memory straight into DuckDB vectors: about
 * 150 ms per million points here, against ~300 ms for per-value `setColumns` and ~1 s for row-wise appends,
 * which decides whether ingest reaches a million points per second.
 */
export async function appendToStage(connection: DuckDBConnection, columns: PointColumns): Promise<void> {
  const sources = [columns.assetIds, columns.metricIds, columns.timestamps, columns.values, columns.statuses];
  const appender = await connection.createAppender(STAGE_TABLE);
  try {
    const total = columns.timestamps.length;
    for (let offset = 0; offset < total; offset += CHUNK_ROWS) {
      const rows = Math.min(CHUNK_ROWS, total - offset);
      const chunk = DuckDBDataChunk.create(STAGE_TYPES, rows);
      sources.forEach((source, columnIndex) => {
        const vector = duckdb.data_chunk_get_vector(chunk.chunk, columnIndex);
        const bytes = source.BYTES_PER_ELEMENT;
        duckdb.copy_data_to_vector(
          vector,
          0,
          source.buffer,
          source.byteOffset + offset * bytes,
          rows * bytes,
        );
      });
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}
