import type { Schedule, ScheduleType } from '@kelvin/contract';

/** The bench's week: Monday 2026-03-02 to Sunday 2026-03-08, in UTC (no clock change in it). */
export const BENCH_WEEK_START = '2026-03-02';
export const BENCH_DAY = '2026-03-04';
export const BENCH_ZONE = 'UTC';
export const TECHNICIANS = 50;

const TYPES: readonly ScheduleType[] = [
  'siteVisit',
  'travel',
  'remoteAssist',
  'siteVisit',
  'reminder',
  'other',
];

/** A small deterministic generator: the runs compare the same data. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export function benchTechnicians(): { userId: number; name: string }[] {
  return Array.from({ length: TECHNICIANS }, (_, index) => ({
    userId: 1000 + index,
    name: `Technician ${String(index + 1).padStart(2, '0')}`,
  }));
}

/**
 * `count` entries in the visible range: spread over the week's seven days (`days` 7), or all on the bench day
 * (`days` 1), each technician with the same share, between 06:00 and 20:00, 30 minutes to 3 hours long.
 */
export function benchEntries(count: number, days: 1 | 7): Schedule[] {
  const next = random(count * 31 + days);
  const technicians = benchTechnicians();
  const firstDay = Date.parse(`${days === 1 ? BENCH_DAY : BENCH_WEEK_START}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => {
    const technician = technicians[index % technicians.length] ?? { userId: 1000, name: 'Technician 01' };
    const day = Math.floor(next() * days);
    const start = firstDay + day * 86_400_000 + (6 * 60 + Math.floor(next() * 56) * 15) * 60_000;
    const end = start + (2 + Math.floor(next() * 11)) * 15 * 60_000;
    const type = TYPES[index % TYPES.length] ?? 'other';
    return {
      scheduleId: index + 1,
      companyId: 1,
      companyName: 'Northwind Data',
      type: index % 97 === 0 ? 'timeOff' : type,
      title: `Visit ${String(index + 1)}`,
      notes: null,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
      timeZoneId: BENCH_ZONE,
      confirmed: index % 3 !== 0,
      resources: [technician],
      ticketId: null,
      ticketTitle: null,
      assets: [],
      createdBy: null,
      createdAt: '2026-02-01T00:00:00Z',
      updatedAt: '2026-02-01T00:00:00Z',
    };
  });
}
