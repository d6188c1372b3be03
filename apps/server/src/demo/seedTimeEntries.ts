import { CORE_ENUMS } from '@kelvin/domain';
import { recordEvent } from '../modules/events/recordEvent.ts';
import type { Tx } from '../platform/db/database.ts';
import { timeEntries } from '../platform/db/ticketsSchema.ts';

const DAY = 86_400_000;

/** What a technician writes against a visit; travel there and back is its own entry. */
const WORK = [
  'Inspected the unit and read the alarm history.',
  'Replaced the supply-air filters.',
  'Cleaned the condenser coil.',
  'Checked refrigerant pressures and superheat.',
  'Recalibrated the supply-air temperature sensor.',
  'Replaced the fan 2 bearing.',
  'Remote session: reviewed the trend with the site operator.',
];
const WORK_MINUTES = [45, 90, 120, 30, 150, 60, 75];
const TRAVEL_MINUTES = [40, 55, 90];

export interface DemoTicketForTime {
  ticketId: number;
  companyId: number;
}

/**
 * Time entries for the demo tickets, so that the time entries page and each ticket's time panel have figures:
 * per ticket, one to three entries of work by the given workers (provider technicians, in turn) over the days
 * before `now`, every other ticket with a travel entry too. Deterministic, so that screenshots repeat. Call it
 * inside the tickets seed's transaction after the tickets exist; each entry is audited like one entered by hand.
 */
export async function seedTimeEntries(
  tx: Tx,
  demoTickets: readonly DemoTicketForTime[],
  workerUserIds: readonly number[],
  now = Date.now(),
): Promise<number> {
  if (workerUserIds.length === 0) return 0;
  const { other, travel } = CORE_ENUMS.laborCodes.values;
  const rows: (typeof timeEntries.$inferInsert)[] = [];
  demoTickets.forEach((ticket, index) => {
    const userId = workerUserIds[index % workerUserIds.length] ?? workerUserIds[0] ?? 0;
    const visits = 1 + (index % 3);
    for (let visit = 0; visit < visits; visit++) {
      const date = new Date(now - (1 + ((index * 3 + visit * 2) % 12)) * DAY).toISOString().slice(0, 10);
      const pick = (index + visit) % WORK.length;
      rows.push({
        ticketId: ticket.ticketId,
        userId,
        laborCodeValue: other,
        description: WORK[pick] ?? '',
        date,
        durationMinutes: WORK_MINUTES[pick] ?? 60,
      });
      if (visit === 0 && index % 2 === 0) {
        rows.push({
          ticketId: ticket.ticketId,
          userId,
          laborCodeValue: travel,
          description: 'Travel to site and back.',
          date,
          durationMinutes: TRAVEL_MINUTES[index % TRAVEL_MINUTES.length] ?? 60,
        });
      }
    }
  });
  if (rows.length === 0) return 0;
  const inserted = await tx.insert(timeEntries).values(rows).returning();
  const companyOf = new Map(demoTickets.map((ticket) => [ticket.ticketId, ticket.companyId]));
  for (const entry of inserted) {
    await recordEvent(tx, {
      name: 'tickets.timeEntries.create',
      actorUserId: entry.userId,
      companyId: companyOf.get(entry.ticketId) ?? null,
      subjectType: 'ticket',
      subjectId: entry.ticketId,
      data: {
        timeEntryId: entry.timeEntryId,
        userId: entry.userId,
        date: entry.date,
        minutes: entry.durationMinutes,
        laborCodeValue: entry.laborCodeValue,
        source: 'demo',
      },
    });
  }
  return inserted.length;
}
