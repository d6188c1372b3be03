import { memo, type PointerEvent as ReactPointerEvent } from 'react';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ScheduleType } from '@kelvin/contract';
import { SCHEDULE_TYPE_STYLES, scheduleEventClassNames } from '../scheduleTypeStyle.ts';
import type { ViewStyle } from '../schedulingState.ts';
import type { Segment } from './technicianLayout.ts';
import { formatClockSpan } from './timeLabels.ts';
import classes from './TechniciansView.module.css';

/** Pixels per minute of the grid (48 px an hour). */
export const MINUTE_PX = 0.8;
/** An entry shorter than this is still drawn tall enough to read its title and to grab. */
const MIN_ENTRY_PX = 16;
/** Below this height an entry shows its title only. */
const TWO_LINES_PX = 30;
/**
 * Below this width (a column crowded into many lanes) an entry draws its title only: the warning icon and the
 * times would not fit, the red ring still marks a clash and the accessible name still says everything. Fewer
 * elements per entry is most of what a crowded day costs to draw (1,200 entries in sight at 5,000 a day).
 */
const NARROW_PX = 40;

/** What a screen reader hears for an entry: its title, type, times and whether it clashes. */
export function entryLabel(segment: Segment, timeZone: string, viewStyle: ViewStyle): string {
  const { entry } = segment;
  const span = formatClockSpan(Date.parse(entry.startsAt), Date.parse(entry.endsAt), timeZone, viewStyle);
  const parts = [entry.title, SCHEDULE_TYPE_STYLES[entry.type].label, span];
  if (!entry.confirmed) parts.push('unconfirmed');
  if (segment.conflict) parts.push('conflict');
  return parts.join(', ');
}

// The class list of each type and confirmation, joined once rather than for each entry drawn.
const classNames = new Map<string, string>();
function entryClassName(type: ScheduleType, confirmed: boolean): string {
  const key = `${type}/${String(confirmed)}`;
  let name = classNames.get(key);
  if (name === undefined) {
    name = [classes.entry, ...scheduleEventClassNames(type, confirmed)].join(' ');
    classNames.set(key, name);
  }
  return name;
}

export interface TechnicianEntryProps {
  segment: Segment;
  column: number;
  /** The column's width in px: with the segment's lanes, whether the entry is narrow. */
  columnWidth: number;
  timeZone: string;
  viewStyle: ViewStyle;
  readOnly: boolean;
  startMove: (event: ReactPointerEvent, segment: Segment, column: number) => void;
  startResize: (event: ReactPointerEvent, segment: Segment, column: number) => void;
  open: (scheduleId: number) => void;
}

/**
 * Whether two segments draw the same: a new layout of a column makes new segment objects for every entry, and
 * most of them land where they were, so an entry re-renders only when what it shows changed.
 */
function sameSegment(a: Segment, b: Segment): boolean {
  return (
    a.entry === b.entry &&
    a.top === b.top &&
    a.bottom === b.bottom &&
    a.lane === b.lane &&
    a.lanes === b.lanes &&
    a.conflict === b.conflict &&
    a.clippedStart === b.clippedStart &&
    a.clippedEnd === b.clippedEnd
  );
}

function sameProps(a: TechnicianEntryProps, b: TechnicianEntryProps): boolean {
  return (
    sameSegment(a.segment, b.segment) &&
    a.column === b.column &&
    a.columnWidth === b.columnWidth &&
    a.timeZone === b.timeZone &&
    a.viewStyle === b.viewStyle &&
    a.readOnly === b.readOnly &&
    a.startMove === b.startMove &&
    a.startResize === b.startResize &&
    a.open === b.open
  );
}

/** One entry of a technician's column, placed in its lane; pressed to move, its bottom edge to resize. */
export const TechnicianEntry = memo(function TechnicianEntry(props: TechnicianEntryProps) {
  const { segment, column, timeZone, viewStyle, readOnly } = props;
  const { entry } = segment;
  const height = Math.max(MIN_ENTRY_PX, (segment.bottom - segment.top) * MINUTE_PX - 1);
  const narrow = props.columnWidth / segment.lanes - 4 < NARROW_PX;
  return (
    <button
      type="button"
      data-schedule-id={entry.scheduleId}
      data-conflict={segment.conflict || undefined}
      data-read-only={readOnly || undefined}
      className={entryClassName(entry.type, entry.confirmed)}
      style={{
        top: segment.top * MINUTE_PX,
        height,
        left: `calc(${String((segment.lane * 100) / segment.lanes)}% + 2px)`,
        width: `calc(${String(100 / segment.lanes)}% - 4px)`,
      }}
      aria-label={entryLabel(segment, timeZone, viewStyle)}
      onPointerDown={(event) => {
        event.stopPropagation();
        if (!readOnly) props.startMove(event, segment, column);
      }}
      onClick={() => props.open(entry.scheduleId)}
    >
      <span className={classes.title}>
        {segment.conflict && !narrow && (
          <IconAlertTriangle size={12} className={classes.conflictIcon} aria-hidden />
        )}
        {entry.title}
      </span>
      {height >= TWO_LINES_PX && !narrow && (
        <span className={classes.time}>
          {formatClockSpan(Date.parse(entry.startsAt), Date.parse(entry.endsAt), timeZone, viewStyle)}
        </span>
      )}
      {!readOnly && !segment.clippedEnd && (
        <span
          className={classes.resize}
          aria-hidden
          onPointerDown={(event) => props.startResize(event, segment, column)}
        />
      )}
    </button>
  );
}, sameProps);
