import { and, asc, eq, gt, inArray, lte, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import { hasPermission } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { isExternal } from '../../http/authorize.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { companyWebhooks, notifications, webhookDeliveries } from '../../platform/db/problemsSchema.ts';
import { companies, events, serverSettings, users } from '../../platform/db/schema.ts';
import { ticketComments, tickets, ticketUsers } from '../../platform/db/ticketsSchema.ts';
import { ticketVisibility, visibleTicketIds } from '../tickets/ticketAccess.ts';
import { loadPermissions } from '../users/permissionsRepository.ts';
import type { NotificationRelay } from './liveRelay.ts';
import { unreadCountOf } from './notificationCentre.ts';
import { preferencesOf } from './notificationPreferences.ts';
import type { NotifierLogger } from './problemNotifier.ts';
import {
  noticeOf,
  TICKET_NOTICE_EVENTS,
  ticketNoticeLevel,
  ticketNoticePayload,
  ticketNoticeText,
  type NoticeComment,
  type NoticeTicket,
  type TicketNotice,
} from './ticketNotices.ts';

/** Where the notifier has read the audit trail up to; one row shared by every process. */
export const TICKET_NOTICES_CURSOR = 'ticketNotices.cursor';
const cursorSchema = z.object({ eventId: z.number() });
const BATCH = 200;

/** Moves the cursor past every event recorded so far (a seed's history), in the caller's transaction. */
export async function skipTicketNoticesOfHistory(tx: DbOrTx): Promise<void> {
  const [newest] = await tx.select({ eventId: max(events.eventId) }).from(events);
  const value = { eventId: newest?.eventId ?? 0 };
  await tx
    .insert(serverSettings)
    .values({ key: TICKET_NOTICES_CURSOR, value })
    .onConflictDoUpdate({ target: serverSettings.key, set: { value, updatedAt: new Date() } });
}

/** How long a gap in event ids is waited for: its transaction may still commit (ids are taken before commit). */
export const EVENT_GAP_WAIT_MS = 60_000;

/**
 * Where the cursor may move after reading `seen` (ids after `cursor`, in order): through ids without gaps, and past
 * a gap only once the event after it is older than EVENT_GAP_WAIT_MS (the missing id was rolled back, or its
 * transaction has been open that long). Events past a gap are told at once all the same; telling is unique per
 * event, so reading them again while the cursor waits tells nobody twice.
 */
export function cursorAfter(
  cursor: number,
  seen: readonly { eventId: number; createdAt: Date }[],
  nowMs: number,
): number {
  let at = cursor;
  for (const event of seen) {
    if (event.eventId !== at + 1 && nowMs - event.createdAt.getTime() < EVENT_GAP_WAIT_MS) break;
    at = event.eventId;
  }
  return at;
}

export interface TicketNotifierDeps {
  db: Db;
  relay: NotificationRelay;
  logger: NotifierLogger;
  onDeliveriesQueued?: () => void;
  consoleOrigin?: string;
}

export interface TicketNotifier {
  /** Starts from the newest audit event on first use, so that a new installation tells nobody of old changes. */
  initialize(): Promise<void>;
  /** Tells of the ticket changes recorded since the last run; answers how many events it read. */
  runOnce(): Promise<number>;
  /** Runs every `intervalMs` until the returned stop is called (and awaited). */
  start(intervalMs: number): () => Promise<void>;
}

/**
 * Can this person read the ticket (the tickets' own rule, access groups included, on the ticket as it is now), and
 * (an INTERNAL comment) is it for them?
 */
async function mayHear(tx: DbOrTx, auth: AuthContext, notice: TicketNotice): Promise<boolean> {
  if (!hasPermission(auth.permissions, { permission: 'tickets:read' })) return false;
  if (notice.internalOnly && isExternal(auth)) return false;
  const { ticketId } = notice.ticket;
  return (await visibleTicketIds(tx, ticketVisibility(auth), [ticketId])).has(ticketId);
}

/**
 * The audit trail is the outbox of ticket notices: every ticket write records its event in its own transaction,
 * and this reads them in order behind a cursor kept in the same database. The cursor row is locked while a batch
 * is told, and notifications and deliveries are unique per event, so that with several processes, a crash or a
 * repeat, each change is told once and none is lost.
 */
export function createTicketNotifier(deps: TicketNotifierDeps): TicketNotifier {
  const { db, logger } = deps;

  async function initialize(): Promise<void> {
    const [newest] = await db.select({ eventId: max(events.eventId) }).from(events);
    await db
      .insert(serverSettings)
      .values({ key: TICKET_NOTICES_CURSOR, value: { eventId: newest?.eventId ?? 0 } })
      .onConflictDoNothing();
  }

  async function loadTickets(tx: DbOrTx, ticketIds: number[]): Promise<Map<number, NoticeTicket>> {
    if (ticketIds.length === 0) return new Map();
    const rows = await tx.select().from(tickets).where(inArray(tickets.ticketId, ticketIds));
    const people = await tx
      .select({ ticketId: ticketUsers.ticketId, userId: ticketUsers.userId })
      .from(ticketUsers)
      .where(inArray(ticketUsers.ticketId, ticketIds));
    return new Map(
      rows.map((row) => [
        row.ticketId,
        {
          ticketId: row.ticketId,
          companyId: row.companyId,
          title: row.title,
          severityValue: row.severityValue,
          statusValue: row.statusValue,
          visibility: row.visibility,
          userIds: [...new Set(people.filter((p) => p.ticketId === row.ticketId).map((p) => p.userId))],
        },
      ]),
    );
  }

  /** The comments the events name, as they are now (text and visibility); deleted ones are left out. */
  async function commentsOf(
    tx: DbOrTx,
    found: readonly { data: unknown }[],
  ): Promise<Map<number, NoticeComment>> {
    const ids = found.flatMap(({ data }) => {
      const parsed = z.object({ commentId: z.number() }).safeParse(data);
      return parsed.success ? [parsed.data.commentId] : [];
    });
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select({
        commentId: ticketComments.commentId,
        text: ticketComments.comment,
        visibility: ticketComments.visibility,
      })
      .from(ticketComments)
      .where(and(inArray(ticketComments.commentId, ids), eq(ticketComments.isDeleted, false)));
    return new Map(rows.map((row) => [row.commentId, row]));
  }

  async function contextOf(tx: DbOrTx, userId: number): Promise<AuthContext | undefined> {
    const [user] = await tx.select().from(users).where(eq(users.userId, userId));
    if (!user || user.isDeleted || user.isSystem) return undefined;
    return { user, permissions: await loadPermissions(tx, user.userId, user.companyId) };
  }

  /** Stores one notice's notifications and deliveries; answers who was newly told and how many deliveries. */
  async function tell(tx: DbOrTx, notice: TicketNotice) {
    const people: AuthContext[] = [];
    for (const userId of notice.candidateUserIds) {
      const auth = await contextOf(tx, userId);
      if (auth && (await mayHear(tx, auth, notice))) people.push(auth);
    }
    if (people.length === 0) return { told: [], queued: 0 };
    const { companyId } = notice.ticket;
    const preferences = await preferencesOf(
      tx,
      people.map((auth) => auth.user.userId),
      companyId,
    );
    // A ticket notice is about the person's own work: their channels apply, not the problem levels they chose.
    const wants = (auth: AuthContext, channel: 'inConsole' | 'webhook') =>
      preferences.get(auth.user.userId)?.[channel] === true;
    const level = ticketNoticeLevel(notice.ticket.severityValue);
    const inConsole = people.filter((auth) => wants(auth, 'inConsole'));
    const told =
      inConsole.length === 0
        ? []
        : await tx
            .insert(notifications)
            .values(
              inConsole.map((auth) => ({
                userId: auth.user.userId,
                companyId,
                ticketId: notice.ticket.ticketId,
                eventId: notice.eventId,
                kind: notice.kind,
                level,
                ...ticketNoticeText(notice),
              })),
            )
            .onConflictDoNothing()
            .returning({ userId: notifications.userId });
    const recipients = people
      .filter((auth) => wants(auth, 'webhook'))
      .map(({ user }) => ({ userId: user.userId, name: user.name, email: user.email }));
    // A company's webhooks are the customer's: nothing of an INTERNAL ticket or comment goes to them.
    if (recipients.length === 0 || notice.ticket.visibility !== 'EXTERNAL' || notice.internalOnly)
      return { told, queued: 0 };
    const hooks = (
      await tx
        .select({ webhookId: companyWebhooks.webhookId, levels: companyWebhooks.levels })
        .from(companyWebhooks)
        .where(and(eq(companyWebhooks.companyId, companyId), eq(companyWebhooks.enabled, true)))
    ).filter((hook) => hook.levels.includes(level));
    if (hooks.length === 0) return { told, queued: 0 };
    const [company] = await tx
      .select({ companyId: companies.companyId, name: companies.name })
      .from(companies)
      .where(eq(companies.companyId, companyId));
    const payload = JSON.stringify(
      ticketNoticePayload(notice, company ?? { companyId, name: '' }, recipients, deps.consoleOrigin),
    );
    const queued = await tx
      .insert(webhookDeliveries)
      .values(
        hooks.map((hook) => ({
          webhookId: hook.webhookId,
          ticketId: notice.ticket.ticketId,
          eventId: notice.eventId,
          kind: notice.kind,
          payload,
        })),
      )
      .onConflictDoNothing()
      .returning({ deliveryId: webhookDeliveries.deliveryId });
    return { told, queued: queued.length };
  }

  async function runOnce(): Promise<number> {
    const outcome = await db.transaction(async (tx) => {
      const [cursorRow] = await tx
        .select({ value: serverSettings.value })
        .from(serverSettings)
        .where(eq(serverSettings.key, TICKET_NOTICES_CURSOR))
        .for('update');
      if (!cursorRow) return { read: 0, told: new Set<number>(), queued: 0 };
      const cursor = cursorSchema.parse(cursorRow.value).eventId;
      const [clock] = await tx
        .select({ now: sql<Date>`now()` })
        .from(serverSettings)
        .limit(1);
      const seen = await tx
        .select({ eventId: events.eventId, createdAt: events.createdAt })
        .from(events)
        .where(gt(events.eventId, cursor))
        .orderBy(asc(events.eventId))
        .limit(BATCH);
      const last = seen.at(-1);
      if (!last) return { read: 0, told: new Set<number>(), queued: 0 };
      const found = await tx
        .select({
          eventId: events.eventId,
          name: events.name,
          actorUserId: events.actorUserId,
          actorName: users.name,
          createdAt: events.createdAt,
          data: events.data,
          subjectId: events.subjectId,
        })
        .from(events)
        .leftJoin(users, eq(users.userId, events.actorUserId))
        .where(
          and(
            gt(events.eventId, cursor),
            lte(events.eventId, last.eventId),
            eq(events.subjectType, 'ticket'),
            inArray(events.name, Object.keys(TICKET_NOTICE_EVENTS)),
          ),
        )
        .orderBy(asc(events.eventId));
      const ticketMap = await loadTickets(tx, [...new Set(found.map((event) => Number(event.subjectId)))]);
      const comments = await commentsOf(tx, found);
      const told = new Set<number>();
      let queued = 0;
      for (const event of found) {
        const ticket = ticketMap.get(Number(event.subjectId));
        const notice = ticket ? noticeOf(event, ticket, (id) => comments.get(id) ?? null) : null;
        if (!notice) continue;
        const result = await tell(tx, notice);
        result.told.forEach((row) => told.add(row.userId));
        queued += result.queued;
      }
      const next = cursorAfter(cursor, seen, new Date(clock?.now ?? Date.now()).getTime());
      if (next > cursor)
        await tx
          .update(serverSettings)
          .set({ value: { eventId: next }, updatedAt: new Date() })
          .where(eq(serverSettings.key, TICKET_NOTICES_CURSOR));
      return { read: seen.length, told, queued };
    });
    for (const userId of outcome.told) {
      const auth = await contextOf(db, userId);
      if (auth) deps.relay.notifyUsers([userId], { unreadCount: await unreadCountOf(db, auth) });
    }
    if (outcome.queued > 0) deps.onDeliveriesQueued?.();
    return outcome.read;
  }

  function start(intervalMs: number): () => Promise<void> {
    let stopped = false;
    let running: Promise<unknown> = Promise.resolve();
    const tick = async () => {
      try {
        // A full batch means more are waiting: read on at once rather than a tick later.
        while (!stopped && (await runOnce()) === BATCH);
      } catch (error) {
        logger.error({ err: error }, 'ticket notices not told');
      }
    };
    const timer = setInterval(() => {
      running = running.then(tick);
    }, intervalMs);
    running = initialize().then(tick, (error: unknown) => {
      logger.error({ err: error }, 'ticket notices cursor not initialized');
    });
    return async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    };
  }

  return { initialize, runOnce, start };
}
