import { isRecord } from './diagnoseView.ts';
import type { TimeRange } from './timeRanges.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * An earlier period a chart overlays: a fixed offset back (the previous day, week, or any number of hours), or
 * a chosen start (before a service visit, say) whose window is as long as the range on screen.
 */
export type CompareChoice = { kind: 'offset'; ms: number } | { kind: 'start'; at: number };

export const COMPARE_PRESETS: readonly { label: string; ms: number }[] = [
  { label: 'Previous day', ms: DAY },
  { label: 'Previous week', ms: 7 * DAY },
];

/** How far back the compared window lies from the range on screen, in milliseconds (positive: earlier). */
export function compareOffset(choice: CompareChoice, range: TimeRange): number {
  return choice.kind === 'offset' ? choice.ms : range.from - choice.at;
}

/** The earlier window to ask for: the range on screen moved back by the offset. */
export function comparedRange(choice: CompareChoice, range: TimeRange): TimeRange {
  const offset = compareOffset(choice, range);
  return { from: range.from - offset, to: range.to - offset };
}

/** An offset as the legend names it: '1 d earlier', '36 h earlier', '2 d 3 h later'. */
export function offsetLabel(offsetMs: number): string {
  const direction = offsetMs >= 0 ? 'earlier' : 'later';
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  if (minutes < 60) return `${minutes} min ${direction}`;
  const hours = Math.round(minutes / 60);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const parts = [days > 0 ? `${days} d` : '', rest > 0 ? `${rest} h` : ''].filter(Boolean);
  return `${parts.join(' ')} ${direction}`;
}

/** Whether a stored value is a comparison choice (session storage holds whatever was there). */
export function isCompareChoice(value: unknown): value is CompareChoice {
  if (!isRecord(value)) return false;
  const record = value;
  if (record.kind === 'offset')
    return typeof record.ms === 'number' && Number.isFinite(record.ms) && record.ms > 0;
  return record.kind === 'start' && typeof record.at === 'number' && Number.isFinite(record.at);
}
