import { schedulesEndpoints as endpoints } from '@kelvin/contract';
import { z } from 'zod';
import type { RouteContext } from '../../http/routeContext.ts';
import { notFound } from '../../http/httpError.ts';
import { loadOrCreateSecretKey } from '../../platform/secrets/secretKey.ts';
import { calendarFeedOf, getCalendarFeed, resetCalendarFeed, type FeedKeys } from './calendarFeedService.ts';
import { providerStaff } from './scheduleChecks.ts';
import { scheduleConflicts } from './scheduleConflicts.ts';
import { scheduleVisibility } from './schedulingAccess.ts';
import {
  confirmSchedule,
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  updateSchedule,
  type Clock,
} from './schedulesService.ts';

const feedFile = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]+\.ics$/) });

/** Schedules (schedules.*), the technicians' list and the private calendar feeds. */
export function registerSchedulingRoutes(context: RouteContext, clock: Clock = () => new Date()): void {
  const { app, db, config, route } = context;
  route(endpoints.schedulesList, ({ auth, body }) => listSchedules(db, auth, body));
  route(endpoints.schedulesGet, ({ auth, params }) => getSchedule(db, auth, params.id));
  route(endpoints.schedulesCreate, ({ auth, body }) => createSchedule(db, clock, auth, body));
  route(endpoints.schedulesUpdate, ({ auth, body }) => updateSchedule(db, clock, auth, body));
  route(endpoints.schedulesConfirm, ({ auth, body }) => confirmSchedule(db, clock, auth, body));
  route(endpoints.schedulesDelete, ({ auth, body }) => deleteSchedule(db, auth, body));
  route(endpoints.schedulesConflicts, ({ auth, body }) => scheduleConflicts(db, auth, body));
  route(endpoints.schedulesResources, async ({ auth }) => {
    scheduleVisibility(auth);
    return { content: await providerStaff(db) };
  });

  const keys: FeedKeys = {
    secretKey: loadOrCreateSecretKey(config.dataDir, config.secretKey),
    publicOrigin: config.publicOrigin,
  };
  route(endpoints.calendarFeedGet, ({ auth }) => getCalendarFeed(db, keys, auth, clock()));
  route(endpoints.calendarFeedReset, ({ auth }) => resetCalendarFeed(db, keys, auth, clock()));
  // Outside /api: calendar apps subscribe with the bare URL, no token header. Its own route, so that the page's
  // fallback never answers it; a wrong token is a plain 404 that tells nothing.
  app.get('/calendar/:file', async (request, reply) => {
    const parsed = feedFile.safeParse(request.params);
    if (!parsed.success) throw notFound();
    const text = await calendarFeedOf(db, keys, parsed.data.file.slice(0, -'.ics'.length), clock());
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="kelvin.ics"')
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(text);
  });
}
