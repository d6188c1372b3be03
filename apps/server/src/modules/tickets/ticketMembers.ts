import { and, eq, inArray } from 'drizzle-orm';
import type { BodyOf, Ticket, ticketsEndpoints } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { isExternal } from '../../http/authorize.ts';
import { badField } from '../../http/httpError.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { users } from '../../platform/db/schema.ts';
import { ticketAssets, tickets, ticketUsers } from '../../platform/db/ticketsSchema.ts';
import { readableTicket, writableTicket } from './ticketAccess.ts';
import { assignableUsers, requireAssignable, requireOwnCompanyPeople } from './ticketAssignees.ts';
import { enumKey, loadTicketEnums, requireEnumValue } from './ticketEnums.ts';
import { assetDisplayNames, presentTicket } from './ticketPresenter.ts';
import { RELATION_OWNER } from './ticketRules.ts';
import { requireVisibleAssets, ticketEvent } from './ticketService.ts';
import { requireCompanyAssets } from './ticketWrite.ts';

type Endpoints = typeof ticketsEndpoints;
type UserBody = BodyOf<Endpoints['ticketsUsersAdd']>;
type AssetsBody = BodyOf<Endpoints['ticketsAssetsAdd']>;

const touch = (db: Tx, ticketId: number) =>
  db.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.ticketId, ticketId));

/**
 * Assigns a user as requester, owner or worker. A ticket has at most one owner: naming another one while an owner
 * exists is refused (remove the first, or the swap is lost in a race of two dispatchers). An external user names
 * only people of their own company (requireOwnCompanyPeople), here and in removeTicketUser.
 */
export async function addTicketUser(db: Db, auth: AuthContext, body: UserBody): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const ticket = await writableTicket(tx, auth, body.ticketId);
    const enums = await loadTicketEnums(tx);
    requireEnumValue(
      enums,
      'ticketUserRelationType',
      'body.relationTypeEnumValue',
      body.relationTypeEnumValue,
    );
    await requireOwnCompanyPeople(tx, auth, [body.userId], 'body.userId');
    await requireAssignable(tx, ticket, [body.userId], 'body.userId');
    const existing = await tx.select().from(ticketUsers).where(eq(ticketUsers.ticketId, ticket.ticketId));
    const same = existing.some(
      (row) => row.userId === body.userId && row.relationTypeValue === body.relationTypeEnumValue,
    );
    if (same) return presentTicket(tx, ticket, enums, auth);
    if (
      body.relationTypeEnumValue === RELATION_OWNER &&
      existing.some((row) => row.relationTypeValue === RELATION_OWNER)
    ) {
      throw badField(
        'body.relationTypeEnumValue',
        'body.relationTypeEnumValue: this ticket already has an owner: a ticket has at most one owner.',
      );
    }
    await tx.insert(ticketUsers).values({
      ticketId: ticket.ticketId,
      userId: body.userId,
      relationTypeValue: body.relationTypeEnumValue,
    });
    await touch(tx, ticket.ticketId);
    await ticketEvent(tx, auth, ticket, 'tickets.users.add', await userEventData(tx, body, enums));
    return presentTicket(tx, ticket, enums, auth);
  });
}

export async function removeTicketUser(db: Db, auth: AuthContext, body: UserBody): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const ticket = await writableTicket(tx, auth, body.ticketId);
    const enums = await loadTicketEnums(tx);
    requireEnumValue(
      enums,
      'ticketUserRelationType',
      'body.relationTypeEnumValue',
      body.relationTypeEnumValue,
    );
    // Refused whether or not the person holds that relation: the answer is the same for any other company's id.
    await requireOwnCompanyPeople(tx, auth, [body.userId], 'body.userId');
    const removed = await tx
      .delete(ticketUsers)
      .where(
        and(
          eq(ticketUsers.ticketId, ticket.ticketId),
          eq(ticketUsers.userId, body.userId),
          eq(ticketUsers.relationTypeValue, body.relationTypeEnumValue),
        ),
      )
      .returning();
    if (removed.length === 0) return presentTicket(tx, ticket, enums, auth);
    await touch(tx, ticket.ticketId);
    await ticketEvent(tx, auth, ticket, 'tickets.users.remove', await userEventData(tx, body, enums));
    return presentTicket(tx, ticket, enums, auth);
  });
}

async function userEventData(tx: Tx, body: UserBody, enums: Awaited<ReturnType<typeof loadTicketEnums>>) {
  const [person] = await tx.select({ name: users.name }).from(users).where(eq(users.userId, body.userId));
  return {
    userId: body.userId,
    userName: person?.name ?? null,
    relationTypeEnumValue: body.relationTypeEnumValue,
    relationTypeEnumKey: enumKey(enums, 'ticketUserRelationType', body.relationTypeEnumValue),
  };
}

export async function listAssignableUsers(
  db: Db,
  auth: AuthContext,
  body: BodyOf<Endpoints['ticketsAssignableUsers']>,
) {
  const ticket = await readableTicket(db, auth, body.ticketId);
  return assignableUsers(db, ticket, body.search, isExternal(auth) ? auth.user.companyId : undefined);
}

export async function addTicketAssets(db: Db, auth: AuthContext, body: AssetsBody): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const ticket = await writableTicket(tx, auth, body.ticketId);
    const requested = [...new Set(body.assetIds)];
    await requireVisibleAssets(tx, auth, ticket.companyId, requested, 'body.assetIds');
    await requireCompanyAssets(tx, ticket.companyId, requested, 'body.assetIds');
    const present = await tx
      .select({ assetId: ticketAssets.assetId })
      .from(ticketAssets)
      .where(and(eq(ticketAssets.ticketId, ticket.ticketId), inArray(ticketAssets.assetId, requested)));
    const already = new Set(present.map((row) => row.assetId));
    const added = requested.filter((assetId) => !already.has(assetId));
    if (added.length === 0) return presentTicket(tx, ticket, undefined, auth);
    await tx.insert(ticketAssets).values(added.map((assetId) => ({ ticketId: ticket.ticketId, assetId })));
    await touch(tx, ticket.ticketId);
    await ticketEvent(tx, auth, ticket, 'tickets.assets.add', await assetEventData(tx, added));
    return presentTicket(tx, ticket, undefined, auth);
  });
}

export async function removeTicketAssets(db: Db, auth: AuthContext, body: AssetsBody): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const ticket = await writableTicket(tx, auth, body.ticketId);
    const removed = await tx
      .delete(ticketAssets)
      .where(
        and(
          eq(ticketAssets.ticketId, ticket.ticketId),
          inArray(ticketAssets.assetId, [...new Set(body.assetIds)]),
        ),
      )
      .returning();
    if (removed.length === 0) return presentTicket(tx, ticket, undefined, auth);
    await touch(tx, ticket.ticketId);
    await ticketEvent(
      tx,
      auth,
      ticket,
      'tickets.assets.remove',
      await assetEventData(
        tx,
        removed.map((row) => row.assetId),
      ),
    );
    return presentTicket(tx, ticket, undefined, auth);
  });
}

async function assetEventData(tx: Tx, assetIds: number[]) {
  const names = await assetDisplayNames(tx, assetIds);
  return {
    assetIds,
    assetNames: assetIds.map((assetId) => names.get(assetId)?.displayName ?? `Asset ${assetId}`),
  };
}
