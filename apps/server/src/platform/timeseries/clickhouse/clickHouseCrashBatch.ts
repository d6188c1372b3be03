import type { TimeSeriesPoint } from '../timeSeriesStore.ts';

/** Points of the crash test's batch, one asset each so that scenarios count apart: 5 metrics, 2,000 points each. */
export const CRASH_METRICS = 5;
export const CRASH_POINTS_PER_METRIC = 2_000;
export const CRASH_T0 = Date.UTC(2025, 0, 1);

export function crashBatch(assetId: number): TimeSeriesPoint[] {
  return Array.from({ length: CRASH_METRICS * CRASH_POINTS_PER_METRIC }, (_, index) => ({
    assetId,
    metricId: 1 + (index % CRASH_METRICS),
    ts: CRASH_T0 + Math.floor(index / CRASH_METRICS) * 1000,
    value: index,
  }));
}
