import { z } from 'zod';
import { dbId, idParam, okSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { pageableQuerySchema, pagedSchema } from './paging.ts';

/** Spec (section 5, Other): a time entry's date is sent as yyyy-MM-dd. */
export const TIME_ENTRY_DATE_FORMAT = 'yyyy-MM-dd';
export const TIME_ENTRY_MIN_MINUTES = 1;
export const TIME_ENTRY_MAX_MINUTES = 24 * 60;
export const TIME_ENTRY_DESCRIPTION_MAX = 2000;
export const TIME_ENTRY_DURATION_MESSAGE = 'A time entry lasts from 1 minute to 24 hours.';
/** The time entries grid's page size (the spec leaves "other grid page size" to a shared setting). */
export const TIME_ENTRY_PAGE_SIZE = 50;

/** A calendar date as yyyy-MM-dd that exists (no 2026-02-30). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as yyyy-MM-dd')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }, 'Expected a date that exists, as yyyy-MM-dd');

/** Spec (section 3, Time entry): duration in hours and minutes; together 1 minute to 24 hours. */
export const timeEntryDurationSchema = z
  .strictObject({ hours: z.number().int().min(0).max(24), minutes: z.number().int().min(0).max(59) })
  .refine(({ hours, minutes }) => {
    const total = hours * 60 + minutes;
    return total >= TIME_ENTRY_MIN_MINUTES && total <= TIME_ENTRY_MAX_MINUTES;
  }, TIME_ENTRY_DURATION_MESSAGE);

/** Spec (section 3): timeEntryId, ticketId, userId, laborCodeEnumKey, description, date, duration; names for screens. */
export const timeEntrySchema = z.object({
  timeEntryId: z.number().int(),
  ticketId: z.number().int(),
  ticketTitle: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  laborCodeEnumKey: z.string(),
  laborCodeEnumValue: z.number().int(),
  description: z.string(),
  date: z.string(),
  duration: z.object({ hours: z.number().int(), minutes: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the caller may change or delete this entry (its author, or provider staff who may write tickets). */
  canEdit: z.boolean(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

const dateRangeSchema = z
  .strictObject({ from: calendarDate, to: calendarDate })
  .refine(({ from, to }) => from <= to, { message: 'The range must not end before it starts', path: ['to'] });

export const timeEntryFilterSchema = z.strictObject({
  userIds: z.array(dbId).max(1000).optional(),
  ticketIds: z.array(dbId).max(1000).optional(),
  companyIds: z.array(dbId).max(1000).optional(),
  laborCodeValues: z.array(z.number().int().min(-1).max(1000)).max(50).optional(),
  /** Both ends included. */
  dateRange: dateRangeSchema.optional(),
});
export type TimeEntryFilter = z.infer<typeof timeEntryFilterSchema>;

/** Sort properties of the list, snake-cased as the spec's getTimeEntries sends them. Default: date, newest first. */
export const timeEntrySortProperties = [
  'date',
  'duration',
  'user_name',
  'ticket_id',
  'company_name',
  'labor_code',
  'created_at',
] as const;
export type TimeEntrySortProperty = (typeof timeEntrySortProperties)[number];

const timeEntryFields = {
  date: calendarDate,
  duration: timeEntryDurationSchema,
  /** A key of the laborCodes core enum (9): other, travel. */
  laborCodeEnumKey: z.string().min(1).max(100),
  description: z.string().trim().max(TIME_ENTRY_DESCRIPTION_MAX).default(''),
};

export const timeEntryCreateSchema = z.strictObject({ ticketId: dbId, ...timeEntryFields });
export const timeEntryUpdateSchema = z.strictObject({
  timeEntryId: dbId,
  /** Another ticket moves the entry there (the caller must be able to enter time on both). */
  ticketId: dbId.optional(),
  ...timeEntryFields,
});

export const timeEntriesEndpoints = {
  timeEntriesMine: endpoint({
    name: 'tickets.timeEntries.mine',
    method: 'GET',
    path: '/tickets/timeEntries',
    summary:
      "The caller's own time entries, newest first, optionally from and to a date (yyyy-MM-dd, both included).",
    auth: 'user',
    query: z
      .strictObject({ from: calendarDate.optional(), to: calendarDate.optional() })
      .refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
        message: 'The range must not end before it starts',
        path: ['to'],
      }),
    output: z.array(timeEntrySchema),
  }),
  timeEntriesList: endpoint({
    name: 'tickets.timeEntries.list',
    method: 'POST',
    path: '/tickets.timeEntries.list',
    summary:
      'Time entries of the tickets the caller may see, filtered, sorted by a snake-cased column and paged, with the total minutes of everything the filter matches.',
    auth: 'user',
    body: z.strictObject({
      filter: timeEntryFilterSchema.default({}),
      pageableQuery: pageableQuerySchema.optional(),
    }),
    output: pagedSchema(timeEntrySchema).extend({
      totals: z.object({ entries: z.number().int(), minutes: z.number().int() }),
    }),
  }),
  timeEntriesExport: endpoint({
    name: 'tickets.timeEntries.export',
    method: 'POST',
    path: '/tickets.timeEntries.export',
    summary:
      'Every time entry the filter matches as CSV, streamed in the sort asked (date, ticket, company, user, labor code, hours, minutes, description).',
    auth: 'user',
    responseType: 'csv',
    body: z.strictObject({
      filter: timeEntryFilterSchema.default({}),
      sort: pageableQuerySchema.shape.sort.optional(),
    }),
    output: z.undefined(),
  }),
  timeEntriesFilterOptions: endpoint({
    name: 'tickets.timeEntries.filterOptions',
    method: 'POST',
    path: '/tickets.timeEntries.filterOptions',
    summary:
      "What the time entries page's filters offer: the people, tickets and companies that have entries the caller may see (500 of each at most).",
    auth: 'user',
    output: z.object({
      users: z.array(z.object({ userId: z.number().int(), name: z.string() })),
      tickets: z.array(z.object({ ticketId: z.number().int(), title: z.string() })),
      companies: z.array(z.object({ companyId: z.number().int(), name: z.string() })),
    }),
  }),
  ticketTimeEntries: endpoint({
    name: 'tickets.timeEntries.forTicket',
    method: 'GET',
    path: '/tickets/{id}/timeEntries',
    summary: "A ticket's time entries, newest first.",
    auth: 'user',
    params: z.strictObject({ id: idParam }),
    output: z.array(timeEntrySchema),
  }),
  timeEntriesCreate: endpoint({
    name: 'tickets.timeEntries.create',
    method: 'POST',
    path: '/tickets/timeEntries',
    summary:
      'Enters time on a ticket for the caller: a date (yyyy-MM-dd, at most a day ahead), 1 minute to 24 hours, a labor code key.',
    auth: 'user',
    body: timeEntryCreateSchema,
    output: timeEntrySchema,
  }),
  timeEntriesUpdate: endpoint({
    name: 'tickets.timeEntries.update',
    method: 'PUT',
    path: '/tickets/timeEntries',
    summary:
      'Changes a time entry: its author, or provider staff who may write the ticket’s company’s tickets.',
    auth: 'user',
    body: timeEntryUpdateSchema,
    output: timeEntrySchema,
  }),
  timeEntriesDelete: endpoint({
    name: 'tickets.timeEntries.delete',
    method: 'DELETE',
    path: '/tickets/timeEntries',
    summary: 'Deletes a time entry (the same people who may change it).',
    auth: 'user',
    body: z.strictObject({ timeEntryId: dbId }),
    output: okSchema,
  }),
};
