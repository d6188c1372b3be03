import { z } from 'zod';
import { dbId, okSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { timeZoneIdSchema } from './maintenanceWindows.ts';

/** The schedule enum (core enum 10): keys in the order of their ids 0…5. */
export const scheduleTypes = ['other', 'siteVisit', 'travel', 'timeOff', 'reminder', 'remoteAssist'] as const;
export const scheduleTypeSchema = z.enum(scheduleTypes);
export type ScheduleType = z.infer<typeof scheduleTypeSchema>;

/** The scheduling screen's ticket association filter (spec: All / Only With Tickets / Has No Tickets). */
export const scheduleTicketFilters = ['ALL', 'WITH_TICKETS', 'WITHOUT_TICKETS'] as const;
/** The confirmed filter (spec: Confirmed / Unconfirmed); ALL when neither is chosen. */
export const scheduleConfirmedFilters = ['ALL', 'CONFIRMED', 'UNCONFIRMED'] as const;

export const SCHEDULE_TITLE_MAX = 200;
export const SCHEDULE_NOTES_MAX = 2000;
/** One entry lasts at most this long (a technician's leave included); longer is nearly always a mistyped date. */
export const SCHEDULE_MAX_DAYS = 62;
/** A list asks for at most this span at once: the calendar's widest view is a month with its edge weeks. */
export const SCHEDULE_RANGE_MAX_DAYS = 62;
/** A list answers at most this many entries; `truncated` says when more matched. */
export const SCHEDULE_LIST_MAX = 10_000;

const instant = z.iso.datetime({
  offset: true,
  error: 'Expected a date and time such as 2025-06-01T08:00:00Z',
});
const ids = z.array(dbId).max(1000);

const personSchema = z.object({ userId: z.number().int(), name: z.string() });

export const scheduleSchema = z.object({
  scheduleId: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  type: scheduleTypeSchema,
  title: z.string(),
  notes: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZoneId: z.string(),
  confirmed: z.boolean(),
  resources: z.array(personSchema),
  ticketId: z.number().int().nullable(),
  ticketTitle: z.string().nullable(),
  assets: z.array(z.object({ assetId: z.number().int(), name: z.string() })),
  createdBy: personSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** A clash the planner is warned of before saving: another entry of one of the technicians overlapping in time. */
export const scheduleConflictSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /** timeOff when the other entry is the technician's time off, doubleBooking otherwise. */
  kind: z.enum(['doubleBooking', 'timeOff']),
  scheduleId: z.number().int(),
  type: scheduleTypeSchema,
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type ScheduleConflict = z.infer<typeof scheduleConflictSchema>;

const title = z
  .string()
  .trim()
  .min(1, 'Title is required')
  .max(SCHEDULE_TITLE_MAX, `Title is at most ${SCHEDULE_TITLE_MAX} characters`);
const notes = z.string().trim().max(SCHEDULE_NOTES_MAX, `Notes are at most ${SCHEDULE_NOTES_MAX} characters`);

/** The editable fields of an entry; the server checks end after start and the length limit (field `endsAt`). */
const scheduleFields = {
  type: scheduleTypeSchema,
  title,
  notes: notes.nullable().optional(),
  startsAt: instant,
  endsAt: instant,
  timeZoneId: timeZoneIdSchema,
  resourceIds: ids.min(1, 'Choose at least one technician'),
  ticketId: dbId.nullable().optional(),
  assetIds: ids.optional(),
  confirmed: z.boolean().optional(),
};

export const scheduleListFilterSchema = z.strictObject({
  from: instant,
  to: instant,
  companyIds: ids.optional(),
  resourceIds: ids.optional(),
  types: z.array(scheduleTypeSchema).max(scheduleTypes.length).optional(),
  confirmed: z.enum(scheduleConfirmedFilters).default('ALL'),
  ticketAssociation: z.enum(scheduleTicketFilters).default('ALL'),
});
export type ScheduleListFilter = z.input<typeof scheduleListFilterSchema>;

export const schedulesEndpoints = {
  schedulesList: endpoint({
    name: 'schedules.list',
    method: 'POST',
    path: '/schedules.list',
    summary: `Entries overlapping [from, to) of the companies the caller reads (schedules:read), filtered; at most ${SCHEDULE_LIST_MAX}, by start.`,
    auth: 'user',
    body: scheduleListFilterSchema,
    output: z.object({ content: z.array(scheduleSchema), truncated: z.boolean() }),
  }),
  schedulesGet: endpoint({
    name: 'schedules.get',
    method: 'GET',
    path: '/schedules/{id}',
    summary: 'One entry (schedules:read on its company).',
    auth: 'user',
    params: z.object({ id: z.coerce.number().pipe(dbId) }),
    output: scheduleSchema,
  }),
  schedulesCreate: endpoint({
    name: 'schedules.create',
    method: 'POST',
    path: '/schedules.create',
    summary:
      "Plans an entry (schedules:write on the company) for one or more technicians, optionally for a ticket of that company and its assets; a ticket scheduled this way moves to 'scheduled'. Audited.",
    auth: 'user',
    body: z.strictObject({ companyId: dbId, ...scheduleFields }),
    output: scheduleSchema,
  }),
  schedulesUpdate: endpoint({
    name: 'schedules.update',
    method: 'POST',
    path: '/schedules.update',
    summary:
      'Changes an entry (schedules:write): only the fields named; a move or a resize names startsAt and endsAt. The company cannot change. Audited.',
    auth: 'user',
    body: z.strictObject({
      scheduleId: dbId,
      type: scheduleFields.type.optional(),
      title: title.optional(),
      notes: scheduleFields.notes,
      startsAt: instant.optional(),
      endsAt: instant.optional(),
      timeZoneId: timeZoneIdSchema.optional(),
      resourceIds: scheduleFields.resourceIds.optional(),
      ticketId: scheduleFields.ticketId,
      assetIds: scheduleFields.assetIds,
    }),
    output: scheduleSchema,
  }),
  schedulesConfirm: endpoint({
    name: 'schedules.confirm',
    method: 'POST',
    path: '/schedules.confirm',
    summary: 'Marks an entry confirmed or not (schedules:write). Audited.',
    auth: 'user',
    body: z.strictObject({ scheduleId: dbId, confirmed: z.boolean() }),
    output: scheduleSchema,
  }),
  schedulesDelete: endpoint({
    name: 'schedules.delete',
    method: 'POST',
    path: '/schedules.delete',
    summary: 'Deletes an entry (schedules:write). Audited.',
    auth: 'user',
    body: z.strictObject({ scheduleId: dbId }),
    output: okSchema,
  }),
  schedulesConflicts: endpoint({
    name: 'schedules.conflicts',
    method: 'POST',
    path: '/schedules.conflicts',
    summary:
      "Before a save: the technicians' other entries overlapping [startsAt, endsAt) (double bookings and time off), the entry being changed left out.",
    auth: 'user',
    body: z.strictObject({
      startsAt: instant,
      endsAt: instant,
      resourceIds: ids.min(1),
      scheduleId: dbId.optional(),
    }),
    output: z.object({ content: z.array(scheduleConflictSchema) }),
  }),
  schedulesResources: endpoint({
    name: 'schedules.resources.list',
    method: 'GET',
    path: '/schedules/resources',
    summary: "The technicians an entry may be planned for (the provider's staff), by name; schedules:read.",
    auth: 'user',
    output: z.object({ content: z.array(personSchema) }),
  }),
  calendarFeedGet: endpoint({
    name: 'users.calendarFeed.get',
    method: 'GET',
    path: '/users/me/calendarFeed',
    summary:
      "The signed-in user's private calendar feed URL (iCalendar), made on first ask; anyone with the URL reads the user's entries.",
    auth: 'user',
    output: z.object({ url: z.string() }),
  }),
  calendarFeedReset: endpoint({
    name: 'users.calendarFeed.reset',
    method: 'POST',
    path: '/users/me/calendarFeed.reset',
    summary: "Replaces the signed-in user's calendar feed URL: the old one stops answering at once.",
    auth: 'user',
    output: z.object({ url: z.string() }),
  }),
};
