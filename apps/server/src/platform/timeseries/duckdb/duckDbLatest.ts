import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { latestReadings } from '../latestReadings.ts';
import { DETAILS_TABLE, toDetailRow, type DetailRow } from '../readingDetails.ts';
import { duckDbDialect } from '../sql/dialect.ts';
import type { LatestReading, ReadingDetail } from '../timeSeriesStore.ts';
import { selectPointRows } from './duckDbRows.ts';

/** Details (ReadingDetail) beside the points; append-only, pruned to the newest of each series by retention. */
export const DETAILS_SCHEMA_SQL = `CREATE TABLE IF NOT EXISTS ${DETAILS_TABLE} (
  asset_id INTEGER NOT NULL,
  metric_id INTEGER NOT NULL,
  ts BIGINT NOT NULL,
  status INTEGER NOT NULL,
  kind TINYINT NOT NULL,
  number DOUBLE NOT NULL,
  text VARCHAR NOT NULL,
  has_units TINYINT NOT NULL,
  units VARCHAR NOT NULL
);`;

/**
 * Details before the raw cutoff go with the raw points; of the rest only each series' newest is ever read, so the
 * older ones go too (a unit that sends its own units with every reading adds a detail per point).
 */
export function detailsRetentionSql(rawCutoff: number): string[] {
  return [
    `DELETE FROM ${DETAILS_TABLE} WHERE ts < ${rawCutoff}`,
    `DELETE FROM ${DETAILS_TABLE} AS d USING (
      SELECT asset_id, metric_id, max(ts) AS newest FROM ${DETAILS_TABLE} GROUP BY asset_id, metric_id
    ) AS n
    WHERE d.asset_id = n.asset_id AND d.metric_id = n.metric_id AND d.ts < n.newest`,
  ];
}

/** Appends a group's details inside the writer's transaction, row by row: they are few next to the points. */
export async function appendDetails(
  connection: DuckDBConnection,
  details: readonly ReadingDetail[],
): Promise<void> {
  if (details.length === 0) return;
  const appender = await connection.createAppender(DETAILS_TABLE);
  try {
    for (const detail of details) {
      const row = toDetailRow(detail);
      appender.appendInteger(row.assetId);
      appender.appendInteger(row.metricId);
      appender.appendBigInt(BigInt(row.ts));
      appender.appendInteger(row.status);
      appender.appendTinyInt(row.kind);
      appender.appendDouble(row.number);
      appender.appendVarchar(row.text);
      appender.appendTinyInt(row.hasUnits);
      appender.appendVarchar(row.units);
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

function numberOf(value: DuckDBValue | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new Error(`Expected a number from DuckDB, got ${String(value)}`);
}

function textOf(value: DuckDBValue | undefined): string {
  if (typeof value === 'string') return value;
  throw new Error(`Expected text from DuckDB, got ${String(value)}`);
}

async function selectDetailRows(connection: DuckDBConnection, sql: string): Promise<DetailRow[]> {
  const rows = (await connection.runAndReadAll(sql)).getRows();
  return rows.map((row) => ({
    assetId: numberOf(row[0]),
    metricId: numberOf(row[1]),
    ts: numberOf(row[2]),
    status: numberOf(row[3]),
    kind: numberOf(row[4]),
    number: numberOf(row[5]),
    text: textOf(row[6]),
    hasUnits: numberOf(row[7]),
    units: textOf(row[8]),
  }));
}

/**
 * `latest` on a reader connection, in one transaction: the hour rollup, the raw points and the details are read
 * from one snapshot, so a compaction or retention running meanwhile cannot move points between the reads.
 */
export async function latestFromDuckDb(
  connection: DuckDBConnection,
  since: number,
): Promise<LatestReading[]> {
  await connection.run('BEGIN TRANSACTION');
  try {
    const readings = await latestReadings(
      {
        dialect: duckDbDialect,
        selectPoints: (sql) => selectPointRows(connection, sql),
        selectDetails: (sql) => selectDetailRows(connection, sql),
      },
      since,
    );
    await connection.run('COMMIT');
    return readings;
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
