import { and, asc, eq, inArray } from 'drizzle-orm';
import { SCHEDULE_MAX_DAYS, SCHEDULE_RANGE_MAX_DAYS } from '@kelvin/contract';
import { PROVIDER_COMPANY_ID, scheduleRangeProblem, scheduleSpanProblem } from '@kelvin/domain';
import { badField } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assets, users } from '../../platform/db/schema.ts';
import { ticketAssets, tickets, ticketStatusChanges } from '../../platform/db/ticketsSchema.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { STATUS_SCHEDULED_CHECK, ticketStateOf } from './ticketStatusRule.ts';

/** 400 on `body.endsAt` for an end not after the start or an entry longer than SCHEDULE_MAX_DAYS. */
export function requireValidSpan(startsAt: Date, endsAt: Date): void {
  const problem = scheduleSpanProblem({ startsAt, endsAt }, SCHEDULE_MAX_DAYS);
  if (problem) throw badField(`body.${problem.field}`, problem.message);
}

/** 400 on `body.to` for a list range that is backwards or wider than SCHEDULE_RANGE_MAX_DAYS. */
export function requireValidRange(from: Date, to: Date): void {
  const problem = scheduleRangeProblem({ from, to }, SCHEDULE_RANGE_MAX_DAYS);
  if (problem) throw badField('body.to', problem);
}

/** The provider's staff: the people work is planned for (schedules.resources.list), by name. */
export function providerStaff(db: DbOrTx, userIds?: readonly number[]) {
  return db
    .select({ userId: users.userId, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.companyId, PROVIDER_COMPANY_ID),
        eq(users.isDeleted, false),
        eq(users.isSystem, false),
        userIds ? inArray(users.userId, [...userIds]) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.userId));
}

/** 400 naming the first technician who is not (or no longer) one of the provider's staff. */
export async function requireResources(db: DbOrTx, userIds: readonly number[]): Promise<void> {
  const found = new Set((await providerStaff(db, userIds)).map((row) => row.userId));
  const refused = userIds.find((userId) => !found.has(userId));
  if (refused !== undefined)
    throw badField('body.resourceIds', `User ${refused} is not one of the provider's technicians.`);
}

export type TicketRow = typeof tickets.$inferSelect;

/** The entry's ticket, locked for the status move: 400 when it is missing or of another company. */
export async function requireCompanyTicket(
  tx: DbOrTx,
  companyId: number,
  ticketId: number,
): Promise<TicketRow> {
  const [ticket] = await tx.select().from(tickets).where(eq(tickets.ticketId, ticketId)).for('update');
  if (!ticket || ticket.companyId !== companyId)
    throw badField('body.ticketId', `Ticket ${ticketId} is not a ticket of the entry's company.`);
  return ticket;
}

/** The assets a ticket concerns: an entry for the ticket concerns them unless it names its own. */
export async function ticketAssetIds(db: DbOrTx, ticketId: number): Promise<number[]> {
  const rows = await db
    .select({ assetId: ticketAssets.assetId })
    .from(ticketAssets)
    .where(eq(ticketAssets.ticketId, ticketId))
    .orderBy(ticketAssets.assetId);
  return rows.map((row) => row.assetId);
}

/** 400 naming the first asset that is missing, deleted or of another company. */
export async function requireCompanyAssets(db: DbOrTx, companyId: number, assetIds: readonly number[]) {
  if (assetIds.length === 0) return;
  const rows = await db
    .select({ assetId: assets.assetId })
    .from(assets)
    .where(
      and(
        inArray(assets.assetId, [...assetIds]),
        eq(assets.companyId, companyId),
        eq(assets.isDeleted, false),
      ),
    );
  const found = new Set(rows.map((row) => row.assetId));
  const refused = assetIds.find((assetId) => !found.has(assetId));
  if (refused !== undefined)
    throw badField('body.assetIds', `Asset ${refused} is not an asset of the entry's company.`);
}

/**
 * A ticket planned this way moves to `scheduled`, recorded as any status change is (a status change row and a
 * tickets.changeStatus event in the ticket's history). A ticket already scheduled, resolved or closed stays as it
 * is (planning a follow-up visit does not reopen it), and so does a frozen one (frozen means no change at all).
 */
export async function moveTicketToScheduled(tx: DbOrTx, actorUserId: number, ticket: TicketRow, now: Date) {
  if (!STATUS_SCHEDULED_CHECK.moves(ticket)) return;
  const to = STATUS_SCHEDULED_CHECK.status;
  const [after] = await tx
    .update(tickets)
    .set({ statusValue: to, ticketState: ticketStateOf(to), updatedAt: now })
    .where(eq(tickets.ticketId, ticket.ticketId))
    .returning();
  if (!after) throw new Error('ticket not updated');
  await tx
    .insert(ticketStatusChanges)
    .values({ ticketId: after.ticketId, statusValue: to, changedAt: now, changedBy: actorUserId });
  await recordEvent(tx, {
    name: 'tickets.changeStatus',
    actorUserId,
    companyId: after.companyId,
    subjectType: 'ticket',
    subjectId: after.ticketId,
    data: {
      from: ticket.statusValue,
      to,
      changes: {
        statusEnumValue: { from: ticket.statusValue, to },
        ticketState: { from: ticket.ticketState, to: after.ticketState },
      },
    },
  });
}
