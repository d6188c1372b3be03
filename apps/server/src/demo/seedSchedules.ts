import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ScheduleType } from '@kelvin/contract';
import { fromZonedLocal, PROVIDER_COMPANY_ID } from '@kelvin/domain';
import { recordEvent } from '../modules/events/recordEvent.ts';
import { moveTicketToScheduled, ticketAssetIds } from '../modules/scheduling/scheduleChecks.ts';
import {
  replaceScheduleAssets,
  replaceScheduleResources,
} from '../modules/scheduling/schedulesRepository.ts';
import type { Tx } from '../platform/db/database.ts';
import { users } from '../platform/db/schema.ts';
import { schedules } from '../platform/db/schedulingSchema.ts';
import { tickets } from '../platform/db/ticketsSchema.ts';

const DAY = 86_400_000;

/** Who does it: the provider's technician (Tomas), its administrator (Paula, who also takes remote calls), or both. */
type Who = 'technician' | 'admin' | 'both';

interface DemoSchedule {
  who: Who;
  /** Index into the demo customers, or 'provider' for the provider's own (time off). */
  company: number | 'provider';
  /** Days from the Monday of the current week (0…13: this week and the next). */
  day: number;
  /** Local wall-clock times in `zone`; `until` may be a later day's (`+1 08:00`). */
  from: string;
  until: string;
  type: ScheduleType;
  title: string;
  notes?: string;
  /** A demo ticket of the company, by title: the entry is for it and its assets, and it moves to scheduled. */
  ticket?: string;
  confirmed: boolean;
}

/** The customers' zones, in the order of the demo customers: Ashburn, Oslo, Singapore. */
const ZONES = ['America/New_York', 'Europe/Oslo', 'Asia/Singapore'] as const;
const PROVIDER_ZONE = 'America/New_York';

// The tickets planned here are of statuses each customer has twice (new, in progress) or already scheduled, so
// that every status still shows in each customer's list after the move.
const SUPPLY_AIR = 'Supply air temperature high on CRAH';
const COMPRESSOR = 'Compressor tripping on high pressure';
const PREVENTIVE = 'Quarterly preventive maintenance';
const FIRMWARE = 'Firmware update on unit controllers';

/**
 * Two weeks of a small service team: visits with the drive there and back, remote assists across the customers'
 * time zones, reminders, a day off, some entries not yet confirmed, and one deliberate double booking (Tomas on
 * site at Northwind while also down for a Fjord remote assist, next Wednesday) for the conflict display.
 */
