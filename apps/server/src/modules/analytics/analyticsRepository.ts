import { and, count, countDistinct, desc, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnalyticsItem } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import { analyticsEvents } from '../../platform/db/schedulingSchema.ts';

export interface Stamp {
  userId: number;
  companyId: number;
}

export async function insertAnalyticsItems(
  db: DbOrTx,
  stamp: Stamp,
  items: readonly (AnalyticsItem & { occurredAt: Date })[],
): Promise<number> {
  if (items.length === 0) return 0;
  await db.insert(analyticsEvents).values(
    items.map((item) => ({
      userId: stamp.userId,
      companyId: stamp.companyId,
      kind: item.kind,
      name: item.name,
      path: item.path ?? (item.kind === 'page' ? item.name : null),
      properties: item.properties ?? null,
      occurredAt: item.occurredAt,
    })),
  );
  return items.length;
}

/** [from, to) and the companies (null: every one) a usage read covers. */
export interface UsageWindow {
  from: Date;
  to: Date;
  companyIds: readonly number[] | null;
}

function within({ from, to, companyIds }: UsageWindow, ...more: SQL[]): SQL | undefined {
  return and(
    gte(analyticsEvents.occurredAt, from),
    lt(analyticsEvents.occurredAt, to),
    companyIds === null ? undefined : inArray(analyticsEvents.companyId, [...companyIds]),
    ...more,
  );
}

const dayOf = sql<string>`to_char(${analyticsEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const isPage = sql`${analyticsEvents.kind} = 'page'`;
const isEvent = sql`${analyticsEvents.kind} = 'event'`;

/** The usage page's figures, each one aggregation in SQL: totals, per day, screens, events per day and name. */
export async function readUsage(db: DbOrTx, window: UsageWindow, screensLimit: number) {
  const [totals] = await db
    .select({
      activeUsers: countDistinct(analyticsEvents.userId),
      pageViews: sql<number>`count(*) filter (where ${isPage})`.mapWith(Number),
      events: sql<number>`count(*) filter (where ${isEvent})`.mapWith(Number),
    })
    .from(analyticsEvents)
    .where(within(window));
  const days = await db
    .select({
      day: dayOf,
      activeUsers: countDistinct(analyticsEvents.userId),
      pageViews: sql<number>`count(*) filter (where ${isPage})`.mapWith(Number),
    })
    .from(analyticsEvents)
    .where(within(window))
    .groupBy(dayOf);
  const screens = await db
    .select({
      path: analyticsEvents.name,
      views: count(),
      users: countDistinct(analyticsEvents.userId),
    })
    .from(analyticsEvents)
    .where(within(window, isPage))
    .groupBy(analyticsEvents.name)
    .orderBy(desc(count()), analyticsEvents.name)
    .limit(screensLimit);
  const eventsByDay = await db
    .select({ day: dayOf, name: analyticsEvents.name, count: count() })
    .from(analyticsEvents)
    .where(within(window, isEvent))
    .groupBy(dayOf, analyticsEvents.name)
    .orderBy(dayOf, analyticsEvents.name);
  return {
    activeUsers: totals?.activeUsers ?? 0,
    pageViews: totals?.pageViews ?? 0,
    events: totals?.events ?? 0,
    days,
    screens,
    eventsByDay,
  };
}

/** Retention: deletes events that happened before `before`; returns how many went. */
export async function deleteEventsBefore(db: DbOrTx, before: Date): Promise<number> {
  const deleted = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.occurredAt, before))
    .returning({ id: analyticsEvents.analyticsEventId });
  return deleted.length;
}
