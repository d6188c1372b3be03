import { createHash, createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import { notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { users } from '../../platform/db/schema.ts';
import { calendarFeeds } from '../../platform/db/schedulingSchema.ts';
import { FEED_FUTURE_DAYS, FEED_PAST_DAYS } from '@kelvin/domain';
import { calendarFeedText } from './calendarFeed.ts';
import { SCHEDULES_READ } from './schedulingAccess.ts';
import { presentSchedule } from './schedulesPresenter.ts';
import { findSchedules } from './schedulesRepository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A feed token: 32 bytes, base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface FeedKeys {
  /** The server's secret key (KELVIN_SECRET_KEY or the data directory's), from which feed tokens are derived. */
  secretKey: Uint8Array;
  publicOrigin: string;
}

/**
 * A user's feed token: 32 bytes of HMAC-SHA256 under a key of the server's secret, over the user and the instant
 * the feed was made. The database keeps only the token's SHA-256 (a leaked database leaks no feed), yet the owner
 * can be shown their URL again on every ask; a reset stamps a new instant, so the old token is never made again.
 */
export function feedToken(secretKey: Uint8Array, userId: number, createdAt: Date): string {
  const feedKey = createHmac('sha256', secretKey).update('kelvin calendar feed v1').digest();
  return createHmac('sha256', feedKey).update(`${userId}.${createdAt.getTime()}`).digest('base64url');
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const feedUrl = (keys: FeedKeys, token: string) => `${keys.publicOrigin}/calendar/${token}.ics`;

async function storeFeed(tx: DbOrTx, keys: FeedKeys, userId: number, createdAt: Date) {
  const token = feedToken(keys.secretKey, userId, createdAt);
  await tx
    .insert(calendarFeeds)
    .values({ userId, tokenHash: tokenHash(token), createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: tokenHash(token), createdAt } });
  return { url: feedUrl(keys, token) };
}

/** The caller's feed URL, made on first ask (schedules:read: a feed is a view of the schedule). */
export function getCalendarFeed(db: Db, keys: FeedKeys, auth: AuthContext, now: Date) {
  requirePermission(auth, SCHEDULES_READ);
  const userId = auth.user.userId;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).for('update');
    if (row) return { url: feedUrl(keys, feedToken(keys.secretKey, userId, row.createdAt)) };
    return storeFeed(tx, keys, userId, now);
  });
}

/** A new URL for the caller's feed: the old one answers 404 from now on. */
export function resetCalendarFeed(db: Db, keys: FeedKeys, auth: AuthContext, now: Date) {
  requirePermission(auth, SCHEDULES_READ);
  const userId = auth.user.userId;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).for('update');
    // Two resets within one millisecond would make the same token again: the new instant is always a later one.
    const createdAt =
      row && row.createdAt.getTime() >= now.getTime() ? new Date(row.createdAt.getTime() + 1) : now;
    return storeFeed(tx, keys, userId, createdAt);
  });
}

/**
 * The iCalendar text of the feed with this token: the entries the user works on from FEED_PAST_DAYS ago to
 * FEED_FUTURE_DAYS ahead. Any token that is malformed, unknown, reset or of a deleted user is the same bare 404.
 */
export async function calendarFeedOf(db: DbOrTx, keys: FeedKeys, token: string, now: Date): Promise<string> {
  if (!TOKEN_PATTERN.test(token)) throw notFound();
  const [owner] = await db
    .select({ userId: users.userId, name: users.name })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.userId, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash(token)), eq(users.isDeleted, false)))
    .limit(1);
  if (!owner) throw notFound();
  const views = await findSchedules(db, {
    // The user's own work: the entries they are a technician of, whatever company they are for.
    companies: 'ALL',
    groupsOfUserId: null,
    resourceIds: [owner.userId],
    from: new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
    to: new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS),
  });
  return calendarFeedText(
    views.map((view) => presentSchedule(view, false)),
    { userName: owner.name, host: new URL(keys.publicOrigin).hostname, now },
  );
}
