import { z } from 'zod';
import { isoDuration } from './assets.ts';
import { dbId } from './common.ts';
import { pageableQuerySchema, pagedSchema } from './paging.ts';
import { endpoint } from './endpoint.ts';
import { problemLevels } from './problemValues.ts';

/** Spec: alert (query event detail) types. */
export const alertTypes = [
  'METRIC',
  'ASSET_COMMUNICATION_LOST',
  'COMMUNICATION_LOST',
  'CHANGE_DETECTION',
  'METRIC_STATUS',
  'QUERY',
] as const;
export type AlertType = (typeof alertTypes)[number];

/** Spec: an alert (query event detail). Times are ISO 8601; values are rounded to 2 decimals. */
export const alertSchema = z.object({
  kyotoEventDetailId: z.number().int(),
  ticketId: z.number().int().nullable(),
  companyId: z.number().int(),
  assetId: z.number().int(),
  monitorId: z.number().int(),
  monitorName: z.string(),
  monitorDescription: z.string().nullable(),
  monitorMetadata: z.object({
    query: z.string().nullable(),
    timeWindow: z.string().nullable(),
    impactLevel: z.enum(problemLevels),
    topLevelComponent: z.string().nullable(),
  }),
  monitorMetricAlias: z.string().nullable(),
  status: z.enum(['RESOLVED', 'ACTIVE']),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  firstEventAt: z.string(),
  lastEventAt: z.string(),
  level: z.enum(problemLevels),
  numberOfOccurrences: z.number().int(),
  metricIds: z.array(z.number().int()),
  type: z.enum(alertTypes),
  firstEventValue: z.number().nullable(),
  lastEventValue: z.number().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

/** Spec: problem kinds. */
export const problemKinds = ['SYSTEM', 'AD_HOC'] as const;
export type ProblemKind = (typeof problemKinds)[number];

/** Spec: a detected problem (alerts grouped by rule, asset and grouping key). Times are ISO 8601. */
export const detectedProblemSchema = z.object({
  detectedProblemId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  problemRuleDefinitionId: z.number().int().nullable(),
  assetId: z.number().int(),
  companyId: z.number().int(),
  ticketId: z.number().int().nullable(),
  groupingKey: z.string().nullable(),
  alertIds: z.array(z.number().int()),
  level: z.enum(problemLevels),
  kind: z.enum(problemKinds),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  firstEventAt: z.string(),
  lastEventAt: z.string(),
  lastDetectedAt: z.string().nullable(),
  totalEvaluations: z.number().int(),
  lastEvaluationAt: z.string().nullable(),
  totalTriggeredEvaluations: z.number().int(),
  tags: z.array(z.string()),
  acknowledgement: z
    .object({
      /** Null when an automation acknowledged it. */
      acknowledgedBy: z.number().int().nullable(),
      acknowledgedAt: z.string(),
      automationId: z.number().int().nullable(),
    })
    .nullable(),
  mute: z
    .object({
      mutedBy: z.number().int().nullable(),
      firstMutedAt: z.string(),
      lastMutedAt: z.string(),
      currentlyMuted: z.boolean(),
      automationId: z.number().int().nullable(),
    })
    .nullable(),
  /** When it was left unacknowledged past the escalation time; null until then. */
  escalatedAt: z.string().nullable(),
  /** Whether the asset is in an active maintenance window (its notifications are held back). */
  inMaintenance: z.boolean(),
});
export type DetectedProblem = z.infer<typeof detectedProblemSchema>;

/** Spec: the problem key. */
export const problemGroupKeySchema = z.strictObject({
  problemRuleDefinitionId: dbId,
  assetId: dbId,
  groupingKey: z.string().max(200).nullable(),
});
export type ProblemGroupKey = z.infer<typeof problemGroupKeySchema>;

/** Problems and alerts of one asset, or of all assets, over the active interval. */
export const problemSummarySchema = z.object({
  open: z.number().int(),
  critical: z.number().int(),
  warning: z.number().int(),
  info: z.number().int(),
  unacknowledged: z.number().int(),
  muted: z.number().int(),
  escalated: z.number().int(),
  /** The worst level of its open problems; null with none. */
  worstLevel: z.enum(problemLevels).nullable(),
  lastEventAt: z.string().nullable(),
});
export type ProblemSummary = z.infer<typeof problemSummarySchema>;

const isoInstant = z.iso.datetime({ offset: true });
const timeWindowSchema = z
  .strictObject({ from: isoInstant, to: isoInstant })
  .refine((window) => Date.parse(window.to) > Date.parse(window.from), {
    path: ['to'],
    message: 'to must be after from',
  });

export const detectedProblemsEndpoints = {
  detectedProblemsListAlertView: endpoint({
    name: 'detectedProblems.listAlertView',
    method: 'POST',
    path: '/detectedProblems.listAlertView',
    summary:
      'Alerts of the given assets over a time window (or active within the interval), with their detected problems and the ids of alerts that belong to none.',
    auth: 'user',
    body: z
      .strictObject({
        assetIds: z.array(dbId).min(1).max(500),
        ticketIds: z.array(dbId).max(500).optional(),
        activeInterval: isoDuration.optional(),
        timeWindow: z.strictObject({ from: isoInstant, to: isoInstant }).optional(),
      })
      .superRefine((body, context) => {
        const window = body.timeWindow;
        if (window && Date.parse(window.to) <= Date.parse(window.from))
          context.addIssue({ code: 'custom', path: ['timeWindow', 'to'], message: 'to must be after from' });
      }),
    output: z.object({
      alerts: z.array(alertSchema),
      detectedProblems: z.array(detectedProblemSchema),
      uncategorizedAlertIds: z.array(z.number().int()),
    }),
  }),
};

/** Listing and counting problems (registered with the problems routes). */
export const problemListsEndpoints = {
  detectedProblemsList: endpoint({
    name: 'detectedProblems.list',
    method: 'POST',
    path: '/detectedProblems.list',
    summary:
      'Detected problems of the given assets (or of every asset the caller may see), newest event first, filtered and paged.',
    auth: 'user',
    body: z.strictObject({
      assetIds: z.array(dbId).max(5000).optional(),
      problemRuleDefinitionIds: z.array(dbId).max(500).optional(),
      ticketIds: z.array(dbId).max(500).optional(),
      /** Open problems, and closed ones whose last event is within this interval of now. */
      activeInterval: isoDuration.optional(),
      timeWindow: timeWindowSchema.optional(),
      /** Matched loosely against name, description, tags and asset name. */
      fuzzyFilter: z.string().trim().max(200).optional(),
      levels: z.array(z.enum(problemLevels)).optional(),
      /** OPEN: not closed; CLOSED: closed. Both when left out. */
      states: z.array(z.enum(['OPEN', 'CLOSED'])).optional(),
      pageableQuery: pageableQuerySchema.optional(),
    }),
    output: pagedSchema(detectedProblemSchema.extend({ assetName: z.string() })),
  }),
  assetsDetectedProblemSummary: endpoint({
    name: 'assets.detectedProblemSummary',
    method: 'POST',
    path: '/assets.detectedProblemSummary',
    summary: 'Per asset, its problems over the active interval counted by level and state.',
    auth: 'user',
    body: z.strictObject({ assetIds: z.array(dbId).min(1).max(5000), activeInterval: isoDuration }),
    output: z.array(problemSummarySchema.extend({ assetId: z.number().int() })),
  }),
  detectedProblemsSummary: endpoint({
    name: 'detectedProblems.summary',
    method: 'POST',
    path: '/detectedProblems.summary',
    summary: 'The all-devices summary: every problem the caller may see over the active interval, counted.',
    auth: 'user',
    body: z.strictObject({ activeInterval: isoDuration, companyIds: z.array(dbId).max(500).optional() }),
    output: problemSummarySchema,
  }),
};
