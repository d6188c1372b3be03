import { RAW_DATA_MAX_RANGE_MS } from '../constants.ts';
import type { Aggregation } from './aggregation.ts';

/**
 * Why a time-series request cannot be answered, or null when it can. Spec: raw data only for ranges up to 24 h.
 * The reason is meant for the 400 answer, so it names the limit and what was asked.
 */
export function timeSeriesRequestProblem(request: {
  from: number;
  to: number;
  intervalMs: number;
  aggregations: readonly Aggregation[];
}): string | null {
  const { from, to, intervalMs } = request;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0) {
    return 'from and to must be non-negative epoch milliseconds';
  }
  if (to <= from) return 'to must be after from';
  if (!Number.isSafeInteger(intervalMs) || intervalMs <= 0)
    return 'interval must be a positive number of milliseconds';
  if (request.aggregations.includes('RAW') && to - from > RAW_DATA_MAX_RANGE_MS) {
    const hours = Math.round(((to - from) / 3_600_000) * 10) / 10;
    return `Raw data is only available for ranges up to 24 hours (86400000 ms); the requested range is ${hours} hours (${to - from} ms). Choose an aggregation or a shorter range.`;
  }
  return null;
}
