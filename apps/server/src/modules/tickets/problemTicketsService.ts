import { eq, inArray } from 'drizzle-orm';
import {
  PROBLEM_TICKET_SOURCE_VALUE,
  PROBLEM_TICKET_TYPE_VALUE,
  TICKET_TITLE_MAX,
  type DetectedProblem,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { badRequest } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { detectedProblems } from '../../platform/db/problemsSchema.ts';
import { ticketAssets, tickets } from '../../platform/db/ticketsSchema.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { loadProblems, presentProblems } from '../problems/problemAccess.ts';
import {
  companyOf,
  lockReadableProblems,
  requireTicketsWrite,
  type NamedProblem,
} from './problemTicketsAccess.ts';
import { writableTickets, type TicketRow } from './ticketAccess.ts';
import { createTicket } from './ticketWrite.ts';

/** Spec: a ticket's default title says what its problems are. */
export function defaultTicketTitle(problems: readonly NamedProblem[]): string {
  const [first] = problems;
  if (!first) return 'Detected problems';
  const assetsNamed = new Set(problems.map((problem) => problem.assetName));
  const title =
    problems.length === 1
      ? `${first.name} on ${first.assetName}`
      : assetsNamed.size === 1
        ? `${problems.length} problems on ${first.assetName}: ${first.name} and more`
        : `${first.name} and ${problems.length - 1} more ${problems.length === 2 ? 'problem' : 'problems'}`;
  return title.length <= TICKET_TITLE_MAX ? title : `${title.slice(0, TICKET_TITLE_MAX - 1)}…`;
}

/**
 * A time in a ticket's stored text, e.g. '2026-11-26 13:05 UTC': the text is read in every time zone, so it names
 * its own rather than printing a bare ISO string.
 */
function utcMinute(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The new ticket's description: each problem with its level, asset and first event. */
function describeProblems(problems: readonly NamedProblem[]): string {
  const lines = problems.map(
    (problem) =>
      `- ${problem.name} (${problem.level}) on ${problem.assetName}, first event ${utcMinute(problem.firstEventAt)} [problem ${problem.detectedProblemId}]`,
  );
  return ['Opened from detected problems:', ...lines].join('\n');
}

/**
 * Records a move on each problem's asset (as the problems module records its actions) and on the tickets it touched:
 * the ticket's history lists which problems came and went.
 */
async function auditMove(
  tx: DbOrTx,
  auth: AuthContext,
  name: string,
  problems: readonly NamedProblem[],
  ticketId: number | null,
): Promise<void> {
  const actorUserId = auth.user.userId;
  for (const problem of problems) {
    await recordEvent(tx, {
      name,
      actorUserId,
      companyId: problem.companyId,
      subjectType: 'asset',
      subjectId: problem.assetId,
      data: {
        detectedProblemId: problem.detectedProblemId,
        name: problem.name,
        ticketId,
        previousTicketId: problem.ticketId,
      },
    });
  }
  // A ticket and its problems are of one company.
  const touched = new Map<number, { companyId: number; added: number[]; removed: number[] }>();
  const entry = (id: number, companyId: number) =>
    touched.get(id) ?? touched.set(id, { companyId, added: [], removed: [] }).get(id);
  for (const problem of problems) {
    if (problem.ticketId === ticketId) continue;
    if (problem.ticketId !== null)
      entry(problem.ticketId, problem.companyId)?.removed.push(problem.detectedProblemId);
    if (ticketId !== null) entry(ticketId, problem.companyId)?.added.push(problem.detectedProblemId);
  }
  for (const [subjectId, { companyId, added, removed }] of touched) {
    await recordEvent(tx, {
      name: added.length > 0 ? 'tickets.detectedProblems.add' : 'tickets.detectedProblems.remove',
      actorUserId,
      companyId,
      subjectType: 'ticket',
      subjectId,
      data: added.length > 0 ? { detectedProblemIds: added } : { detectedProblemIds: removed },
    });
  }
}

/** The tickets the problems are on now, which they leave. */
const ticketsOf = (problems: readonly NamedProblem[]) =>
  problems.flatMap((problem) => problem.ticketId ?? []);

/**
 * A problem already on a ticket leaves it: the caller must be able to change that ticket too (a frozen one refuses).
 * `alsoLock` is the ticket they go to, if any: it is locked with the others, in ascending id order (see
 * writableTickets), never before or after them.
 */
async function releaseFromTickets(
  tx: DbOrTx,
  auth: AuthContext,
  problems: readonly NamedProblem[],
  now: Date,
  alsoLock: readonly number[] = [],
): Promise<Map<number, TicketRow>> {
  const locked = await writableTickets(tx, auth, [...ticketsOf(problems), ...alsoLock]);
  for (const ticketId of new Set(ticketsOf(problems))) {
    await tx.update(tickets).set({ updatedAt: now }).where(eq(tickets.ticketId, ticketId));
  }
  return locked;
}

async function setTicket(tx: DbOrTx, problems: readonly NamedProblem[], ticketId: number | null, now: Date) {
  const ids = problems.map((problem) => problem.detectedProblemId);
  if (ids.length === 0) return;
  await tx
    .update(detectedProblems)
    .set({ ticketId, updatedAt: now })
    .where(inArray(detectedProblems.detectedProblemId, ids));
}

/**
 * `detectedProblems.moveToNewTicket`: the problems (readable, of one company) go to a new incident ticket from a
 * Kyoto link event holding their assets; the caller needs tickets:write on the company. All or nothing.
 */
export async function moveToNewTicket(
  db: Db,
  now: Date,
  auth: AuthContext,
  body: { detectedProblemIds: number[]; ticketTitle?: string | undefined },
): Promise<{ ticketId: number }> {
  return db.transaction(async (tx) => {
    const problems = await lockReadableProblems(tx, auth, body.detectedProblemIds);
    const companyId = companyOf(problems);
    requireTicketsWrite(auth, companyId);
    await releaseFromTickets(tx, auth, problems, now);
    const title = body.ticketTitle?.trim() || defaultTicketTitle(problems);
    const ticket = await createTicket(
      tx,
      auth,
      {
        companyId,
        title,
        description: describeProblems(problems),
        typeEnumValue: PROBLEM_TICKET_TYPE_VALUE,
        sourceEnumValue: PROBLEM_TICKET_SOURCE_VALUE,
        assetIds: [...new Set(problems.map((problem) => problem.assetId))],
      },
      { now },
    );
    await setTicket(tx, problems, ticket.ticketId, now);
    await auditMove(tx, auth, 'detectedProblems.moveToNewTicket', problems, ticket.ticketId);
    return { ticketId: ticket.ticketId };
  });
}

/**
 * `detectedProblems.moveToExistingTicket`: the problems go to a ticket the caller may change, of their own company
 * (another company's ticket is a 404 as every unseen ticket is; a provider's staff moving one company's problems to
 * another's ticket is a 400). Assets the ticket lacks are added to it.
 */
export async function moveToExistingTicket(
  db: Db,
  now: Date,
  auth: AuthContext,
  body: { detectedProblemIds: number[]; ticketId: number },
): Promise<DetectedProblem[]> {
  await db.transaction(async (tx) => {
    const problems = await lockReadableProblems(tx, auth, body.detectedProblemIds);
    const companyId = companyOf(problems);
    requireTicketsWrite(auth, companyId);
    // The problems already on the ticket stay; the others leave their tickets for it. All the tickets are locked
    // together in ascending id order: the ticket they go to may come before or after those they leave.
    const moving = problems.filter((problem) => problem.ticketId !== body.ticketId);
    const locked = await releaseFromTickets(tx, auth, moving, now, [body.ticketId]);
    const ticket = locked.get(body.ticketId);
    if (!ticket) throw new Error('target ticket not locked');
    if (ticket.companyId !== companyId) {
      throw badRequest(
        `Ticket ${ticket.ticketId} belongs to another company than the problems: choose a ticket of their company.`,
      );
    }
    if (moving.length === 0) return;
    const assetIds = [...new Set(moving.map((problem) => problem.assetId))];
    await tx
      .insert(ticketAssets)
      .values(assetIds.map((assetId) => ({ ticketId: ticket.ticketId, assetId, createdAt: now })))
      .onConflictDoNothing();
    await tx.update(tickets).set({ updatedAt: now }).where(eq(tickets.ticketId, ticket.ticketId));
    await setTicket(tx, moving, ticket.ticketId, now);
    await auditMove(tx, auth, 'detectedProblems.moveToExistingTicket', moving, ticket.ticketId);
  });
  return presentProblems(db, await loadProblems(db, body.detectedProblemIds), now);
}

/**
 * `detectedProblems.removeFromTicket`: each problem (a repeated id counts once) leaves its ticket; the caller must
 * be able to change each ticket. A problem on no ticket stays as it is and records nothing.
 */
export async function removeFromTicket(
  db: Db,
  now: Date,
  auth: AuthContext,
  detectedProblemIds: readonly number[],
): Promise<DetectedProblem[]> {
  await db.transaction(async (tx) => {
    const problems = await lockReadableProblems(tx, auth, detectedProblemIds);
    const onTickets = problems.filter((problem) => problem.ticketId !== null);
    for (const companyId of new Set(onTickets.map((problem) => problem.companyId))) {
      requireTicketsWrite(auth, companyId);
    }
    await releaseFromTickets(tx, auth, onTickets, now);
    await setTicket(tx, onTickets, null, now);
    await auditMove(tx, auth, 'detectedProblems.removeFromTicket', onTickets, null);
  });
  return presentProblems(db, await loadProblems(db, detectedProblemIds), now);
}
