import type { PointColumns, TimeSeriesPoint } from './timeSeriesStore.ts';

export const DEFAULT_STATUS = 1;

export function toPointColumns(points: readonly TimeSeriesPoint[]): PointColumns {
  const columns: PointColumns = {
    assetIds: new Int32Array(points.length),
    metricIds: new Int32Array(points.length),
    timestamps: new Float64Array(points.length),
    values: new Float64Array(points.length),
    statuses: new Int32Array(points.length),
  };
  points.forEach((point, index) => {
    columns.assetIds[index] = point.assetId;
    columns.metricIds[index] = point.metricId;
    columns.timestamps[index] = point.ts;
    columns.values[index] = point.value;
    columns.statuses[index] = point.status ?? DEFAULT_STATUS;
  });
  return columns;
}

/**
 * Refuses a batch the stores cannot hold faithfully, before anything is written, so that a batch is never half
 * applied: NaN or infinite values, negative or fractional timestamps, columns of different lengths. Ids and
 * statuses cannot be wrong here (typed arrays hold integers); `pointProblem` checks them on the object path.
 */
export function pointColumnsProblem(columns: PointColumns): string | null {
  const length = columns.timestamps.length;
  const lengths = [columns.assetIds, columns.metricIds, columns.values, columns.statuses].map(
    (c) => c.length,
  );
  if (lengths.some((other) => other !== length)) return 'point columns differ in length';
  for (let index = 0; index < length; index++) {
    const ts = columns.timestamps[index] ?? Number.NaN;
    if (!Number.isSafeInteger(ts) || ts < 0)
      return `point ${index}: ts must be non-negative epoch milliseconds`;
    if (!Number.isFinite(columns.values[index])) return `point ${index}: value must be a finite number`;
  }
  return null;
}

export function pointProblem(point: TimeSeriesPoint, index: number): string | null {
  const int32 = (value: number): boolean => Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31;
  if (!int32(point.assetId) || !int32(point.metricId))
    return `point ${index}: assetId and metricId must be integers`;
  if (point.status !== undefined && !int32(point.status)) return `point ${index}: status must be an integer`;
  return null;
}
