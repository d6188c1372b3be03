import { memo, useCallback, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { ViewStyle } from '../schedulingState.ts';
import type { ColumnLayout, Segment } from './technicianLayout.ts';
import { entryLabel, MINUTE_PX, TechnicianEntry } from './TechnicianEntry.tsx';
import classes from './TechniciansView.module.css';

export interface TechnicianColumnProps {
  column: number;
  name: string;
  left: number;
  width: number;
  layout: ColumnLayout;
  timeZone: string;
  viewStyle: ViewStyle;
  readOnly: boolean;
  startSelect: (event: ReactPointerEvent, column: number) => void;
  startMove: (event: ReactPointerEvent, segment: Segment, column: number) => void;
  startResize: (event: ReactPointerEvent, segment: Segment, column: number) => void;
  open: (scheduleId: number) => void;
  justDragged: RefObject<boolean>;
}

/**
 * One technician's day. Memoised: a move re-renders only the columns whose layout changed (the layouts of the
 * others are reused), and in those only the entries that are drawn differently (TechnicianEntry); a drag's ghost
 * is drawn over the columns, not in them.
 */
export const TechnicianColumn = memo(function TechnicianColumn(props: TechnicianColumnProps) {
  const { column, name, layout, timeZone, viewStyle, readOnly, justDragged } = props;
  const { open: openEntry } = props;
  // Stable, so that the entries' memo holds across the column's renders.
  const open = useCallback(
    (scheduleId: number) => {
      if (!justDragged.current) openEntry(scheduleId);
    },
    [justDragged, openEntry],
  );
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
      {layout.entries.map((segment) => (
        <TechnicianEntry
          key={segment.entry.scheduleId}
          segment={segment}
          column={column}
          columnWidth={props.width}
          timeZone={timeZone}
          viewStyle={viewStyle}
          readOnly={readOnly}
          startMove={props.startMove}
          startResize={props.startResize}
          open={open}
        />
      ))}
    </div>
  );
});