const DEMO_SCHEDULES: readonly DemoSchedule[] = [
  // This week.
  {
    who: 'technician',
    company: 0,
    day: 0,
    from: '07:00',
    until: '08:30',
    type: 'travel',
    title: 'Drive to Northwind Ashburn',
    confirmed: true,
  },
  {
    who: 'technician',
    company: 0,
    day: 0,
    from: '08:30',
    until: '12:30',
    type: 'siteVisit',
    title: 'Supply air fault finding',
    notes: 'Check the supply air sensor and the chilled-water valve actuator; escort booked at reception.',
    ticket: SUPPLY_AIR,
    confirmed: true,
  },
  {
    who: 'technician',
    company: 0,
    day: 0,
    from: '12:30',
    until: '14:00',
    type: 'travel',
    title: 'Drive back from Ashburn',
    confirmed: true,
  },
  {
    who: 'admin',
    company: 1,
    day: 0,
    from: '14:00',
    until: '15:00',
    type: 'remoteAssist',
    title: 'Remote check of compressor trips',
    notes: 'Screen share with the Fjord site team; read the HP trip log together.',
    ticket: COMPRESSOR,
    confirmed: true,
  },
  {
    who: 'technician',
    company: 0,
    day: 1,
    from: '07:30',
    until: '09:00',
    type: 'travel',
    title: 'Drive to Northwind Ashburn',
    confirmed: true,
  },
  {
    who: 'technician',
    company: 0,
    day: 1,
    from: '09:00',
    until: '16:00',
    type: 'siteVisit',
    title: 'Quarterly preventive maintenance',
    notes: 'Filters, belts, coil cleaning, controller backup. Parts on the van.',
    ticket: PREVENTIVE,
    confirmed: true,
  },
  {
    who: 'technician',
    company: 0,
    day: 1,
    from: '16:00',
    until: '17:30',
    type: 'travel',
    title: 'Drive back from Ashburn',
    confirmed: true,
  },
  {
    who: 'admin',
    company: 0,
    day: 2,
    from: '09:00',
    until: '09:30',
    type: 'reminder',
    title: 'Order humidifier canisters',
    notes: 'Two canisters for Northwind, delivery before the next visit.',
    confirmed: true,
  },
  {
    who: 'technician',
    company: 2,
    day: 2,
    from: '09:00',
    until: '10:30',
    type: 'remoteAssist',
    title: 'Compressor trip review with Meridian',
    notes: 'Morning in Singapore: walk the operator through the HP switch test.',
    ticket: COMPRESSOR,
    confirmed: true,
  },
  {
    who: 'technician',
    company: 1,
    day: 3,
    from: '10:00',
    until: '11:00',
    type: 'remoteAssist',
    title: 'Supply air trend review',
    notes: 'Fjord sees warm supply air on one unit since Monday.',
    ticket: SUPPLY_AIR,
    confirmed: false,
  },
  {
    who: 'both',
    company: 1,
    day: 3,
    from: '13:00',
    until: '17:00',
    type: 'siteVisit',
    title: 'Quarterly preventive maintenance, Oslo',
    notes: 'Paula leads, Tomas joins for the coil cleaning.',
    ticket: PREVENTIVE,
    confirmed: true,
  },
  {
    who: 'admin',
    company: 2,
    day: 4,
    from: '10:00',
    until: '10:30',
    type: 'reminder',
    title: "Send next week's visit plan to Meridian",
    confirmed: true,
  },
  {
    who: 'technician',
    company: 'provider',
    day: 4,
    from: '13:00',
    until: '18:00',
    type: 'timeOff',
    title: 'Dentist, afternoon off',
    confirmed: true,
  },
  // Next week.
  {
    who: 'technician',
    company: 0,
    day: 7,
    from: '07:30',
    until: '09:00',
    type: 'travel',
    title: 'Drive to Northwind Ashburn',
    confirmed: false,
  },
  {
    who: 'technician',
    company: 0,
    day: 7,
    from: '09:00',
    until: '13:00',
    type: 'siteVisit',
    title: 'Controller firmware update',
    notes: 'One unit at a time, with the site team watching the hall temperatures.',
    ticket: FIRMWARE,
    confirmed: false,
  },
  {
    who: 'technician',
    company: 0,
    day: 7,
    from: '13:00',
    until: '14:30',
    type: 'travel',
    title: 'Drive back from Ashburn',
    confirmed: false,
  },
  {
    who: 'admin',
    company: 2,
    day: 8,
    from: '09:00',
    until: '17:00',
    type: 'siteVisit',
    title: 'Firmware update, Singapore',
    notes: 'Local contractor on site; Paula supervises.',
    ticket: FIRMWARE,
    confirmed: false,
  },
  {
    who: 'technician',
    company: 0,
    day: 9,
    from: '10:00',
    until: '14:00',
    type: 'siteVisit',
    title: 'Compressor HP switch replacement',
    notes: 'Replace the HP switch on compressor 1 and test.',
    ticket: COMPRESSOR,
    confirmed: true,
  },
  {
    who: 'technician',
    company: 1,
    day: 9,
    from: '19:00',
    until: '20:00',
    type: 'remoteAssist',
    title: 'Remote assist: humidifier alarm',
    notes: 'Booked over the Ashburn visit by mistake: the conflict to resolve.',
    confirmed: false,
  },
  {
    who: 'admin',
    company: 1,
    day: 9,
    from: '09:00',
    until: '09:15',
    type: 'other',
    title: 'Call with Fjord facilities manager',
    confirmed: true,
  },
  {
    who: 'technician',
    company: 'provider',
    day: 10,
    from: '00:00',
    until: '+2 00:00',
    type: 'timeOff',
    title: 'Annual leave',
    confirmed: true,
  },
  {
    who: 'admin',
    company: 0,
    day: 11,
    from: '15:00',
    until: '15:30',
    type: 'reminder',
    title: 'Close out the preventive maintenance report',
    confirmed: false,
  },
];

