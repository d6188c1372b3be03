import { useEffect, useMemo, useRef } from 'react';
import FullCalendar from '@fullcalendar/react';
import type { EventContentArg, EventDropArg, EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { Schedule } from '@kelvin/contract';
import { scheduleEventClassNames } from './scheduleTypeStyle.ts';
import { fromCalendarDate, toCalendarDate } from './calendarRange.ts';
import { formatSpan } from './scheduleFormat.ts';
import type { ViewStyle } from './schedulingState.ts';
import classes from './SchedulingCalendar.module.css';

export type CalendarMode = 'week' | 'month' | 'agenda';

const FC_VIEWS: Record<CalendarMode, string> = {
  week: 'timeGridWeek',
  month: 'dayGridMonth',
  agenda: 'listWeek',
};

/** A drop or resize on the calendar, with a way to put the entry back when the user or the server says no. */
export interface CalendarMove {
  scheduleId: number;
  startsAt: string;
  endsAt: string;
  revert: () => void;
}

export interface SchedulingCalendarProps {
  mode: CalendarMode;
  /** A day of the period shown, YYYY-MM-DD in the zone: the calendar shows its week or month. */
  date: string;
  style: ViewStyle;
  timeZone: string;
  entries: readonly Schedule[];
  /** Whether the user may change an entry of this company (schedules:write). */
  canWrite: (companyId: number) => boolean;
  /** Whether the user may plan anything at all: drag to create is offered only then. */
  canCreate: boolean;
  onSelectRange: (range: { startsAt: string; endsAt: string }) => void;
  onMove: (move: CalendarMove) => void;
  onOpen: (scheduleId: number) => void;
  /** What an empty agenda says. */
  emptyText: string;
}

/** An entry on the calendar: title first, then when and who, then the ticket, so that a glance says who goes where. */
function EntryContent({ event, timeText: gridTime }: EventContentArg) {
  const entry: unknown = event.extendedProps.entry;
  const span: unknown = event.extendedProps.span;
  if (!isSchedule(entry)) return null;
  // A band in the all-day row has no time of FullCalendar's own: it says its real start and end.
  const timeText = typeof span === 'string' ? span : gridTime;
  const people = entry.resources.map((person) => person.name).join(', ');
  return (
    <div className={classes.content}>
      <div className={classes.line}>
        <strong>{entry.title}</strong>
        {!entry.confirmed && <span className={classes.flag}> (unconfirmed)</span>}
      </div>
      <div className={classes.line}>{[timeText, people].filter((part) => part !== '').join(' · ')}</div>
      {entry.ticketId !== null && (
        <div className={classes.line}>
          Ticket #{entry.ticketId}
          {entry.ticketTitle ? `: ${entry.ticketTitle}` : ''}
        </div>
      )}
    </div>
  );
}

const DAY_MS = 86_400_000;

/** Whole days from midnight to midnight (time off, leave) sit in the all-day row instead of filling the grid. */
function wholeDays(start: Date, end: Date): boolean {
  const length = end.getTime() - start.getTime();
  return start.getTime() % DAY_MS === 0 && length >= DAY_MS && length % DAY_MS === 0;
}

/**
 * An entry of a day or more that does not run midnight to midnight (leave from Monday 08:00 to Friday 17:00): in the
 * hours it would fill every column it crosses, so it shows as a band over its days in the all-day row instead.
 */
function banded(start: Date, end: Date): boolean {
  return !wholeDays(start, end) && end.getTime() - start.getTime() >= DAY_MS;
}

const startOfDay = (date: Date) => new Date(date.getTime() - (date.getTime() % DAY_MS));
const endOfDay = (date: Date) =>
  date.getTime() % DAY_MS === 0 ? date : new Date(startOfDay(date).getTime() + DAY_MS);

function isSchedule(value: unknown): value is Schedule {
  return typeof value === 'object' && value !== null && 'scheduleId' in value && 'resources' in value;
}

/**
 * Week, month and agenda on FullCalendar's free views. The calendar runs in UTC and is given wall-clock times of
 * the chosen zone (see calendarRange), so every zone of the list works without a time-zone plugin; the screen's
 * own toolbar moves it, so FullCalendar's header is off.
 */
export function SchedulingCalendar(props: SchedulingCalendarProps) {
  const { mode, date, style, timeZone, entries, canWrite, canCreate } = props;
  const ref = useRef<FullCalendar>(null);
  const view = FC_VIEWS[mode];
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    if (api.view.type !== view) api.changeView(view, date);
    else api.gotoDate(date);
  }, [view, date]);

  const events = useMemo<EventInput[]>(
    () =>
      entries.map((entry) => {
        const start = toCalendarDate(entry.startsAt, timeZone);
        const end = toCalendarDate(entry.endsAt, timeZone);
        const common = {
          id: String(entry.scheduleId),
          title: entry.title,
          classNames: scheduleEventClassNames(entry.type, entry.confirmed),
          editable: canWrite(entry.companyId),
        };
        if (banded(start, end)) {
          // Dragged by whole days (its times kept); its length changes in the entry's dialog.
          return {
            ...common,
            start: startOfDay(start),
            end: endOfDay(end),
            allDay: true,
            durationEditable: false,
            extendedProps: { entry, span: formatSpan(entry.startsAt, entry.endsAt, timeZone) },
          };
        }
        return { ...common, start, end, allDay: wholeDays(start, end), extendedProps: { entry } };
      }),
    [entries, timeZone, canWrite],
  );

  const moved = (info: EventDropArg | EventResizeDoneArg) => {
    const { start, end, allDay } = info.event;
    const entry: unknown = info.event.extendedProps.entry;
    if (isSchedule(entry) && typeof info.event.extendedProps.span === 'string') {
      moveBand(info, entry);
      return;
    }
    // Dragged between the all-day row and the hours, an entry loses its length: it is put back.
    if (!start || !end || allDay !== info.oldEvent.allDay) {
      info.revert();
      return;
    }
    props.onMove({
      scheduleId: Number(info.event.id),
      startsAt: fromCalendarDate(start, timeZone),
      endsAt: fromCalendarDate(end, timeZone),
      revert: info.revert,
    });
  };

  /** A band moves by the days it was dragged across, its start and end keeping their wall-clock times. */
  const moveBand = (info: EventDropArg | EventResizeDoneArg, entry: Schedule) => {
    const { start } = info.event;
    const before = info.oldEvent.start;
    if (!start || !before || !info.event.allDay) {
      info.revert();
      return;
    }
    const shift = start.getTime() - before.getTime();
    const wall = (instant: string) => new Date(toCalendarDate(instant, timeZone).getTime() + shift);
    props.onMove({
      scheduleId: entry.scheduleId,
      startsAt: fromCalendarDate(wall(entry.startsAt), timeZone),
      endsAt: fromCalendarDate(wall(entry.endsAt), timeZone),
      revert: info.revert,
    });
  };

  const hour12 = style === 'US';
  return (
    <div className={classes.calendar}>
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={view}
        initialDate={date}
        timeZone="UTC"
        now={() => toCalendarDate(Date.now(), timeZone)}
        nowIndicator
        headerToolbar={false}
        firstDay={style === 'US' ? 0 : 1}
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit', hour12, meridiem: 'short' }}
        slotLabelFormat={{ hour: 'numeric', minute: '2-digit', hour12, meridiem: 'short' }}
        dayHeaderFormat={mode === 'month' ? { weekday: 'short' } : { weekday: 'short', day: 'numeric' }}
        allDaySlot
        allDayText="All day"
        scrollTime="07:00:00"
        height={mode === 'week' ? 680 : 'auto'}
        expandRows
        dayMaxEvents={3}
        events={events}
        eventContent={EntryContent}
        selectable={canCreate}
        selectMirror
        editable={false}
        eventDurationEditable
        eventStartEditable
        longPressDelay={400}
        select={(info) => {
          info.view.calendar.unselect();
          const start = info.allDay ? new Date(info.start.getTime() + 9 * 3_600_000) : info.start;
          const end = info.allDay ? new Date(info.end.getTime() - 14 * 3_600_000) : info.end;
          props.onSelectRange({
            startsAt: fromCalendarDate(start, timeZone),
            endsAt: fromCalendarDate(end, timeZone),
          });
        }}
        eventDrop={moved}
        eventResize={moved}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          props.onOpen(Number(info.event.id));
        }}
        // FullCalendar names a month's day cell by its number alone, while the cell also shows its entries; the
        // cell needs no name of its own (axe: label-content-name-mismatch).
        dayCellDidMount={(info) => info.el.removeAttribute('aria-labelledby')}
        // FullCalendar's '+2 more' is a link without an address carrying aria-expanded: a button is what it is.
        moreLinkDidMount={(info) => info.el.setAttribute('role', 'button')}
        // Entries take the keyboard focus and open with Enter, as FullCalendar's accessible events do.
        eventInteractive
        noEventsContent={props.emptyText}
      />
    </div>
  );
}
