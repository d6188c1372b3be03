import type { Schedule } from '@kelvin/contract';
import { fromZonedLocal } from '@kelvin/domain';
import { addDays } from '../calendarRange.ts';

const MINUTE_MS = 60_000;

/** The moments a day starts and ends in a zone (23 or 25 hours on a clock change). */
export interface DayBounds {
  start: number;
  end: number;
  /** The day's length in minutes: the height of a column. */
  minutes: number;
}

export function dayBounds(date: string, timeZone: string): DayBounds {
  const start = fromZonedLocal(`${date} 00:00`, timeZone) ?? Date.parse(`${date}T00:00:00Z`);
  const end = fromZonedLocal(`${addDays(date, 1)} 00:00`, timeZone) ?? start + 1440 * MINUTE_MS;
  return { start, end, minutes: Math.round((end - start) / MINUTE_MS) };
}

/** An entry as one technician's column draws it: clipped to the day, placed in a lane beside its overlaps. */
export interface Segment {
  entry: Schedule;
  /** Minutes from the day's start to the drawn top and bottom. */
  top: number;
  bottom: number;
  /** Whether the entry begins before the day or ends after it (its drawn edge is not its real one). */
  clippedStart: boolean;
  clippedEnd: boolean;
  lane: number;
  lanes: number;
  /** Another entry of the same technician overlaps it (a double booking, or work during time off). */
  conflict: boolean;
}

/** One technician's day: time off drawn as shaded bands under the other entries, laid out in lanes. */
export interface ColumnLayout {
  timeOff: Segment[];
  entries: Segment[];
}

const EMPTY: ColumnLayout = { timeOff: [], entries: [] };

function segmentOf(entry: Schedule, day: DayBounds): Segment | undefined {
  const start = Date.parse(entry.startsAt);
  const end = Date.parse(entry.endsAt);
  if (!(end > day.start && start < day.end)) return undefined;
  return {
    entry,
    top: Math.max(0, (start - day.start) / MINUTE_MS),
    bottom: Math.min(day.minutes, (end - day.start) / MINUTE_MS),
    clippedStart: start < day.start,
    clippedEnd: end > day.end,
    lane: 0,
    lanes: 1,
    conflict: false,
  };
}

/** Marks every segment that overlaps another (sorted by top): a sweep keeping the ones still open. */
function markConflicts(sorted: Segment[]): void {
  let open: Segment[] = [];
  for (const segment of sorted) {
    open = open.filter((other) => other.bottom > segment.top);
    for (const other of open) {
      other.conflict = true;
      segment.conflict = true;
    }
    open.push(segment);
  }
}

/** Places overlapping entries side by side: each cluster of overlaps shares its width among its lanes. */
function assignLanes(sorted: Segment[]): void {
  let cluster: Segment[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const segment of cluster) segment.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const segment of sorted) {
    if (segment.top >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= segment.top);
    if (lane === -1) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = segment.bottom;
    segment.lane = lane;
    cluster.push(segment);
    clusterEnd = Math.max(clusterEnd, segment.bottom);
  }
  close();
}

export function layoutColumn(entries: readonly Schedule[], day: DayBounds): ColumnLayout {
  const segments = entries
    .map((entry) => segmentOf(entry, day))
    .filter((segment): segment is Segment => segment !== undefined)
    .sort((a, b) => a.top - b.top || b.bottom - a.bottom);
  if (segments.length === 0) return EMPTY;
  markConflicts(segments);
  const timeOff = segments.filter((segment) => segment.entry.type === 'timeOff');
  const work = segments.filter((segment) => segment.entry.type !== 'timeOff');
  assignLanes(work);
  return { timeOff, entries: work };
}

/** Each technician's entries, in the order given (an entry with several technicians is in each of theirs). */
export function entriesByTechnician(entries: readonly Schedule[]): Map<number, Schedule[]> {
  const byUser = new Map<number, Schedule[]>();
  for (const entry of entries) {
    for (const person of entry.resources) {
      let list = byUser.get(person.userId);
      if (!list) byUser.set(person.userId, (list = []));
      list.push(entry);
    }
  }
  return byUser;
}

function sameEntries(a: readonly Schedule[] | undefined, b: readonly Schedule[]): boolean {
  return a !== undefined && a.length === b.length && a.every((entry, index) => entry === b[index]);
}

/** The layouts of one set of entries, by technician: a column is laid out when first asked for. */
export interface ColumnLayoutLookup {
  get(userId: number): ColumnLayout | undefined;
}

/**
 * Lays out each technician's column, reusing the previous layout of a column whose entries are the same objects
 * as before: after a move only the one or two columns it touched get a new layout, and so re-render. A column is
 * laid out only when asked for: the view asks for the dozen in sight, not the fifty technicians' (at 5,000 entries
 * a day, the sweeps of all the columns took tens of milliseconds of every first render and every move).
 */
export class ColumnLayouts {
  /** Per technician: the entries of the column and, once asked for, their layout; shared by later updates. */
  private columns = new Map<number, { input: Schedule[]; layout?: ColumnLayout }>();
  private dayKey = '';

  update(entries: readonly Schedule[], day: DayBounds): ColumnLayoutLookup {
    const key = `${String(day.start)}/${String(day.end)}`;
    if (key !== this.dayKey) {
      this.dayKey = key;
      this.columns.clear();
    }
    const columns = new Map<number, { input: Schedule[]; layout?: ColumnLayout }>();
    for (const [userId, list] of entriesByTechnician(entries)) {
      const previous = this.columns.get(userId);
      columns.set(userId, previous && sameEntries(previous.input, list) ? previous : { input: list });
    }
    this.columns = columns;
    return {
      get(userId) {
        const column = columns.get(userId);
        if (!column) return undefined;
        column.layout ??= layoutColumn(column.input, day);
        return column.layout;
      },
    };
  }
}