/** The Monday (YYYY-MM-DD, UTC) of the week of `now`. */
function mondayOf(now: number): number {
  const day = new Date(now);
  const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return start - ((day.getUTCDay() + 6) % 7) * DAY;
}

function localInstant(monday: number, day: number, time: string, zone: string): Date {
  const extra = /^\+(\d+) /.exec(time);
  const clock = time.replace(/^\+\d+ /, '');
  const date = new Date(monday + (day + Number(extra?.[1] ?? 0)) * DAY).toISOString().slice(0, 10);
  const at = fromZonedLocal(`${date}T${clock}`, zone);
  if (at === undefined) throw new Error(`demo schedule: bad time ${date} ${clock} ${zone}`);
  return new Date(at);
}

/**
 * The demo's schedules for the current week and the next (relative to `now`), for the provider's administrator
 * and technician, over the customers `customerIds` (in the order of the demo customers). Runs after seedTickets.
 */
export async function seedSchedules(tx: Tx, customerIds: readonly number[], now = Date.now()): Promise<void> {
  const staff = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(
      and(eq(users.companyId, PROVIDER_COMPANY_ID), eq(users.isDeleted, false), eq(users.isSystem, false)),
    )
    .orderBy(asc(users.userId));
  const [admin, technician] = staff;
  if (!admin || !technician) return;
  const people: Record<Who, number[]> = {
    admin: [admin.userId],
    technician: [technician.userId],
    both: [admin.userId, technician.userId],
  };
  const ticketRows = await tx
    .select()
    .from(tickets)
    .where(inArray(tickets.companyId, [...customerIds]));
  const monday = mondayOf(now);
  const at = new Date(now);
  for (const demo of DEMO_SCHEDULES) {
    const companyId = demo.company === 'provider' ? PROVIDER_COMPANY_ID : customerIds[demo.company];
    if (companyId === undefined) continue;
    const zone = demo.company === 'provider' ? PROVIDER_ZONE : (ZONES[demo.company] ?? PROVIDER_ZONE);
    const ticket = demo.ticket
      ? ticketRows.find((row) => row.companyId === companyId && row.title === demo.ticket)
      : undefined;
    const [row] = await tx
      .insert(schedules)
      .values({
        companyId,
        type: demo.type,
        title: demo.title,
        notes: demo.notes ?? null,
        startsAt: localInstant(monday, demo.day, demo.from, zone),
        endsAt: localInstant(monday, demo.day, demo.until, zone),
        timeZoneId: zone,
        ticketId: ticket?.ticketId ?? null,
        confirmed: demo.confirmed,
        createdBy: admin.userId,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!row) throw new Error('demo schedule not inserted');
    await replaceScheduleResources(tx, row.scheduleId, people[demo.who]);
    if (ticket) {
      await replaceScheduleAssets(tx, row.scheduleId, await ticketAssetIds(tx, ticket.ticketId));
      const [current] = await tx.select().from(tickets).where(eq(tickets.ticketId, ticket.ticketId));
      if (current) await moveTicketToScheduled(tx, admin.userId, current, at);
    }
    await recordEvent(tx, {
      name: 'schedules.create',
      actorUserId: admin.userId,
      companyId,
      subjectType: 'schedule',
      subjectId: row.scheduleId,
      data: { type: demo.type, title: demo.title, ticketId: row.ticketId, resourceIds: people[demo.who] },
    });
  }
}
