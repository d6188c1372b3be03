import type { Aggregation } from './aggregation.ts';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Where an answer comes from: raw points, or the 1 minute or 1 hour rollup. */
export type SeriesSource = 'raw' | 'minute' | 'hour';
export const ROLLUP_BUCKET_MS = { minute: MINUTE_MS, hour: HOUR_MS } as const;

/**
 * The coarsest source that answers exactly: a rollup serves an interval when each interval bucket is a whole
 * number of rollup buckets (both aligned to the epoch). RAW always reads raw points, and so does an interval under
 * a minute or one that no rollup divides (90 s, say).
 */
export function chooseSource(intervalMs: number, aggregation: Aggregation): SeriesSource {
  if (aggregation === 'RAW') return 'raw';
  if (intervalMs >= HOUR_MS && intervalMs % HOUR_MS === 0) return 'hour';
  if (intervalMs >= MINUTE_MS && intervalMs % MINUTE_MS === 0) return 'minute';
  return 'raw';
}

/**
 * Bucket start by integer division of epoch milliseconds, as the stores do it (`intDiv(ts, step) * step`).
 * Timestamps are non-negative, so flooring and truncating agree.
 */
export function alignDown(ts: number, stepMs: number): number {
  return Math.floor(ts / stepMs) * stepMs;
}

export function alignUp(ts: number, stepMs: number): number {
  return Math.ceil(ts / stepMs) * stepMs;
}

/**
 * An aggregated query answers whole buckets: those starting in [alignDown(from), to). Rollups cannot split a
 * bucket, so raw-answered aggregates use the same whole buckets and the two answers agree.
 */
export function bucketWindow(from: number, to: number, intervalMs: number): { start: number; end: number } {
  return { start: alignDown(from, intervalMs), end: alignUp(to, intervalMs) };
}
