import {
  ANALYTICS_BATCH_MAX,
  USAGE_RANGE_MAX_DAYS,
  type AnalyticsItem,
  type BodyOf,
  type analyticsEndpoints,
  type Usage,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, requirePermission } from '../../http/authorize.ts';
import { badField } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { insertAnalyticsItems, readUsage } from './analyticsRepository.ts';

export const ANALYTICS_READ = 'analytics:read';
/** A browser's own time is kept when it is at most this old (a batch waits a few seconds, a hidden tab longer). */
const CLIENT_TIME_MAX_AGE_MS = 10 * 60_000;
const DAY_MS = 86_400_000;
const SCREENS_SHOWN = 20;

export type Clock = () => Date;

/** The browser's time if plausible (not ahead of ours, not too old), else the time it arrived. */
function occurredAt(item: AnalyticsItem, now: Date): Date {
  if (!item.at) return now;
  const at = new Date(item.at);
  const age = now.getTime() - at.getTime();
  return age >= 0 && age <= CLIENT_TIME_MAX_AGE_MS ? at : now;
}

/** Any signed-in user's own page views and events, stamped with who they are and their company. */
export async function trackAnalytics(
  db: DbOrTx,
  clock: Clock,
  auth: AuthContext,
  body: BodyOf<typeof analyticsEndpoints.analyticsTrack>,
): Promise<{ recorded: number }> {
  const now = clock();
  const items = body.items
    .slice(0, ANALYTICS_BATCH_MAX)
    .map((item) => ({ ...item, occurredAt: occurredAt(item, now) }));
  const recorded = await insertAnalyticsItems(
    db,
    { userId: auth.user.userId, companyId: auth.user.companyId },
    items,
  );
  return { recorded };
}

function utcDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** The usage page: provider administrators (analytics:read), cut to the companies their grant reaches. */
export async function usage(
  db: DbOrTx,
  auth: AuthContext,
  body: BodyOf<typeof analyticsEndpoints.analyticsUsage>,
): Promise<Usage> {
  requirePermission(auth, ANALYTICS_READ);
  const from = new Date(`${body.from}T00:00:00Z`);
  const to = new Date(Date.parse(`${body.to}T00:00:00Z`) + DAY_MS);
  if (to <= from) throw badField('body.to', 'The range ends before it starts.');
  if (to.getTime() - from.getTime() > USAGE_RANGE_MAX_DAYS * DAY_MS) {
    throw badField('body.to', `A range is at most ${USAGE_RANGE_MAX_DAYS} days.`);
  }
  const scope = companyScope(auth, ANALYTICS_READ);
  const requested = body.companyIds;
  const companyIds =
    scope === 'ALL' ? (requested ?? null) : requested ? requested.filter((id) => scope.includes(id)) : scope;
  const read = await readUsage(db, { from, to, companyIds }, SCREENS_SHOWN);
  const byDay = new Map(read.days.map((day) => [day.day, day]));
  const eventNames = new Map<string, number>();
  for (const row of read.eventsByDay) eventNames.set(row.name, (eventNames.get(row.name) ?? 0) + row.count);
  return {
    from: body.from,
    to: body.to,
    activeUsers: read.activeUsers,
    pageViews: read.pageViews,
    events: read.events,
    days: utcDays(body.from, body.to).map((day) => ({
      day,
      activeUsers: byDay.get(day)?.activeUsers ?? 0,
      pageViews: byDay.get(day)?.pageViews ?? 0,
    })),
    screens: read.screens,
    eventsByDay: read.eventsByDay,
    eventNames: [...eventNames]
      .map(([name, total]) => ({ name, count: total }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
  };
}
