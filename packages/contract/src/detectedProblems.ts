import { z } from 'zod';
import { isoDuration } from './assets.ts';
import { dbId } from './common.ts';
import { endpoint } from './endpoint.ts';

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
/** Spec: detected problem levels, the worst first. */
export const problemLevels = ['CRITICAL', 'WARNING', 'INFO'] as const;
export type ProblemLevel = (typeof problemLevels)[number];

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

/** Spec: a detected problem (alerts grouped by rule, asset and grouping key). */
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
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  firstEventAt: z.string(),
  lastEventAt: z.string(),
  tags: z.array(z.string()),
});
export type DetectedProblem = z.infer<typeof detectedProblemSchema>;

const isoInstant = z.iso.datetime({ offset: true });

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
