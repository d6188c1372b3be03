import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Schedule } from '@kelvin/contract';
import type { ViewStyle } from '../schedulingState.ts';
import { TechnicianColumn } from './TechnicianColumn.tsx';
import { MINUTE_PX } from './TechnicianEntry.tsx';
import { ColumnLayouts, dayBounds, type ColumnLayout } from './technicianLayout.ts';
import { formatClockSpan, formatHour } from './timeLabels.ts';
import { useTechnicianDrag, type DragState, type GridPoint } from './useTechnicianDrag.ts';
import { useVisibleColumns } from './useVisibleColumns.ts';
import classes from './TechniciansView.module.css';

export interface TechnicianColumnPerson {
  userId: number;
  name: string;
}

export interface TechniciansViewProps {
  entries: Schedule[];
  technicians: TechnicianColumnPerson[];
  /** The day shown, YYYY-MM-DD in `timeZone`. */
  date: string;
  timeZone: string;
  viewStyle: ViewStyle;
  readOnly: boolean;
  onSelectRange(range: { start: string; end: string; userId: number }): void;
  onMove(move: {
    scheduleId: number;
    startsAt: string;
    endsAt: string;
    fromUserId: number;
    toUserId: number;
  }): void;
  onOpen(scheduleId: number): void;
}

const AXIS_W = 64;
const HEADER_H = 40;
const MIN_COLUMN_W = 168;
/** The grid opens scrolled to the start of a working day. */
const FIRST_HOUR_IN_SIGHT = 7;
const MINUTE_MS = 60_000;
const NO_ENTRIES: ColumnLayout = { timeOff: [], entries: [] };

/**
 * Technicians side by side for one day (issue 25 item 2): a column per technician under a sticky header of names,
 * one time axis, drag to create, move (within a column or to another technician) and resize, time off shaded and
 * clashes marked. FullCalendar's resource views are premium; its free time grid with a "day" per technician was
 * measured first and took seconds at 5,000 entries (bench/schedulingBrowser.ts), so the columns are drawn here,
 * only those in sight. A phone shows one technician at a time, chosen in a picker.
 */
