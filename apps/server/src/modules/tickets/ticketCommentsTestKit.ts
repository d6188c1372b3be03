import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../../platform/db/database.ts';
import { events } from '../../platform/db/schema.ts';
import { ASSET_TYPE } from '@kelvin/domain';
import {
  ticketAssets,
  ticketAttachments,
  ticketComments,
  ticketConsumables,
  tickets,
} from '../../platform/db/ticketsSchema.ts';
import { buildCompany, buildUser, providerCompany } from '../../testing/factories.ts';
import { addAssetToDefaultGroups } from '../access/accessGroupsRepository.ts';
import { errorOf, makeAsset, type ApiAnswer } from '../assets/assetsTestFixture.ts';

/**
 * Route tests' data for a ticket's comments, files and consumables: provider staff (internal), a customer's
 * administrator and operator (external users), another customer, and tickets of every kind, each on a unit of its
 * company that the company's customers have in their access groups.
 */
export async function buildTicketFixture(db: DbOrTx) {
  await providerCompany(db);
  const companyA = await buildCompany(db, { name: 'Alpha Hosting' });
  const companyB = await buildCompany(db, { name: 'Bravo Cloud' });
  const a = companyA.companyId;
  const users = {
    technician: await buildUser(db, {
      companyId: 1,
      roles: ['Provider Service Technician'],
      name: 'Tess Tech',
    }),
    providerAdmin: await buildUser(db, {
      companyId: 1,
      roles: ['Provider Administrator'],
      name: 'Pat Provider',
    }),
    adminA: await buildUser(db, { companyId: a, roles: ['Customer Administrator'], name: 'Ada Alpha' }),
    operatorA: await buildUser(db, { companyId: a, roles: ['Customer Operator'], name: 'Otto Alpha' }),
    adminB: await buildUser(db, {
      companyId: companyB.companyId,
      roles: ['Customer Administrator'],
      name: 'Bea Bravo',
    }),
  };
  // Each customer's unit, in its users' access groups: a customer sees a ticket only through its assets.
  const unitA = await makeAsset(db, {
    companyId: a,
    assetTypeId: ASSET_TYPE.unit,
    parentAssetId: null,
    name: 'A-CRAH-01',
  });
  const unitB = await makeAsset(db, {
    companyId: companyB.companyId,
    assetTypeId: ASSET_TYPE.unit,
    parentAssetId: null,
    name: 'B-CRAH-01',
  });
  await addAssetToDefaultGroups(db, unitA, [users.adminA.userId, users.operatorA.userId]);
  await addAssetToDefaultGroups(db, unitB, [users.adminB.userId]);
  const ticket = async (
    companyId: number,
    title: string,
    overrides: Partial<typeof tickets.$inferInsert> = {},
  ) => {
    const [row] = await db
      .insert(tickets)
      .values({ companyId, title, visibility: 'EXTERNAL', ...overrides })
      .returning();
    if (!row) throw new Error('ticket not created');
    const assetId = companyId === a ? unitA : unitB;
    await db.insert(ticketAssets).values({ ticketId: row.ticketId, assetId });
    return row.ticketId;
  };
  const ids = {
    /** EXTERNAL: the customer sees it. */
    ticketA: await ticket(a, 'Compressor noise'),
    internalA: await ticket(a, 'Internal review', { visibility: 'INTERNAL' }),
    frozenA: await ticket(a, 'Frozen for billing', { isFrozen: true }),
    ticketB: await ticket(companyB.companyId, 'Bravo leak'),
  };
  return { companyA, companyB, users, ids, assets: { unitA, unitB } };
}

export type TicketFixture = Awaited<ReturnType<typeof buildTicketFixture>>;

/** What a refused write must leave untouched: the area's rows, the tickets and the event count. */
export async function ticketSnapshot(db: DbOrTx) {
  const [eventCount] = await db.select({ n: count() }).from(events);
  return {
    comments: await db.select().from(ticketComments).orderBy(ticketComments.commentId),
    attachments: await db.select().from(ticketAttachments).orderBy(ticketAttachments.ticketAttachmentId),
    consumables: await db.select().from(ticketConsumables).orderBy(ticketConsumables.ticketConsumableId),
    tickets: await db.select().from(tickets).orderBy(tickets.ticketId),
    events: eventCount?.n ?? 0,
  };
}

/** Runs a call that must be refused with `status` (and `message`) and proves that nothing was written. */
export async function expectRefused(
  db: DbOrTx,
  call: () => Promise<ApiAnswer>,
  status: number,
  message?: string,
): Promise<ApiAnswer> {
  const before = await ticketSnapshot(db);
  const answer = await call();
  expect(answer.status).toBe(status);
  if (message !== undefined) expect(errorOf(answer).message).toBe(message);
  expect(await ticketSnapshot(db)).toEqual(before);
  return answer;
}

export async function ticketEvents(db: DbOrTx, ticketId: number) {
  const rows = await db
    .select()
    .from(events)
    .where(eq(events.subjectId, String(ticketId)));
  return rows.filter((row) => row.subjectType === 'ticket').sort((x, y) => x.eventId - y.eventId);
}

export async function ticketUpdatedAt(db: DbOrTx, ticketId: number): Promise<Date> {
  const [row] = await db.select().from(tickets).where(eq(tickets.ticketId, ticketId));
  if (!row) throw new Error(`no ticket ${ticketId}`);
  return row.updatedAt;
}
