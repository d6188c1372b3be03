import { z } from 'zod';
import { isoDuration } from './assets.ts';
import { dbId } from './common.ts';
import { detectedProblemSchema, problemSummarySchema } from './detectedProblems.ts';
import { endpoint } from './endpoint.ts';
import { TICKET_TITLE_MAX } from './ticketValues.ts';

/** Spec (work management, ticketType and ticketSource): a ticket made from problems is an incident from a Kyoto link event. */
export const PROBLEM_TICKET_TYPE_VALUE = 0;
export const PROBLEM_TICKET_SOURCE_VALUE = 0;
/** Spec (ticketStatus): the status whose spans are a ticket's work periods (service visits). */
export const IN_PROGRESS_STATUS_VALUE = 2;

const problemIds = z.array(dbId).min(1).max(500);
const isoInstant = z.iso.datetime({ offset: true });

/** Per ticket: its problems counted like an asset's summary, with the closed ones beside the open ones. */
export const ticketProblemSummarySchema = problemSummarySchema.extend({
  ticketId: z.number().int(),
  /** Every problem on the ticket, open or closed. */
  total: z.number().int(),
  closed: z.number().int(),
  /** Closed problems whose last event falls within the active interval. */
  recentlyClosed: z.number().int(),
});
export type TicketProblemSummary = z.infer<typeof ticketProblemSummarySchema>;

/** A span a ticket spent in inProgress: a service visit, drawn on the charts of its assets. */
export const ticketWorkPeriodSchema = z.object({
  ticketId: z.number().int(),
  title: z.string(),
  statusEnumKey: z.string(),
  /** The ticket's assets among those asked about. */
  assetIds: z.array(z.number().int()),
  from: z.string(),
  /** Null while the ticket is still in progress. */
  to: z.string().nullable(),
});
export type TicketWorkPeriod = z.infer<typeof ticketWorkPeriodSchema>;

/** Moving detected problems to tickets, and what tickets know of their problems (registered with the tickets). */
export const problemTicketsEndpoints = {
  detectedProblemsMoveToNewTicket: endpoint({
    name: 'detectedProblems.moveToNewTicket',
    method: 'POST',
    path: '/detectedProblems.moveToNewTicket',
    summary:
      "Opens an incident ticket (source kyotoLinkEvent) for problems of one company, with their assets, and moves the problems to it. The title defaults to the problems'.",
    auth: 'user',
    body: z.strictObject({
      detectedProblemIds: problemIds,
      ticketTitle: z.string().trim().max(TICKET_TITLE_MAX).optional(),
    }),
    output: z.object({ ticketId: z.number().int() }),
  }),
  detectedProblemsMoveToExistingTicket: endpoint({
    name: 'detectedProblems.moveToExistingTicket',
    method: 'POST',
    path: '/detectedProblems.moveToExistingTicket',
    summary:
      "Moves problems to a ticket of their company (from any ticket they were on); their assets join the ticket's.",
    auth: 'user',
    body: z.strictObject({ detectedProblemIds: problemIds, ticketId: dbId }),
    output: z.array(detectedProblemSchema),
  }),
  detectedProblemsRemoveFromTicket: endpoint({
    name: 'detectedProblems.removeFromTicket',
    method: 'POST',
    path: '/detectedProblems.removeFromTicket',
    summary:
      'Takes problems off their tickets. The body is a list of problem ids; a repeated id counts once.',
    auth: 'user',
    body: problemIds,
    output: z.array(detectedProblemSchema),
  }),
  ticketsDetectedProblemsSummary: endpoint({
    name: 'tickets.detectedProblemsSummary',
    method: 'POST',
    path: '/tickets.detectedProblemsSummary',
    summary:
      'Per ticket, its detected problems counted by level (open ones), open and closed, and the last event over the active interval.',
    auth: 'user',
    body: z.strictObject({ ticketIds: z.array(dbId).min(1).max(500), activeInterval: isoDuration }),
    output: z.array(ticketProblemSummarySchema),
  }),
  ticketsWorkPeriods: endpoint({
    name: 'tickets.workPeriods',
    method: 'POST',
    path: '/tickets.workPeriods',
    summary:
      'The spans tickets holding the given assets spent in progress within a time window (service visits), for chart annotations.',
    auth: 'user',
    body: z.strictObject({
      assetIds: z.array(dbId).min(1).max(500),
      timeWindow: z
        .strictObject({ from: isoInstant, to: isoInstant })
        .refine((window) => Date.parse(window.to) > Date.parse(window.from), {
          path: ['to'],
          message: 'to must be after from',
        }),
    }),
    output: z.array(ticketWorkPeriodSchema),
  }),
};
