/** A range of time in epoch milliseconds, [from, to). */
export interface TimeRange {
  from: number;
  to: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec: the diagnose range defaults to the last hour. */
export const DEFAULT_RANGE_LABEL = 'Last 1 Hour';

/** Relative ranges from 5 minutes to 24 months; months count as calendar months back from now. */
export const RELATIVE_RANGES: readonly { label: string; ms?: number; months?: number }[] = [
  { label: 'Last 5 Minutes', ms: 5 * MINUTE },
  { label: 'Last 15 Minutes', ms: 15 * MINUTE },
  { label: 'Last 30 Minutes', ms: 30 * MINUTE },
  { label: DEFAULT_RANGE_LABEL, ms: HOUR },
  { label: 'Last 3 Hours', ms: 3 * HOUR },
  { label: 'Last 6 Hours', ms: 6 * HOUR },
  { label: 'Last 12 Hours', ms: 12 * HOUR },
  { label: 'Last 24 Hours', ms: DAY },
  { label: 'Last 2 Days', ms: 2 * DAY },
  { label: 'Last 7 Days', ms: 7 * DAY },
  { label: 'Last 30 Days', ms: 30 * DAY },
  { label: 'Last 3 Months', months: 3 },
  { label: 'Last 6 Months', months: 6 },
  { label: 'Last 12 Months', months: 12 },
  { label: 'Last 24 Months', months: 24 },
];

export function isRelativeRange(label: string): boolean {
  return RELATIVE_RANGES.some((range) => range.label === label);
}

/** The range a relative label stands for at `now`; an unknown label is the default hour. */
export function resolveRelativeRange(label: string, now: number): TimeRange {
  const range = RELATIVE_RANGES.find((candidate) => candidate.label === label);
  if (range?.months !== undefined) {
    const from = new Date(now);
    from.setUTCMonth(from.getUTCMonth() - range.months);
    return { from: from.getTime(), to: now };
  }
  return { from: now - (range?.ms ?? HOUR), to: now };
}

/** Spec: raw data only for ranges of at most 24 hours (the server refuses longer RAW queries too). */
export const RAW_MAX_RANGE_MS = DAY;
export const RAW_RANGE_MESSAGE =
  'Raw data is available for ranges of up to 24 hours. Choose a shorter range.';

export function rawAllowed(range: TimeRange): boolean {
  return range.to - range.from <= RAW_MAX_RANGE_MS;
}

/**
 * A saved date ('fromDate', 'toDate' of a view): an ISO string or epoch milliseconds. Anything else, or a date
 * that is not a real one, answers undefined, and the caller falls back to the last hour (spec).
 */
export function parseSavedDate(value: unknown): number | undefined {
  const ms =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms) || ms <= 0) return undefined;
  return typeof value === 'string' && !isRealCalendarDay(value) ? undefined : ms;
}

/** Date.parse rolls '2026-02-30' over into March: a day past its month's end is not a date that was saved. */
function isRealCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return true;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

/** The range a saved view asks for: its relative label when it has one, else its dates, else the last hour. */
export function savedRange(
  saved: { fromDate?: unknown; toDate?: unknown; rangeDisplay?: unknown },
  now: number,
): { range: TimeRange; rangeDisplay: string } {
  const label = typeof saved.rangeDisplay === 'string' ? saved.rangeDisplay : '';
  if (isRelativeRange(label)) return { range: resolveRelativeRange(label, now), rangeDisplay: label };
  const from = parseSavedDate(saved.fromDate);
  const to = parseSavedDate(saved.toDate);
  if (from !== undefined && to !== undefined && from < to) {
    return { range: { from, to }, rangeDisplay: 'Custom' };
  }
  return { range: resolveRelativeRange(DEFAULT_RANGE_LABEL, now), rangeDisplay: DEFAULT_RANGE_LABEL };
}
