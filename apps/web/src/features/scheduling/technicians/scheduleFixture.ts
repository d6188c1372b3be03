import type { Schedule } from '@kelvin/contract';

/** Test data: two technicians and an entry of the first by default. */
export const ann = { userId: 1, name: 'Ann Lee' };
export const bob = { userId: 2, name: 'Bob Diaz' };

export function entry(id: number, startsAt: string, endsAt: string, extra: Partial<Schedule> = {}): Schedule {
  return {
    scheduleId: id,
    companyId: 1,
    companyName: 'Acme',
    type: 'siteVisit',
    title: `Entry ${String(id)}`,
    notes: null,
    startsAt,
    endsAt,
    timeZoneId: 'UTC',
    confirmed: true,
    resources: [ann],
    ticketId: null,
    ticketTitle: null,
    assets: [],
    createdBy: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...extra,
  };
}
