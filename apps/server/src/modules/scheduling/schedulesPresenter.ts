import type { Schedule } from '@kelvin/contract';
import { scheduleTypeSchema } from '@kelvin/contract';
import type { ScheduleView } from './schedulesRepository.ts';

const typeOf = scheduleTypeSchema.catch('other');

/**
 * An entry as the API answers it. A caller who sees only EXTERNAL tickets (a customer's people) is not told the
 * INTERNAL ticket, not even that one is linked (its id would tell that it exists).
 */
export function presentSchedule(view: ScheduleView, externalOnly: boolean): Schedule {
  const { row } = view;
  const showTicket = !externalOnly || view.ticketVisibility === 'EXTERNAL';
  return {
    scheduleId: row.scheduleId,
    companyId: row.companyId,
    companyName: view.companyName,
    type: typeOf.parse(row.type),
    title: row.title,
    notes: row.notes,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZoneId: row.timeZoneId,
    confirmed: row.confirmed,
    resources: view.resources,
    ticketId: showTicket ? row.ticketId : null,
    ticketTitle: showTicket ? view.ticketTitle : null,
    assets: view.assets,
    createdBy: row.createdBy === null ? null : { userId: row.createdBy, name: view.createdByName ?? '' },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
