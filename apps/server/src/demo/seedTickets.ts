import { and, asc, eq, inArray } from 'drizzle-orm';
import { PROVIDER_COMPANY_ID } from '@kelvin/domain';
import { recordEvent } from '../modules/events/recordEvent.ts';
import { refreshTicketSearch } from '../modules/tickets/ticketSearch.ts';
import { createTicket, type NewTicketInput } from '../modules/tickets/ticketWrite.ts';
import type { Tx } from '../platform/db/database.ts';
import { assets, users } from '../platform/db/schema.ts';
import { ticketComments } from '../platform/db/ticketsSchema.ts';
import { seedTicketConsumables } from './seedTicketConsumables.ts';
import { seedTimeEntries } from './seedTimeEntries.ts';

const DAY = 86_400_000;
const UNIT_TYPE = 4;

/** A dozen tickets a customer: every status, priority and type appears, titles a service desk would write. */
const DEMO_TICKETS: readonly {
  title: string;
  description: string;
  status: number;
  priority: number;
  severity: number;
  type: number;
  source: number;
  external: boolean;
}[] = [
  {
    title: 'Supply air temperature high on CRAH',
    description: 'Supply air above 24 °C since this morning; return air normal.',
    status: 0,
    priority: 2,
    severity: 2,
    type: 0,
    source: 0,
    external: true,
  },
  {
    title: 'Quarterly preventive maintenance',
    description: 'Filters, belts, coil cleaning and controller backup.',
    status: 5,
    priority: 1,
    severity: 0,
    type: 1,
    source: 1,
    external: true,
  },
  {
    title: 'Compressor tripping on high pressure',
    description: 'Compressor 1 trips on HP several times a day.',
    status: 2,
    priority: 2,
    severity: 2,
    type: 0,
    source: 3,
    external: true,
  },
  {
    title: 'Humidifier canister replacement',
    description: 'Canister at end of life per the unit controller.',
    status: 3,
    priority: 0,
    severity: 1,
    type: 11,
    source: 1,
    external: false,
  },
  {
    title: 'Condensate pump alarm',
    description: 'Condensate pump alarm latched overnight; no visible water.',
    status: 4,
    priority: 1,
    severity: 1,
    type: 0,
    source: 2,
    external: true,
  },
  {
    title: 'Startup of the new chilled-water units',
    description: 'Commissioning of the units installed in hall 2.',
    status: 2,
    priority: 1,
    severity: 0,
    type: 8,
    source: 1,
    external: false,
  },
  {
    title: 'Fan vibration above threshold',
    description: 'EC fan 2 vibration trending up over two weeks.',
    status: 7,
    priority: 1,
    severity: 1,
    type: 0,
    source: 0,
    external: true,
  },
  {
    title: 'Replace damaged side panel',
    description: 'Panel dented during a rack move; needs a replacement part.',
    status: 11,
    priority: 0,
    severity: 0,
    type: 10,
    source: 4,
    external: true,
  },
  {
    title: 'Raised-floor tile layout review',
    description: 'Review perforated tile layout after the new rack row.',
    status: 0,
    priority: 0,
    severity: 0,
    type: 9,
    source: 4,
    external: true,
  },
  {
    title: 'Annual service contract paperwork',
    description: 'Renewal documents and visit schedule for next year.',
    status: 3,
    priority: 0,
    severity: 0,
    type: 6,
    source: 1,
    external: false,
  },
  {
    title: 'Firmware update on unit controllers',
    description: 'Apply the vendor firmware release to every unit.',
    status: 5,
    priority: 1,
    severity: 0,
    type: 1,
    source: 1,
    external: false,
  },
  {
    title: 'Refrigerant leak suspected',
    description: 'Low suction pressure alarms; leak test requested.',
    status: 11,
    priority: 2,
    severity: 2,
    type: 0,
    source: 0,
    external: true,
  },
];

const COMMENTS: readonly { text: string; external: boolean }[] = [
  { text: 'On my way, arriving within four hours.', external: true },
  { text: 'Checked the alarm history remotely: three trips since Monday.', external: false },
  { text: 'Parts ordered from the distributor, delivery expected Thursday.', external: true },
  { text: 'Customer asked to avoid work during the 14:00 change window.', external: false },
];

