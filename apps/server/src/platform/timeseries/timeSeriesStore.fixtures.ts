import { aggregateValue, alignDown, partialOf, type Aggregation } from '@kelvin/domain';
import type { TimeSeries, TimeSeriesPoint } from './timeSeriesStore.ts';

/** 2024-01-01T00:00:00Z: hour-aligned, so bucket arithmetic in expectations stays readable. */
export const T0 = Date.UTC(2024, 0, 1);
export const MINUTE = 60_000;
export const HOUR = 3_600_000;

/** Deterministic pseudo-random numbers (a fixed LCG), so failures reproduce. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A random walk of one series: `count` points every `stepMs` from `start`. */
export function walk(
  assetId: number,
  metricId: number,
  start: number,
  count: number,
  stepMs: number,
  seed = 1,
) {
  const random = seededRandom(seed + assetId * 1000 + metricId);
  let value = 20;
  const points: TimeSeriesPoint[] = [];
  for (let index = 0; index < count; index++) {
    value += random() - 0.5;
    points.push({ assetId, metricId, ts: start + index * stepMs, value, status: index % 7 === 0 ? 2 : 1 });
  }
  return points;
}

/** What a correct store answers for one series, computed in memory from the points. */
export function expectedBuckets(
  points: readonly TimeSeriesPoint[],
  aggregation: Exclude<Aggregation, 'RAW'>,
  intervalMs: number,
): { timestamps: number[]; values: number[] } {
  const buckets = new Map<number, number[]>();
  for (const point of points) {
    const bucket = alignDown(point.ts, intervalMs);
    buckets.set(bucket, [...(buckets.get(bucket) ?? []), point.value]);
  }
  const timestamps = [...buckets.keys()].sort((a, b) => a - b);
  return {
    timestamps,
    values: timestamps.map((bucket) => {
      const partial = partialOf(buckets.get(bucket) ?? []);
      return partial ? aggregateValue(partial, aggregation) : Number.NaN;
    }),
  };
}

export function seriesFor(series: readonly TimeSeries[], assetId: number, metricId: number): TimeSeries {
  const found = series.find((candidate) => candidate.assetId === assetId && candidate.metricId === metricId);
  if (!found) throw new Error(`No series for asset ${assetId} metric ${metricId}`);
  return found;
}
