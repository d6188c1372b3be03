import { z } from 'zod';
import { dbId, okSchema } from './common.ts';
import { detectedProblemSchema, problemGroupKeySchema } from './detectedProblems.ts';
import { problemLevels } from './problemValues.ts';
import { endpoint } from './endpoint.ts';

/** Spec: problem actions an automation takes. */
export const automationTypes = ['AUTO_ACKNOWLEDGEMENT', 'AUTO_MUTE'] as const;
export type AutomationType = (typeof automationTypes)[number];
/** An automation lasts at most this long. */
export const AUTOMATION_MAX_MS = 90 * 86_400_000;

/** Spec: problem automation (problemGroupKey, type, description, expiredBy, setting {setBy, setAt}). */
export const problemAutomationSchema = z.object({
  problemAutomationId: z.number().int(),
  problemGroupKey: z.object({
    problemRuleDefinitionId: z.number().int(),
    assetId: z.number().int(),
    groupingKey: z.string().nullable(),
  }),
  type: z.enum(automationTypes),
  description: z.string(),
  expiredBy: z.string(),
  setting: z.object({ setBy: z.number().int(), setByName: z.string(), setAt: z.string() }),
  /** Disabled by a person before its expiry. */
  disabledAt: z.string().nullable(),
  /** ACTIVE until disabled or expired. */
  state: z.enum(['ACTIVE', 'EXPIRED', 'DISABLED']),
  assetName: z.string(),
  ruleName: z.string(),
});
export type ProblemAutomation = z.infer<typeof problemAutomationSchema>;

const problemIds = z.strictObject({ detectedProblemIds: z.array(dbId).min(1).max(500) });
const isoInstant = z.iso.datetime({ offset: true });

export const problemActionsEndpoints = {
  detectedProblemsAcknowledge: endpoint({
    name: 'detectedProblems.acknowledge',
    method: 'POST',
    path: '/detectedProblems.acknowledge',
    summary:
      'Acknowledge problems: the caller and the time are recorded; already acknowledged ones keep theirs.',
    auth: 'user',
    body: problemIds,
    output: z.array(detectedProblemSchema),
  }),
  detectedProblemsUnacknowledge: endpoint({
    name: 'detectedProblems.unacknowledge',
    method: 'POST',
    path: '/detectedProblems.unacknowledge',
    summary: 'Take back the acknowledgement of problems.',
    auth: 'user',
    body: problemIds,
    output: z.array(detectedProblemSchema),
  }),
  detectedProblemsMute: endpoint({
    name: 'detectedProblems.mute',
    method: 'POST',
    path: '/detectedProblems.mute',
    summary: 'Mute problems: they stay listed but notify no one.',
    auth: 'user',
    body: problemIds,
    output: z.array(detectedProblemSchema),
  }),
  detectedProblemsUnmute: endpoint({
    name: 'detectedProblems.unmute',
    method: 'POST',
    path: '/detectedProblems.unmute',
    summary: 'Unmute problems.',
    auth: 'user',
    body: problemIds,
    output: z.array(detectedProblemSchema),
  }),
  detectedProblemsEnableAutomation: endpoint({
    name: 'detectedProblems.enableAutomation',
    method: 'POST',
    path: '/detectedProblems.enableAutomation',
    summary:
      'Auto-acknowledge or auto-mute every problem of the given keys, open now or opened later, until the expiry.',
    auth: 'user',
    body: z
      .array(
        z.strictObject({
          problemGroupKeys: z.array(problemGroupKeySchema).min(1).max(500),
          type: z.enum(automationTypes),
          description: z.string().trim().min(1, 'Description is required').max(500),
          expiredBy: isoInstant,
        }),
      )
      .min(1)
      .max(50),
    output: z.array(problemAutomationSchema),
  }),
  detectedProblemsDisableAutomation: endpoint({
    name: 'detectedProblems.disableAutomation',
    method: 'POST',
    path: '/detectedProblems.disableAutomation',
    summary:
      'End automations before their expiry: their acknowledgements stay, the problems they muted are muted no longer.',
    auth: 'user',
    body: z.strictObject({ problemAutomationIds: z.array(dbId).min(1).max(500) }),
    output: okSchema,
  }),
  detectedProblemsListAutomations: endpoint({
    name: 'detectedProblems.listAutomations',
    method: 'POST',
    path: '/detectedProblems.listAutomations',
    summary: 'Automations of the given assets (or all the caller may see), active first.',
    auth: 'user',
    body: z.strictObject({
      assetIds: z.array(dbId).max(5000).optional(),
      includeEnded: z.boolean().default(false),
    }),
    output: z.array(problemAutomationSchema),
  }),
  detectedProblemsCreateAdHoc: endpoint({
    name: 'detectedProblems.createAdHoc',
    method: 'POST',
    path: '/detectedProblems.createAdHoc',
    summary:
      'Record a problem a person found on an asset (an ad hoc rule with one open problem, until the rule is disabled).',
    auth: 'user',
    body: z.strictObject({
      assetId: dbId,
      name: z.string().trim().min(1, 'Name is required').max(200),
      description: z.string().trim().max(2000).nullable().default(null),
      level: z.enum(problemLevels),
      tags: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
    }),
    output: detectedProblemSchema,
  }),
};