/**
 * Demo tickets for each customer company, so that every view of the tickets list (table, swim lanes, groups)
 * shows something: twelve per company across every status, priority and type, owned and worked by the provider's
 * staff, on the company's units, EXTERNAL ones requested by the customer's first user, with a few comments
 * (internal and external), time entries and parts and services (some without a price: the accounting blocker).
 * Written through createTicket, so each is audited as a real one.
 */
export async function seedTickets(
  tx: Tx,
  customerCompanyIds: readonly number[],
  now = Date.now(),
): Promise<number> {
  const staff = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.companyId, PROVIDER_COMPANY_ID), eq(users.isDeleted, false)))
    .orderBy(asc(users.userId));
  const staffIds = staff.map((row) => row.userId);
  const [owner] = staffIds;
  if (owner === undefined || customerCompanyIds.length === 0) return 0;
  const worker = staffIds[1] ?? owner;
  const units = await tx
    .select({ assetId: assets.assetId, companyId: assets.companyId })
    .from(assets)
    .where(and(inArray(assets.companyId, [...customerCompanyIds]), eq(assets.assetTypeId, UNIT_TYPE)))
    .orderBy(asc(assets.assetId));
  const created: { ticketId: number; companyId: number }[] = [];
  for (const companyId of customerCompanyIds) {
    const [requester] = await tx
      .select({ userId: users.userId })
      .from(users)
      .where(eq(users.companyId, companyId))
      .orderBy(asc(users.userId))
      .limit(1);
    const companyUnits = units.filter((unit) => unit.companyId === companyId).map((unit) => unit.assetId);
    for (const [index, demo] of DEMO_TICKETS.entries()) {
      const people: NonNullable<NewTicketInput['users']>[number][] = [
        { userId: index % 3 === 0 ? worker : owner, relationTypeEnumValue: 1 },
      ];
      if (index % 2 === 0)
        people.push({ userId: index % 3 === 0 ? owner : worker, relationTypeEnumValue: 2 });
      if (demo.external && requester) people.push({ userId: requester.userId, relationTypeEnumValue: 0 });
      const unit = companyUnits[index % Math.max(1, companyUnits.length)];
      const ticket = await createTicket(
        tx,
        { userId: owner, isExternal: false },
        {
          companyId,
          title: demo.title,
          description: demo.description,
          statusEnumValue: demo.status,
          priorityEnumValue: demo.priority,
          severityEnumValue: demo.severity,
          typeEnumValue: demo.type,
          sourceEnumValue: demo.source,
          estimatedDuration: `PT${2 + (index % 4)}H`,
          isBillable: index % 3 !== 2,
          visibility: demo.external ? 'EXTERNAL' : 'INTERNAL',
          assetIds: unit === undefined ? [] : [unit],
          users: people,
        },
        { now: new Date(now - (index * 2 + 1) * DAY) },
      );
      created.push({ ticketId: ticket.ticketId, companyId });
      const comments = COMMENTS.slice(0, index % 4);
      for (const [order, comment] of comments.entries()) {
        const visibility = comment.external && demo.external ? 'EXTERNAL' : 'INTERNAL';
        const at = new Date(now - (index * 2 + 1) * DAY + (order + 1) * 3_600_000);
        const [row] = await tx
          .insert(ticketComments)
          .values({
            ticketId: ticket.ticketId,
            userId: order % 2 === 0 ? owner : worker,
            comment: comment.text,
            visibility,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        await recordEvent(tx, {
          name: 'tickets.comments.create',
          actorUserId: row?.userId ?? owner,
          companyId,
          subjectType: 'ticket',
          subjectId: ticket.ticketId,
          data: { commentId: row?.commentId, visibility, source: 'demo' },
        });
      }
      if (comments.length > 0) await refreshTicketSearch(tx, ticket.ticketId);
    }
  }
  await seedTimeEntries(tx, created, [worker, owner], now);
  await seedTicketConsumables(tx, created, owner);
  return created.length;
}
