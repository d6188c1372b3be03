import { z } from 'zod';
import { isoDuration } from './assets.ts';
import { dbId, okSchema } from './common.ts';
import { problemLevels } from './problemValues.ts';
import { endpoint } from './endpoint.ts';

/** Spec: a rule definition's type. Ad hoc rules carry one person-made problem and are never evaluated. */
export const ruleTypes = ['SYSTEM', 'AD_HOC'] as const;
export type RuleType = (typeof ruleTypes)[number];

/**
 * How a rule reads its `condition` (docs/problem-rules.md). Each evaluated kind opens alerts of one spec type
 * (COMMUNICATION_LOST by its subject): THRESHOLD → METRIC, METRIC_STATUS → METRIC_STATUS, CHANGE_DETECTION →
 * CHANGE_DETECTION, COMMUNICATION_LOST → ASSET_COMMUNICATION_LOST (a unit) or COMMUNICATION_LOST (an agent),
 * QUERY → QUERY. MANUAL is the kind of ad hoc rules.
 */
export const ruleKinds = [
  'THRESHOLD',
  'METRIC_STATUS',
  'CHANGE_DETECTION',
  'COMMUNICATION_LOST',
  'QUERY',
  'MANUAL',
] as const;
export type RuleKind = (typeof ruleKinds)[number];

/** Aggregations a rule may apply over its time window. */
export const ruleAggregations = ['AVERAGE', 'MAX', 'MIN'] as const;
/** Status bits a metric-status rule watches (spec: device status bits). */
export const watchedStatusBits = ['ALARM', 'FAULT', 'DOWN', 'UNACKNOWLEDGED_ALARM', 'STALE'] as const;

const alias = z.string().trim().min(1, 'Metric alias is required').max(255);
const limit = z.number().min(-1e12).max(1e12);

/** Over the window, aggregate one metric and compare it with the asset's threshold group or fixed limits. */
export const thresholdConditionSchema = z.strictObject({
  kind: z.literal('THRESHOLD'),
  metricAlias: alias,
  aggregation: z.enum(ruleAggregations),
  limits: z.discriminatedUnion('source', [
    /** The asset's threshold group: past a critical limit is CRITICAL, past a warning limit WARNING. */
    z.strictObject({ source: z.literal('THRESHOLD_GROUP') }),
    /** Fixed limits: past either is a breach at the rule's impact level. */
    z
      .strictObject({ source: z.literal('FIXED'), above: limit.nullable(), below: limit.nullable() })
      .refine((fixed) => fixed.above !== null || fixed.below !== null, {
        message: 'Set a limit above, below or both',
        path: ['above'],
      }),
  ]),
});

/** Any reading in the window with one of these status bits is a breach. */
export const metricStatusConditionSchema = z.strictObject({
  kind: z.literal('METRIC_STATUS'),
  metricAlias: alias,
  statuses: z.array(z.enum(watchedStatusBits)).min(1, 'Choose at least one status').max(5),
});

/** A value that changes within the window (VALUE), or changes faster than a rate (RATE, per minute). */
export const changeDetectionConditionSchema = z.strictObject({
  kind: z.literal('CHANGE_DETECTION'),
  metricAlias: alias,
  mode: z.enum(['VALUE', 'RATE']),
  /** RATE only: the largest change per minute, first to last reading of the window, that is not a breach. */
  maxChangePerMinute: z.number().positive().max(1e12).nullable().default(null),
});

/** Silent for the whole window: a unit that sent no reading, or an agent that made no call. */
export const communicationLostConditionSchema = z.strictObject({
  kind: z.literal('COMMUNICATION_LOST'),
  subject: z.enum(['ASSET', 'AGENT']),
});

/** Arithmetic over named window aggregates of several metrics, compared with a number. */
export const queryConditionSchema = z.strictObject({
  kind: z.literal('QUERY'),
  terms: z
    .array(
      z.strictObject({
        name: z.string().regex(/^[a-z][a-zA-Z0-9]{0,30}$/, 'A term name is a word starting lower-case'),
        metricAlias: alias,
        aggregation: z.enum(ruleAggregations),
      }),
    )
    .min(1)
    .max(6),
  /** Terms, numbers, + - * / and parentheses, e.g. `returnAir - supplyAir`. */
  expression: z.string().trim().min(1).max(500),
  comparison: z.enum(['ABOVE', 'BELOW']),
  threshold: limit,
});

export const manualConditionSchema = z.strictObject({ kind: z.literal('MANUAL') });

export const ruleConditionSchema = z.discriminatedUnion('kind', [
  thresholdConditionSchema,
  metricStatusConditionSchema,
  changeDetectionConditionSchema,
  communicationLostConditionSchema,
  queryConditionSchema,
  manualConditionSchema,
]);
export type RuleCondition = z.infer<typeof ruleConditionSchema>;
export type ThresholdCondition = z.infer<typeof thresholdConditionSchema>;
export type QueryCondition = z.infer<typeof queryConditionSchema>;

