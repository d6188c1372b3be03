import { memo, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { IconAlertTriangle } from '@tabler/icons-react';
import { SCHEDULE_TYPE_STYLES, scheduleEventClassNames } from '../scheduleTypeStyle.ts';
import type { ViewStyle } from '../schedulingState.ts';
import type { ColumnLayout, Segment } from './technicianLayout.ts';
import { formatClockSpan } from './timeLabels.ts';
import classes from './TechniciansView.module.css';

/** Pixels per minute of the grid (48 px an hour). */
export const MINUTE_PX = 0.8;
/** An entry shorter than this is still drawn tall enough to read its title and to grab. */
const MIN_ENTRY_PX = 16;
/** Below this height an entry shows its title only. */
const TWO_LINES_PX = 30;

export interface TechnicianColumnProps {
  column: number;
  name: string;
  left: number;
  width: number;
  layout: ColumnLayout;
  timeZone: string;
  viewStyle: ViewStyle;
  readOnly: boolean;
  startSelect(event: ReactPointerEvent, column: number): void;
  startMove(event: ReactPointerEvent, segment: Segment, column: number): void;
  startResize(event: ReactPointerEvent, segment: Segment, column: number): void;
  open(scheduleId: number): void;
  justDragged: RefObject<boolean>;
}

/** What a screen reader hears for an entry: its title, type, times and whether it clashes. */
export function entryLabel(segment: Segment, timeZone: string, viewStyle: ViewStyle): string {
  const { entry } = segment;
  const span = formatClockSpan(Date.parse(entry.startsAt), Date.parse(entry.endsAt), timeZone, viewStyle);
  const parts = [entry.title, SCHEDULE_TYPE_STYLES[entry.type].label, span];
  if (!entry.confirmed) parts.push('unconfirmed');
  if (segment.conflict) parts.push('conflict');
  return parts.join(', ');
}

/**
 * One technician's day. Memoised: a move re-renders only the columns whose layout changed (the layouts of the
 * others are reused), and a drag's ghost is drawn over the columns, not in them.
 */
export const TechnicianColumn = memo(function TechnicianColumn(props: TechnicianColumnProps) {
  const { column, name, layout, timeZone, viewStyle, readOnly, justDragged } = props;
  const open = (scheduleId: number) => {
    if (!justDragged.current) props.open(scheduleId);
  };
  return (
    <div
      role="group"
      aria-label={name}
      data-technician-column={column}
      data-read-only={readOnly || undefined}
      className={classes.column}
      style={{ left: props.left, width: props.width }}
      onPointerDown={readOnly ? undefined : (event) => props.startSelect(event, column)}
    >
      {layout.timeOff.map((segment) => (
        <button
          key={segment.entry.scheduleId}
          type="button"
          data-schedule-id={segment.entry.scheduleId}
          className={classes.timeOff}
          style={{ top: segment.top * MINUTE_PX, height: (segment.bottom - segment.top) * MINUTE_PX }}
          aria-label={entryLabel(segment, timeZone, viewStyle)}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={() => open(segment.entry.scheduleId)}
        >
          {segment.entry.title}
        </button>
      ))}
      {layout.entries.map((segment) => {
        const { entry } = segment;
        const height = Math.max(MIN_ENTRY_PX, (segment.bottom - segment.top) * MINUTE_PX - 1);
        const span = formatClockSpan(
          Date.parse(entry.startsAt),
          Date.parse(entry.endsAt),
          timeZone,
          viewStyle,
        );
        return (
          <button
            key={entry.scheduleId}
            type="button"
            data-schedule-id={entry.scheduleId}
            data-conflict={segment.conflict || undefined}
            data-read-only={readOnly || undefined}
            className={[classes.entry, ...scheduleEventClassNames(entry.type, entry.confirmed)].join(' ')}
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
            onClick={() => open(entry.scheduleId)}
          >
            <span className={classes.title}>
              {segment.conflict && (
                <IconAlertTriangle size={12} className={classes.conflictIcon} aria-hidden />
              )}
              {entry.title}
            </span>
            {height >= TWO_LINES_PX && <span className={classes.time}>{span}</span>}
            {!readOnly && !segment.clippedEnd && (
              <span
                className={classes.resize}
                aria-hidden
                onPointerDown={(event) => props.startResize(event, segment, column)}
              />
            )}
          </button>
        );
      })}
    </div>
  );
});
