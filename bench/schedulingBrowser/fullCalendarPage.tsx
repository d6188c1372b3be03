import { useLayoutEffect, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin from '@fullcalendar/interaction';
import type { EventDropArg, EventInput } from '@fullcalendar/core';
import type { Schedule } from '@kelvin/contract';
import { BENCH_DAY, BENCH_WEEK_START, benchTechnicians } from './benchEntries.ts';
import { markApplied } from './probe.ts';

/** The first design measured: FullCalendar's free time grid, as a week (B1's view) or one "day" per technician. */
export function FullCalendarPage({ entries, mode }: { entries: Schedule[]; mode: 'week' | 'columns' }) {
  const technicians = benchTechnicians();
  const toEvents = (list: Schedule[]): EventInput[] =>
    list.map((entry) => {
      if (mode === 'week')
        return { id: String(entry.scheduleId), title: entry.title, start: entry.startsAt, end: entry.endsAt };
      // Technician i is "day" i after the bench day: the same time of day, shifted by i days.
      const index = technicians.findIndex((t) => t.userId === entry.resources[0]?.userId);
      const shift = index * 86_400_000;
      return {
        id: String(entry.scheduleId),
        title: entry.title,
        start: Date.parse(entry.startsAt) + shift,
        end: Date.parse(entry.endsAt) + shift,
      };
    });
  const [events, setEvents] = useState(() => toEvents(entries));
  useLayoutEffect(markApplied, [events]);
  const onDrop = (drop: EventDropArg) => {
    setEvents((list) =>
      list.map((event) =>
        event.id === drop.event.id
          ? { ...event, start: drop.event.start ?? undefined, end: drop.event.end ?? undefined }
          : event,
      ),
    );
  };
  return (
    <FullCalendar
      plugins={[timeGridPlugin, interactionPlugin]}
      timeZone="UTC"
      initialView={mode === 'week' ? 'timeGridWeek' : 'technicians'}
      views={{ technicians: { type: 'timeGrid', duration: { days: technicians.length } } }}
      initialDate={mode === 'week' ? BENCH_WEEK_START : BENCH_DAY}
      headerToolbar={false}
      dayHeaderContent={(arg) =>
        mode === 'week'
          ? arg.text
          : (technicians[Math.round((arg.date.getTime() - Date.parse(`${BENCH_DAY}T00:00:00Z`)) / 86_400_000)]
              ?.name ?? '')
      }
      height={800}
      editable
      selectable
      events={events}
      eventDrop={onDrop}
    />
  );
}
