import { HOUR_MS } from '@kelvin/domain';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ROLLUP_TABLES, RAW_TABLE, integerList } from '../sql/pointSql.ts';
import { pointsWithCapacity, type LoadedSeries } from '../rawSeriesCache.ts';
import { chunkFloat64, chunkInt32, resultChunks } from './duckDbRows.ts';

export interface SeriesKey {
  assetId: number;
  metricId: number;
}

/** Which of the keys' series to ask for: the set of assets times the set of metrics, narrowed afterwards. */
export function seriesWhere(keys: readonly SeriesKey[]): string {
  const assetIds = [...new Set(keys.map((key) => key.assetId))];
  const metricIds = [...new Set(keys.map((key) => key.metricId))];
  return `asset_id IN (${integerList(assetIds)}) AND metric_id IN (${integerList(metricIds)})`;
}

/** Points stored from the hour of `from` on, from the hour rollup: what loading the series would take. */
export async function countRawPoints(
  connection: DuckDBConnection,
  keys: readonly SeriesKey[],
  from: number,
): Promise<number> {
  const [row] = (
    await connection.runAndReadAll(`SELECT coalesce(sum(count_value), 0) FROM ${ROLLUP_TABLES.hour}
    WHERE ${seriesWhere(keys)} AND bucket >= ${Math.floor(from / HOUR_MS) * HOUR_MS}`)
  ).getRows();
  return Number(row?.[0] ?? 0);
}

/** One series' points, with which series it is. */
export type LoadedSeriesOf = LoadedSeries & SeriesKey;

/** A series being read: growable typed arrays. */
interface SeriesBuilder {
  series: LoadedSeriesOf;
  length: number;
  ordered: boolean;
}

/** Appends rows [start, end) of a chunk's columns to a series, copying them as blocks of memory. */
function appendRows(
  builder: SeriesBuilder,
  chunk: { timestamps: Float64Array; values: Float64Array; statuses: Int32Array },
  start: number,
  end: number,
): void {
  const { series } = builder;
  const needed = builder.length + end - start;
  if (needed > series.timestamps.length) {
    const capacity = Math.max(needed, builder.length * 2, 4096);
    Object.assign(series, pointsWithCapacity(series, builder.length, capacity));
  }
  let previous = builder.length > 0 ? (series.timestamps[builder.length - 1] ?? 0) : -Infinity;
  for (let row = start; row < end && builder.ordered; row++) {
    const ts = chunk.timestamps[row] ?? 0;
    if (ts < previous) builder.ordered = false;
    previous = ts;
  }
  series.timestamps.set(chunk.timestamps.subarray(start, end), builder.length);
  series.values.set(chunk.values.subarray(start, end), builder.length);
  series.statuses.set(chunk.statuses.subarray(start, end), builder.length);
  builder.length = needed;
}

/** The builder's points trimmed to length and sorted by time (equal timestamps in the order read). */
function finish(builder: SeriesBuilder): LoadedSeriesOf {
  const { series, length } = builder;
  const timestamps = series.timestamps.slice(0, length);
  const values = series.values.slice(0, length);
  const statuses = series.statuses.slice(0, length);
  if (builder.ordered) return { ...series, timestamps, values, statuses };
  const order = Array.from({ length }, (_, index) => index).sort(
    (a, b) => (timestamps[a] ?? 0) - (timestamps[b] ?? 0) || a - b,
  );
  return {
    ...series,
    timestamps: Float64Array.from(order, (index) => timestamps[index] ?? 0),
    values: Float64Array.from(order, (index) => values[index] ?? 0),
    statuses: Int32Array.from(order, (index) => statuses[index] ?? 0),
  };
}

/**
 * Every raw point of the series from `from` on, read in storage order, which is time order per series (the
 * table is written sorted by series and time, per batch and again by compaction), so that only a series that
 * received late points needs sorting. Vectors are copied out whole per chunk, not value by value. Series without
 * points come back empty: "nothing from `from` on" is worth keeping too.
 */
export async function loadRawSeries(
  connection: DuckDBConnection,
  keys: readonly SeriesKey[],
  from: number,
): Promise<Map<string, LoadedSeriesOf>> {
  const builders = new Map<string, SeriesBuilder>();
  for (const { assetId, metricId } of keys) {
    const series = {
      assetId,
      metricId,
      from,
      timestamps: new Float64Array(0),
      values: new Float64Array(0),
      statuses: new Int32Array(0),
    };
    builders.set(`${assetId}:${metricId}`, { series, length: 0, ordered: true });
  }
  const result = await connection.run(`SELECT asset_id, metric_id, CAST(ts AS DOUBLE), value, status
    FROM ${RAW_TABLE} WHERE ${seriesWhere(keys)} AND ts >= ${from}`);
  for await (const chunk of resultChunks(result)) {
    const rows = chunk.rowCount;
    const [assetIds, metricIds, statuses] = [0, 1, 4].map((column) => chunkInt32(chunk, column));
    const [timestamps, values] = [2, 3].map((column) => chunkFloat64(chunk, column));
    if (!assetIds || !metricIds || !statuses || !timestamps || !values) throw new Error('Unexpected columns');
    const columns = { timestamps, values, statuses };
    // Rows come in runs of one series (a chunk rarely holds more than a few): each run is copied whole. The
    // asset x metric product may include series nobody asked for; those have no builder.
    for (let runStart = 0; runStart < rows;) {
      const assetId = assetIds[runStart] ?? 0;
      const metricId = metricIds[runStart] ?? 0;
      let runEnd = runStart + 1;
      while (runEnd < rows && assetIds[runEnd] === assetId && metricIds[runEnd] === metricId) runEnd++;
      const builder = builders.get(`${assetId}:${metricId}`);
      if (builder) appendRows(builder, columns, runStart, runEnd);
      runStart = runEnd;
    }
  }
  const loaded = new Map<string, LoadedSeriesOf>();
  for (const [key, builder] of builders) loaded.set(key, finish(builder));
  return loaded;
}
