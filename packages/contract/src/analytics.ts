import { z } from 'zod';
import { dbId, okSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { calendarDate } from './timeEntries.ts';

/** A batch carries at most this many page views and events; the browser sends every few seconds, so it rarely nears it. */
export const ANALYTICS_BATCH_MAX = 50;
/** An event's properties, as JSON, are at most this long: names and small facts, never a record's contents. */
export const ANALYTICS_PROPERTIES_MAX_CHARS = 1000;
export const ANALYTICS_NAME_MAX = 100;
export const ANALYTICS_PATH_MAX = 300;
/** Events older than this are deleted (once a day): the usage page looks back a year at most. */
export const ANALYTICS_RETENTION_DAYS = 400;
/** The usage page's widest range. */
export const USAGE_RANGE_MAX_DAYS = 366;
export const CLIENT_ERROR_MESSAGE_MAX = 1000;
export const CLIENT_ERROR_STACK_MAX = 4000;

const propertyValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

export const analyticsItemSchema = z.strictObject({
  kind: z.enum(['page', 'event']),
  /** A page's route pattern (`/user/tickets/:ticketId/details`), or an event's name (`ticket created`). */
  name: z.string().trim().min(1).max(ANALYTICS_NAME_MAX),
  /** The route pattern the event happened on. */
  path: z.string().max(ANALYTICS_PATH_MAX).optional(),
  properties: z
    .record(z.string().max(50), propertyValue)
    .refine((value) => JSON.stringify(value).length <= ANALYTICS_PROPERTIES_MAX_CHARS, {
      message: `Properties are at most ${ANALYTICS_PROPERTIES_MAX_CHARS} characters of JSON`,
    })
    .optional(),
  /** When it happened in the browser (a batch waits a few seconds); the server keeps it if it is recent. */
  at: z.iso.datetime({ offset: true }).optional(),
});
export type AnalyticsItem = z.infer<typeof analyticsItemSchema>;

const usageDay = z.object({ day: z.string(), activeUsers: z.number().int(), pageViews: z.number().int() });

export const usageSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Distinct users with any page view or event in the range. */
  activeUsers: z.number().int(),
  pageViews: z.number().int(),
  events: z.number().int(),
  /** Every day of the range (UTC), zero days included. */
  days: z.array(usageDay),
  screens: z.array(z.object({ path: z.string(), views: z.number().int(), users: z.number().int() })),
  /** Events per day and name; days without an event of that name are left out. */
  eventsByDay: z.array(z.object({ day: z.string(), name: z.string(), count: z.number().int() })),
  eventNames: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type Usage = z.infer<typeof usageSchema>;

export const clientErrorReportSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  message: z.string().max(CLIENT_ERROR_MESSAGE_MAX),
  stack: z.string().max(CLIENT_ERROR_STACK_MAX).optional(),
  path: z.string().max(ANALYTICS_PATH_MAX).optional(),
  release: z.string().max(100).optional(),
  /** window.onerror, unhandledrejection, a React error boundary, or a chunk that failed to load. */
  source: z.enum(['error', 'rejection', 'boundary', 'chunk']).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

export const clientErrorGroupSchema = z.object({
  fingerprint: z.string(),
  name: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  path: z.string().nullable(),
  release: z.string().nullable(),
  count: z.number().int(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type ClientErrorGroup = z.infer<typeof clientErrorGroupSchema>;

const day = calendarDate;

export const analyticsEndpoints = {
  analyticsTrack: endpoint({
    name: 'analytics.track',
    method: 'POST',
    path: '/analytics.track',
    summary: `Records the signed-in user's page views and events (at most ${ANALYTICS_BATCH_MAX} a batch); the server stamps user, company and time.`,
    auth: 'user',
    body: z.strictObject({ items: z.array(analyticsItemSchema).min(1).max(ANALYTICS_BATCH_MAX) }),
    output: z.object({ recorded: z.number().int() }),
  }),
  analyticsUsage: endpoint({
    name: 'analytics.usage',
    method: 'POST',
    path: '/analytics.usage',
    summary:
      'Active users per day, the most viewed screens and events over [from, to] (whole UTC days), optionally of some companies; analytics:read.',
    auth: 'user',
    body: z.strictObject({ from: day, to: day, companyIds: z.array(dbId).max(1000).optional() }),
    output: usageSchema,
  }),
  clientErrorsReport: endpoint({
    name: 'clientErrors.report',
    method: 'POST',
    path: '/clientErrors.report',
    summary:
      'A browser error (sampled at 0.2 by the console), counted in its group: name, message without numbers and ids, top stack frame.',
    auth: 'user',
    body: clientErrorReportSchema,
    output: okSchema,
  }),
  clientErrorsList: endpoint({
    name: 'clientErrors.list',
    method: 'POST',
    path: '/clientErrors.list',
    summary: 'Client error groups seen since a day, most recent first (at most 200); analytics:read.',
    auth: 'user',
    body: z.strictObject({ from: day }),
    output: z.object({ content: z.array(clientErrorGroupSchema) }),
  }),
};