/** Spec: problem rule definition, plus what evaluation needs (kind, condition, impact level). */
export const problemRuleDefinitionSchema = z.object({
  problemRuleDefinitionId: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(ruleTypes),
  kind: z.enum(ruleKinds),
  condition: ruleConditionSchema,
  timeWindow: z.string(),
  recoveryDuration: z.string(),
  impactLevel: z.enum(problemLevels),
  tags: z.array(z.string()),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type ProblemRuleDefinition = z.infer<typeof problemRuleDefinitionSchema>;

/** Windows from a minute to a day; recovery from none to a day. */
export const RULE_WINDOW_MIN_MS = 60_000;
export const RULE_WINDOW_MAX_MS = 86_400_000;
export const RULE_RECOVERY_MAX_MS = 86_400_000;

const ruleFields = {
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().trim().max(2000).nullable().default(null),
  condition: ruleConditionSchema,
  timeWindow: isoDuration,
  recoveryDuration: isoDuration,
  impactLevel: z.enum(problemLevels),
  tags: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
};

export const monitorGroupSchema = z.object({
  monitorGroupId: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  problemRuleDefinitionIds: z.array(z.number().int()),
  /** How many assets it watches. */
  assetCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MonitorGroup = z.infer<typeof monitorGroupSchema>;

const groupFields = {
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().trim().max(2000).nullable().default(null),
  problemRuleDefinitionIds: z.array(dbId).max(500).default([]),
};

export const problemRulesEndpoints = {
  problemRuleDefinitionsList: endpoint({
    name: 'problemRuleDefinitions.list',
    method: 'POST',
    path: '/problemRuleDefinitions.list',
    summary:
      "Rule definitions of the given companies (or every company the caller may read problems of), with the provider's library rules.",
    auth: 'user',
    body: z.strictObject({
      companyIds: z.array(dbId).max(500).optional(),
      types: z.array(z.enum(ruleTypes)).optional(),
      includeDisabled: z.boolean().default(false),
    }),
    output: z.array(problemRuleDefinitionSchema),
  }),
  problemRuleDefinitionsCreate: endpoint({
    name: 'problemRuleDefinitions.create',
    method: 'POST',
    path: '/problemRuleDefinitions.create',
    summary: 'Create a system rule definition of a company (needs problemRules:write for it).',
    auth: 'user',
    body: z.strictObject({ companyId: dbId, ...ruleFields }),
    output: problemRuleDefinitionSchema,
  }),
  problemRuleDefinitionsUpdate: endpoint({
    name: 'problemRuleDefinitions.update',
    method: 'POST',
    path: '/problemRuleDefinitions.update',
    summary:
      'Change a system rule definition; its open alerts are judged by the new rule from the next cycle.',
    auth: 'user',
    body: z.strictObject({ problemRuleDefinitionId: dbId, ...ruleFields }),
    output: problemRuleDefinitionSchema,
  }),
  problemRuleDefinitionsDelete: endpoint({
    name: 'problemRuleDefinitions.delete',
    method: 'POST',
    path: '/problemRuleDefinitions.delete',
    summary: 'Delete a system rule definition: it leaves its monitor groups and its open alerts resolve.',
    auth: 'user',
    body: z.strictObject({ problemRuleDefinitionId: dbId }),
    output: okSchema,
  }),
  monitorGroupsList: endpoint({
    name: 'monitorGroups.list',
    method: 'POST',
    path: '/monitorGroups.list',
    summary:
      "Monitor groups of the given companies (or all the caller may see), with the provider's library groups.",
    auth: 'user',
    body: z.strictObject({ companyIds: z.array(dbId).max(500).optional() }),
    output: z.array(monitorGroupSchema),
  }),
  monitorGroupsGet: endpoint({
    name: 'monitorGroups.get',
    method: 'POST',
    path: '/monitorGroups.get',
    summary: 'One monitor group.',
    auth: 'user',
    body: z.strictObject({ monitorGroupId: dbId }),
    output: monitorGroupSchema,
  }),
  monitorGroupsCreate: endpoint({
    name: 'monitorGroups.create',
    method: 'POST',
    path: '/monitorGroups.create',
    summary: "Create a company's monitor group holding the given rules (the company's or the library's).",
    auth: 'user',
    body: z.strictObject({ companyId: dbId, ...groupFields }),
    output: monitorGroupSchema,
  }),
  monitorGroupsUpdate: endpoint({
    name: 'monitorGroups.update',
    method: 'POST',
    path: '/monitorGroups.update',
    summary:
      'Rename a monitor group or replace its rules; its assets are watched by the new set from the next cycle.',
    auth: 'user',
    body: z.strictObject({ monitorGroupId: dbId, ...groupFields }),
    output: monitorGroupSchema,
  }),
  monitorGroupsDelete: endpoint({
    name: 'monitorGroups.delete',
    method: 'POST',
    path: '/monitorGroups.delete',
    summary: 'Delete a monitor group that no asset holds any more.',
    auth: 'user',
    body: z.strictObject({ monitorGroupId: dbId }),
    output: okSchema,
  }),
};

/**
 * Ad hoc rules are made with their problem (detectedProblems.createAdHoc) and ended here; kept apart from the rule
 * and monitor group calls because the ad hoc problems area answers it.
 */
export const adHocRulesEndpoints = {
  problemRuleDefinitionsDisableAdHoc: endpoint({
    name: 'problemRuleDefinitions.disableAdHoc',
    method: 'POST',
    path: '/problemRuleDefinitions.disableAdHoc',
    summary: 'Disable ad hoc rule definitions: their problems close.',
    auth: 'user',
    body: z.strictObject({ problemRuleDefinitionIds: z.array(dbId).min(1).max(500) }),
    output: okSchema,
  }),
};
