import { z } from 'zod';
import { commaSeparatedIds, dbId, idParam, okSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

/** The limits of one metric, lowest first: critical low ≤ warning low ≤ warning high ≤ critical high. */
export const LIMIT_FIELDS = ['criticalLow', 'warningLow', 'warningHigh', 'criticalHigh'] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];
export const LIMIT_LABELS: Readonly<Record<LimitField, string>> = {
  criticalLow: 'Critical low',
  warningLow: 'Warning low',
  warningHigh: 'Warning high',
  criticalHigh: 'Critical high',
};
/** A group holds a few hundred limits at most: one per metric of a unit type. */
export const THRESHOLD_LIMITS_MAX = 500;

export interface ThresholdLimit {
  metricAlias: string;
  criticalLow: number | null;
  warningLow: number | null;
  warningHigh: number | null;
  criticalHigh: number | null;
}

/**
 * What is wrong with one metric's limits: none set, or two out of order. Both fields of an out-of-order pair are
 * named (each once, by its first problem), so that a form marks both and an API caller learns which to fix
 * whichever of the two it meant to change. The form and the server use this one rule.
 */
export function limitProblems(limit: ThresholdLimit): { field: LimitField; message: string }[] {
  const set = LIMIT_FIELDS.filter((field) => limit[field] !== null);
  if (set.length === 0) return [{ field: 'warningHigh', message: 'Set at least one limit' }];
  const problems = new Map<LimitField, string>();
  set.forEach((higher, index) => {
    for (const lower of set.slice(0, index)) {
      if ((limit[lower] ?? 0) <= (limit[higher] ?? 0)) continue;
      if (!problems.has(higher))
        problems.set(higher, `${LIMIT_LABELS[higher]} must not be below ${LIMIT_LABELS[lower]}`);
      if (!problems.has(lower))
        problems.set(lower, `${LIMIT_LABELS[lower]} must not be above ${LIMIT_LABELS[higher]}`);
    }
  });
  return LIMIT_FIELDS.flatMap((field) => {
    const message = problems.get(field);
    return message === undefined ? [] : [{ field, message }];
  });
}

const limitValue = z.number().min(-1e12).max(1e12).nullable().default(null);
export const thresholdLimitSchema = z
  .strictObject({
    metricAlias: z.string().trim().min(1, 'Metric alias is required').max(255),
    criticalLow: limitValue,
    warningLow: limitValue,
    warningHigh: limitValue,
    criticalHigh: limitValue,
  })
  .superRefine((limit, context) => {
    for (const problem of limitProblems(limit))
      context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

const limitsSchema = z
  .array(thresholdLimitSchema)
  .max(THRESHOLD_LIMITS_MAX)
  .superRefine((limits, context) => {
    const seen = new Set<string>();
    limits.forEach((limit, index) => {
      if (seen.has(limit.metricAlias))
        context.addIssue({
          code: 'custom',
          path: [index, 'metricAlias'],
          message: 'Each metric once per group',
        });
      seen.add(limit.metricAlias);
    });
  });

export const thresholdGroupSchema = z.object({
  thresholdGroupId: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  description: z.string(),
  limits: z.array(
    z.object({
      metricAlias: z.string(),
      criticalLow: z.number().nullable(),
      warningLow: z.number().nullable(),
      warningHigh: z.number().nullable(),
      criticalHigh: z.number().nullable(),
    }),
  ),
  /** How many assets use the group. */
  assetCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ThresholdGroup = z.infer<typeof thresholdGroupSchema>;

const groupFields = {
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().trim().max(2000),
  limits: limitsSchema,
};

export const thresholdsEndpoints = {
  thresholdGroupsList: endpoint({
    name: 'thresholdGroups.list',
    method: 'GET',
    path: '/thresholdGroups',
    summary: 'Threshold groups of the companies the caller may read assets of, optionally of some companies.',
    auth: 'user',
    query: z.strictObject({ companyIds: commaSeparatedIds.optional() }),
    output: z.array(thresholdGroupSchema),
  }),
  thresholdGroupsCreate: endpoint({
    name: 'thresholdGroups.create',
    method: 'POST',
    path: '/thresholdGroups.create',
    summary: 'Creates a company’s threshold group (assets:write on the company).',
    auth: 'user',
    body: z.strictObject({
      companyId: dbId,
      ...groupFields,
      description: groupFields.description.default(''),
      limits: groupFields.limits.default([]),
    }),
    output: thresholdGroupSchema,
  }),
  thresholdGroupsUpdate: endpoint({
    name: 'thresholdGroups.update',
    method: 'POST',
    path: '/thresholdGroups.update',
    summary: 'Renames a threshold group or replaces its description or limits.',
    auth: 'user',
    body: z.strictObject({
      thresholdGroupId: dbId,
      name: groupFields.name.optional(),
      description: groupFields.description.optional(),
      limits: groupFields.limits.optional(),
    }),
    output: thresholdGroupSchema,
  }),
  thresholdGroupsDelete: endpoint({
    name: 'thresholdGroups.delete',
    method: 'POST',
    path: '/thresholdGroups.delete',
    summary: 'Deletes a threshold group that no asset uses.',
    auth: 'user',
    body: z.strictObject({ thresholdGroupId: dbId }),
    output: okSchema,
  }),
  assetThresholds: endpoint({
    name: 'assets.thresholds.get',
    method: 'GET',
    path: '/assets/{assetId}/thresholds',
    summary: 'The limits an asset is held to: those of its threshold group, or none.',
    auth: 'user',
    params: z.strictObject({ assetId: idParam }),
    output: z.object({
      thresholdGroupId: z.number().int().nullable(),
      name: z.string().nullable(),
      limits: thresholdGroupSchema.shape.limits,
    }),
  }),
};
