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
  /** The first day shown, YYYY-MM-DD in the zone. */
  firstDay: string;
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

/** An entry's line on the calendar: title, technicians and ticket, so that a glance says who goes where. */
function EntryContent({ event, timeText }: EventContentArg) {
  const entry: unknown = event.extendedProps.entry;
  if (!isSchedule(entry)) return null;
  const people = entry.resources.map((person) => person.name).join(', ');
  return (
    <div className={classes.content}>
      <div className={classes.line}>
        {timeText && <span className={classes.time}>{timeText} </span>}
        <strong>{entry.title}</strong>
        {!entry.confirmed && <span className={classes.flag}> (unconfirmed)</span>}
      </div>
      {people && <div className={classes.line}>{people}</div>}
      {entry.ticketId !== null && (
        <div className={classes.line}>
          Ticket #{entry.ticketId}
          {entry.ticketTitle ? `: ${entry.ticketTitle}` : ''}
        </div>
      )}
    </div>
  );
}

function isSchedule(value: unknown): value is Schedule {
  return typeof value === 'object' && value !== null && 'scheduleId' in value && 'resources' in value;
}

/**
 * Week, month and agenda on FullCalendar's free views. The calendar runs in UTC and is given wall-clock times of
 * the chosen zone (see calendarRange), so every zone of the list works without a time-zone plugin; the screen's
 * own toolbar moves it, so FullCalendar's header is off.
 */
export function SchedulingCalendar(props: SchedulingCalendarProps) {
  const { mode, firstDay, style, timeZone, entries, canWrite, canCreate } = props;
  const ref = useRef<FullCalendar>(null);
  const view = FC_VIEWS[mode];
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    if (api.view.type !== view) api.changeView(view, firstDay);
    else api.gotoDate(firstDay);
  }, [view, firstDay]);

  const events = useMemo<EventInput[]>(
    () =>
      entries.map((entry) => ({
        id: String(entry.scheduleId),
        title: entry.title,
        start: toCalendarDate(entry.startsAt, timeZone),
        end: toCalendarDate(entry.endsAt, timeZone),
        classNames: scheduleEventClassNames(entry.type, entry.confirmed),
        editable: canWrite(entry.companyId),
        extendedProps: { entry },
      })),
    [entries, timeZone, canWrite],
  );

  const moved = (info: EventDropArg | EventResizeDoneArg) => {
    const { start, end } = info.event;
    if (!start || !end) {
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

  const hour12 = style === 'US';
  return (
    <div className={classes.calendar}>
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={view}
        initialDate={firstDay}
        timeZone="UTC"
        now={() => toCalendarDate(Date.now(), timeZone)}
        nowIndicator
        headerToolbar={false}
        firstDay={style === 'US' ? 0 : 1}
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit', hour12, meridiem: 'short' }}
        slotLabelFormat={{ hour: 'numeric', minute: '2-digit', hour12, meridiem: 'short' }}
        dayHeaderFormat={mode === 'month' ? { weekday: 'short' } : { weekday: 'short', day: 'numeric' }}
        allDaySlot={false}
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
        // Entries take the keyboard focus and open with Enter, as FullCalendar's accessible events do.
        eventInteractive
        noEventsContent={props.emptyText}
      />
    </div>
  );
}
