import type { ReadingDetail } from './timeSeriesStore.ts';

/** The details table of both engines (see ReadingDetail): one row per detailed reading. */
export const DETAILS_TABLE = 'ts_details';

/**
 * How a detail's value is kept in columns both engines have without Nullable types (ClickHouse 18.16 handles
 * those poorly in tuples): a kind, a number (numbers, and booleans as 0/1) and a text.
 */
export const DETAIL_KIND = { empty: 0, number: 1, boolean: 2, text: 3 } as const;

/** A detail as stored: the columns of DETAIL_COLUMNS, in that order. */
export interface DetailRow {
  assetId: number;
  metricId: number;
  ts: number;
  status: number;
  kind: number;
  number: number;
  text: string;
  /** 0 when the reading had no units (null), 1 otherwise: '' is a unit text of its own. */
  hasUnits: number;
  units: string;
}

/** Column order of the details table and of every query that reads it; `ts` first after the series for tuples. */
export const DETAIL_COLUMNS = 'asset_id, metric_id, ts, status, kind, number, text, has_units, units';

export function toDetailRow(detail: ReadingDetail): DetailRow {
  const { value } = detail;
  const base = {
    assetId: detail.assetId,
    metricId: detail.metricId,
    ts: detail.ts,
    status: detail.status,
    hasUnits: detail.units === null ? 0 : 1,
    units: detail.units ?? '',
  };
  if (value === null) return { ...base, kind: DETAIL_KIND.empty, number: 0, text: '' };
  if (typeof value === 'boolean')
    return { ...base, kind: DETAIL_KIND.boolean, number: value ? 1 : 0, text: '' };
  if (typeof value === 'number') return { ...base, kind: DETAIL_KIND.number, number: value, text: '' };
  return { ...base, kind: DETAIL_KIND.text, number: 0, text: value };
}

export function fromDetailRow(row: DetailRow): ReadingDetail {
  const value =
    row.kind === DETAIL_KIND.number
      ? row.number
      : row.kind === DETAIL_KIND.boolean
        ? row.number !== 0
        : row.kind === DETAIL_KIND.text
          ? row.text
          : null;
  return {
    assetId: row.assetId,
    metricId: row.metricId,
    ts: row.ts,
    status: row.status,
    value,
    units: row.hasUnits === 0 ? null : row.units,
  };
}

/**
 * Refuses details the stores cannot keep faithfully, before anything is written (the batch is never half
 * applied): the same rules as points, plus finite numbers only.
 */
export function detailProblem(detail: ReadingDetail, index: number): string | null {
  const int32 = (value: number): boolean => Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31;
  if (!int32(detail.assetId) || !int32(detail.metricId) || !int32(detail.status))
    return `detail ${index}: assetId, metricId and status must be integers`;
  if (!Number.isSafeInteger(detail.ts) || detail.ts < 0)
    return `detail ${index}: ts must be non-negative epoch milliseconds`;
  if (typeof detail.value === 'number' && !Number.isFinite(detail.value))
    return `detail ${index}: value must be a finite number`;
  return null;
}
