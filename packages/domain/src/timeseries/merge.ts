import { emptyColumns, pushPoint, type SeriesColumns } from './series.ts';

/** Spec (platform-core section 8), verbatim. */
export const MERGE_NOT_DISJOINT_MESSAGE = 'Could not merge data points! Data point sets are not disjointed.';

/**
 * Merges two raw data sets of one series into one in time order. Spec: merging requires disjoint sets, so a
 * timestamp present in both (a point that would be counted twice) is refused rather than silently picked.
 */
export function mergeRawDataSets(a: SeriesColumns, b: SeriesColumns): SeriesColumns {
  const result = emptyColumns();
  let i = 0;
  let j = 0;
  while (i < a.timestamps.length || j < b.timestamps.length) {
    const tsA = a.timestamps[i] ?? Infinity;
    const tsB = b.timestamps[j] ?? Infinity;
    if (tsA === tsB) throw new Error(MERGE_NOT_DISJOINT_MESSAGE);
    const [source, index] = tsA < tsB ? [a, i++] : [b, j++];
    pushPoint(
      result,
      source.timestamps[index] ?? 0,
      source.values[index] ?? null,
      source.statuses[index] ?? 0,
      source.metadatas[index] ?? null,
    );
  }
  return result;
}
