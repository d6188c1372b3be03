/** Spec metadata of a data point; gap fill sets only the marker. */
export interface PointMetadata {
  isIntervalCheckEmptyValue: true;
}

/**
 * One series as parallel arrays (the spec's `dataPoints {values, metadatas, timestamps}` plus statuses); columns
 * keep a 170 k point day cheap to build and to send. Timestamps are epoch milliseconds in ascending order.
 */
export interface SeriesColumns {
  timestamps: number[];
  values: (number | null)[];
  statuses: number[];
  metadatas: (PointMetadata | null)[];
}

export function emptyColumns(): SeriesColumns {
  return { timestamps: [], values: [], statuses: [], metadatas: [] };
}

export function pushPoint(
  columns: SeriesColumns,
  ts: number,
  value: number | null,
  status: number,
  metadata: PointMetadata | null = null,
): void {
  columns.timestamps.push(ts);
  columns.values.push(value);
  columns.statuses.push(status);
  columns.metadatas.push(metadata);
}