export function TechniciansView(props: TechniciansViewProps) {
  const { entries, technicians, date, timeZone, viewStyle, readOnly } = props;
  const phone = useMediaQuery('(max-width: 48em)');
  const scroller = useRef<HTMLDivElement>(null);
  const day = useMemo(() => dayBounds(date, timeZone), [date, timeZone]);
  const [layoutsCache] = useState(() => new ColumnLayouts());
  const layouts = useMemo(() => layoutsCache.update(entries, day), [layoutsCache, entries, day]);

  const [pickedUserId, setPickedUserId] = useState<number | undefined>();
  const pickedIndex = Math.max(
    0,
    technicians.findIndex((person) => person.userId === pickedUserId),
  );
  const columnWidth = useCallback(
    (width: number) =>
      phone
        ? Math.max(120, width - AXIS_W)
        : Math.max(MIN_COLUMN_W, (width - AXIS_W) / Math.max(1, technicians.length)),
    [phone, technicians.length],
  );
  const visible = useVisibleColumns(scroller, technicians.length, AXIS_W, columnWidth);
  const columnW = visible.width === 0 ? MIN_COLUMN_W : columnWidth(visible.width);
  const columns = phone ? [pickedIndex] : range(visible.first, visible.last);
  const leftOf = (column: number) => AXIS_W + (phone ? 0 : column * columnW);

  // Also when the grid first appears (the technicians arrive after the first render).
  const gridDrawn = technicians.length > 0;
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = FIRST_HOUR_IN_SIGHT * 60 * MINUTE_PX;
  }, [date, gridDrawn]);

  // What the drag and the entries call back: the newest props, without re-rendering every column for new ones.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const open = useCallback((scheduleId: number) => latest.current.onOpen(scheduleId), []);
  const pointToGrid = (clientX: number, clientY: number): GridPoint | undefined => {
    const element = scroller.current;
    if (!element || technicians.length === 0) return undefined;
    const box = element.getBoundingClientRect();
    const x = clientX - box.left - element.clientLeft + element.scrollLeft - AXIS_W;
    const y = clientY - box.top - element.clientTop + element.scrollTop - HEADER_H;
    const column = phone
      ? pickedIndex
      : Math.min(technicians.length - 1, Math.max(0, Math.floor(x / columnW)));
    return { column, minute: Math.min(day.minutes, Math.max(0, y / MINUTE_PX)) };
  };
  const { drag, startSelect, startMove, startResize, justDragged } = useTechnicianDrag({
    pointToGrid,
    dayStart: day.start,
    dayMinutes: day.minutes,
    userIdAt: (column) => technicians[column]?.userId,
    onSelectRange: (range) => latest.current.onSelectRange(range),
    onMove: (move) => latest.current.onMove(move),
  });

  if (technicians.length === 0)
    return (
      <Text c="dimmed" py="xl" ta="center">
        No technicians to show. Clear the resources filter, or choose the technicians to compare in it.
      </Text>
    );

  const contentWidth = AXIS_W + (phone ? columnW : technicians.length * columnW);
  const dayHeight = day.minutes * MINUTE_PX;
  const hours = Array.from({ length: Math.floor(day.minutes / 60) }, (_, hour) => hour).slice(1);

  return (
    <Stack gap="xs">
      {phone && (
        <Select
          className={classes.phonePicker}
          label="Technician"
          data={technicians.map((person) => ({ value: String(person.userId), label: person.name }))}
          value={String(technicians[pickedIndex]?.userId ?? '')}
          onChange={(value) => setPickedUserId(value === null ? undefined : Number(value))}
          allowDeselect={false}
        />
      )}
      <div
        ref={scroller}
        className={classes.scroller}

        tabIndex={0}
        role="region"
        aria-label={`Technicians on ${date}`}
      >
        <div style={{ position: 'relative', width: contentWidth, height: HEADER_H + dayHeight }}>
          <div className={classes.header} style={{ width: contentWidth }}>
            <div className={classes.corner} />
            {columns.map((column) => {
              const person = technicians[column];
              return (
                <div
                  key={person?.userId ?? column}
                  className={classes.name}
                  style={{ left: leftOf(column), width: columnW }}
                  title={person?.name}
                  aria-hidden
                >
                  {person?.name}
                </div>
              );
            })}
          </div>
          <div className={classes.body} style={{ height: dayHeight, width: contentWidth }}>
            <div className={classes.axis} aria-hidden>
              {hours.map((hour) => (
                <span key={hour} className={classes.hour} style={{ top: hour * 60 * MINUTE_PX }}>
                  {formatHour(day.start + hour * 60 * MINUTE_MS, timeZone, viewStyle)}
                </span>
              ))}
            </div>
            {columns.map((column) => {
              const person = technicians[column];
              if (!person) return null;
              return (
                <TechnicianColumn
                  key={person.userId}
                  column={column}
                  name={person.name}
                  left={leftOf(column)}
                  width={columnW}
                  layout={layouts.get(person.userId) ?? NO_ENTRIES}
                  timeZone={timeZone}
                  viewStyle={viewStyle}
                  readOnly={readOnly}
                  startSelect={startSelect}
                  startMove={startMove}
                  startResize={startResize}
                  open={open}
                  justDragged={justDragged}
                />
              );
            })}
            {drag && (
              <Ghost
                drag={drag}
                left={leftOf(drag.column) + 2}
                width={columnW - 4}
                dayStart={day.start}
                timeZone={timeZone}
                viewStyle={viewStyle}
              />
            )}
          </div>
        </div>
      </div>
    </Stack>
  );
}

function range(first: number, last: number): number[] {
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);
}

/** Where the entry being dragged would go, with its times. */
function Ghost(props: {
  drag: DragState;
  left: number;
  width: number;
  dayStart: number;
  timeZone: string;
  viewStyle: ViewStyle;
}) {
  const { drag, dayStart } = props;
  let top: number;
  let bottom: number;
  if (drag.kind === 'select') {
    top = Math.min(drag.from, drag.to);
    bottom = Math.max(drag.from, drag.to);
  } else if (drag.kind === 'move') {
    const entry = drag.segment.entry;
    top = (Date.parse(entry.startsAt) - dayStart) / MINUTE_MS + drag.delta;
    bottom = (Date.parse(entry.endsAt) - dayStart) / MINUTE_MS + drag.delta;
  } else {
    top = (Date.parse(drag.segment.entry.startsAt) - dayStart) / MINUTE_MS;
    bottom = drag.bottom;
  }
  const span = formatClockSpan(
    dayStart + top * MINUTE_MS,
    dayStart + bottom * MINUTE_MS,
    props.timeZone,
    props.viewStyle,
  );
  return (
    <div
      className={classes.ghost}
      style={{
        left: props.left,
        width: props.width,
        top: top * MINUTE_PX,
        height: Math.max(16, (bottom - top) * MINUTE_PX),
      }}
      aria-live="polite"
    >
      {span}
    </div>
  );
}
