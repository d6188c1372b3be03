import type { IngestedValue } from '../../platform/events/telemetryBus.ts';
import type { PointColumns } from '../../platform/timeseries/timeSeriesStore.ts';
import type { ResolvedPoint } from './pointResolver.ts';
import type { ResolvedSeries } from './seriesResolver.ts';

/**
 * A batch's resolved points and series turned into what the store and the bus take. Loops over typed arrays
 * rather than an object a value: these run for every value ingested, and an object a value was a sixth of
 * ingestion's time in garbage collection alone (bench/ingestEndToEnd.ts).
 */

type Value = ResolvedPoint['value'];

/** Numbers as they are, booleans as 0/1; text and explicit empties have no place in a numeric series. */
export function storedValue(value: Value): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return null;
}

function countStored(points: readonly ResolvedPoint[], series: readonly ResolvedSeries[]): number {
  let count = 0;
  for (const point of points) if (storedValue(point.value) !== null) count++;
  for (const entry of series) for (const value of entry.values) if (storedValue(value) !== null) count++;
  return count;
}

/** The values the numeric store keeps, in columns. */
export function storedColumnsOf(
  points: readonly ResolvedPoint[],
  series: readonly ResolvedSeries[],
): PointColumns {
  const length = countStored(points, series);
  const columns: PointColumns = {
    assetIds: new Int32Array(length),
    metricIds: new Int32Array(length),
    timestamps: new Float64Array(length),
    values: new Float64Array(length),
    statuses: new Int32Array(length),
  };
  let row = 0;
  const put = (assetId: number, metricId: number, ts: number, value: number, status: number) => {
    columns.assetIds[row] = assetId;
    columns.metricIds[row] = metricId;
    columns.timestamps[row] = ts;
    columns.values[row] = value;
    columns.statuses[row] = status;
    row++;
  };
  for (const point of points) {
    const value = storedValue(point.value);
    if (value !== null) put(point.assetId, point.metricId, point.ts, value, point.status);
  }
  for (const entry of series) {
    for (let position = 0; position < entry.values.length; position++) {
      const value = storedValue(entry.values[position] ?? null);
      if (value !== null) put(entry.assetId, entry.metricId, entry.ts[position] ?? 0, value, entry.status);
    }
  }
  return columns;
}

/** Every value as the bus announces it, points first, then each series in order. */
export function ingestedValuesOf(
  points: readonly ResolvedPoint[],
  series: readonly ResolvedSeries[],
): IngestedValue[] {
  const values: IngestedValue[] = [];
  for (const point of points) {
    values.push({
      assetId: point.assetId,
      metricId: point.metricId,
      value: point.value,
      timestamp: point.ts,
      status: point.status,
      units: point.units,
      overrideType: point.overrideType,
    });
  }
  for (const entry of series) {
    for (let position = 0; position < entry.values.length; position++) {
      values.push({
        assetId: entry.assetId,
        metricId: entry.metricId,
        value: entry.values[position] ?? null,
        timestamp: entry.ts[position] ?? 0,
        status: entry.status,
        units: entry.units,
        overrideType: entry.overrideType,
      });
    }
  }
  return values;
}

/** The distinct (asset, metric) pairs of a batch, keyed `asset:metric`. */
export function pairsOf(
  points: readonly ResolvedPoint[],
  series: readonly ResolvedSeries[],
): Map<string, { assetId: number; metricId: number }> {
  const pairs = new Map<string, { assetId: number; metricId: number }>();
  for (const { assetId, metricId } of [...points, ...series]) {
    const key = `${assetId}:${metricId}`;
    if (!pairs.has(key)) pairs.set(key, { assetId, metricId });
  }
  return pairs;
}
