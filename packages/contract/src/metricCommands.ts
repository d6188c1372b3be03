import { z } from 'zod';
import { dbId } from './common.ts';
import { endpoint } from './endpoint.ts';

/** Spec (Metric): the actions a metric may permit. */
export const metricCommandActions = ['set', 'override'] as const;
export const metricCommandActionSchema = z.enum(metricCommandActions);
export type MetricCommandAction = z.infer<typeof metricCommandActionSchema>;

/**
 * A command's life: PENDING (queued for the unit's agent) → DELIVERED (an agent took it) → APPLIED or FAILED (the
 * agent's answer); TIMED_OUT when no agent took it, or took it and never answered, in time.
 */
export const metricCommandStates = ['PENDING', 'DELIVERED', 'APPLIED', 'FAILED', 'TIMED_OUT'] as const;
export const metricCommandStateSchema = z.enum(metricCommandStates);
export type MetricCommandState = z.infer<typeof metricCommandStateSchema>;

/** A command no agent took within this time is timed out. */
export const COMMAND_DELIVERY_TIMEOUT_MS = 60_000;
/** A command an agent took and did not answer within this time is timed out. */
export const COMMAND_ACK_TIMEOUT_MS = 60_000;
/** How long an override may last: a minute to a week. */
export const OVERRIDE_MIN_MINUTES = 1;
export const OVERRIDE_MAX_MINUTES = 7 * 24 * 60;
/** The longest an agent's poll waits for a command before answering an empty list. */
export const COMMAND_POLL_MAX_WAIT_SECONDS = 25;

export const commandValueSchema = z.union([z.number(), z.string().max(1000), z.boolean()]);

export const metricCommandSchema = z.object({
  commandId: z.number().int(),
  assetId: z.number().int(),
  metricId: z.number().int(),
  alias: z.string(),
  action: metricCommandActionSchema,
  value: commandValueSchema,
  /** The unit's value when the command was given, if it had one. */
  previousValue: commandValueSchema.nullable(),
  /** Overrides only: how long the override lasts once applied. */
  durationMinutes: z.number().int().nullable(),
  reason: z.string(),
  state: metricCommandStateSchema,
  /** The agent's reason for FAILED, or why the command timed out. */
  failureReason: z.string().nullable(),
  requestedBy: z.object({ userId: z.number().int(), name: z.string() }),
  requestedAt: z.string(),
  deliveredAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type MetricCommand = z.infer<typeof metricCommandSchema>;

/** What an agent receives: enough to act without asking anything else. */
export const agentCommandSchema = z.object({
  commandId: z.number().int(),
  assetId: z.number().int(),
  metricId: z.number().int(),
  alias: z.string(),
  action: metricCommandActionSchema,
  value: commandValueSchema,
  durationMinutes: z.number().int().nullable(),
});
export type AgentCommand = z.infer<typeof agentCommandSchema>;

export const agentCommandOutcomes = ['APPLIED', 'FAILED'] as const;

export const metricCommandsEndpoints = {
  metricCommandsCreate: endpoint({
    name: 'metrics.commands.create',
    method: 'POST',
    path: '/metrics.commands.create',
    summary:
      "Sets or overrides a metric of a unit (needs metrics:write on the unit's company, and the metric must permit the action). The command is recorded in the audit trail and queued for the unit's agent.",
    auth: 'user',
    body: z.strictObject({
      assetId: dbId,
      metricId: dbId,
      action: metricCommandActionSchema,
      value: commandValueSchema,
      /** Required for an override, refused for a set. */
      durationMinutes: z.number().int().min(OVERRIDE_MIN_MINUTES).max(OVERRIDE_MAX_MINUTES).optional(),
      reason: z.string().trim().min(1, 'Say why').max(500),
    }),
    output: metricCommandSchema,
  }),
  metricCommandsList: endpoint({
    name: 'metrics.commands.list',
    method: 'POST',
    path: '/metrics.commands.list',
    summary: "A unit's commands, newest first (needs metrics:read).",
    auth: 'user',
    body: z.strictObject({
      assetId: dbId,
      limit: z.number().int().min(1).max(200).default(50),
    }),
    output: z.array(metricCommandSchema),
  }),
  agentCommandsPoll: endpoint({
    name: 'agents.commands.poll',
    method: 'POST',
    path: '/agents.commands.poll',
    summary:
      "An agent's pending commands for the units of its data hall (agent key in x-agent-key). Waits up to waitSeconds for one to arrive; the commands answered are marked delivered.",
    auth: 'agent',
    body: z.strictObject({
      waitSeconds: z.number().int().min(0).max(COMMAND_POLL_MAX_WAIT_SECONDS).default(20),
      max: z.number().int().min(1).max(100).default(50),
    }),
    output: z.object({ commands: z.array(agentCommandSchema) }),
  }),
  agentCommandsAck: endpoint({
    name: 'agents.commands.ack',
    method: 'POST',
    path: '/agents.commands.ack',
    summary:
      'An agent answers the commands it took: APPLIED, or FAILED with its reason. Answering again changes nothing.',
    auth: 'agent',
    body: z.strictObject({
      results: z
        .array(
          z.strictObject({
            commandId: dbId,
            outcome: z.enum(agentCommandOutcomes),
            reason: z.string().trim().min(1).max(500).optional(),
          }),
        )
        .min(1)
        .max(100),
    }),
    output: z.object({
      results: z.array(z.object({ commandId: z.number().int(), state: metricCommandStateSchema })),
    }),
  }),
};
