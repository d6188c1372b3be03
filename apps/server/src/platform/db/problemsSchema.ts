import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { assets, companies, users } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdUpdated = {
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
};

/**
 * Problem rule definitions (monitors). `kind` says how `condition` reads (docs/problem-rules.md); a rule of the
 * provider's company is a library rule any company's monitor group may hold. Ad hoc rules (type AD_HOC, kind
 * MANUAL) are never evaluated: they carry one person-made problem and end when disabled.
 */
export const problemRuleDefinitions = pgTable(
  'problem_rule_definitions',
  {
    problemRuleDefinitionId: serial('problem_rule_definition_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type').notNull().default('SYSTEM'),
    kind: text('kind').notNull(),
    condition: jsonb('condition').notNull().default({}),
    /** ISO 8601 durations, as the spec carries them. */
    timeWindow: text('time_window').notNull(),
    recoveryDuration: text('recovery_duration').notNull(),
    impactLevel: text('impact_level').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.userId),
    ...createdUpdated,
    disabledAt: at('disabled_at'),
    disabledBy: integer('disabled_by').references(() => users.userId),
    isDeleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [index('problem_rules_company_idx').on(t.companyId)],
);

/** A named bundle of rules; an asset is watched by the rules of its monitor group (assets.monitor_group_id). */
export const monitorGroups = pgTable(
  'monitor_groups',
  {
    monitorGroupId: serial('monitor_group_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    name: text('name').notNull(),
    description: text('description'),
    createdBy: integer('created_by').references(() => users.userId),
    ...createdUpdated,
    isDeleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [index('monitor_groups_company_idx').on(t.companyId)],
);

export const monitorGroupRules = pgTable(
  'monitor_group_rules',
  {
    monitorGroupId: integer('monitor_group_id')
      .notNull()
      .references(() => monitorGroups.monitorGroupId),
    problemRuleDefinitionId: integer('problem_rule_definition_id')
      .notNull()
      .references(() => problemRuleDefinitions.problemRuleDefinitionId),
  },
  (t) => [
    primaryKey({ columns: [t.monitorGroupId, t.problemRuleDefinitionId] }),
    index('monitor_group_rules_rule_idx').on(t.problemRuleDefinitionId),
  ],
);

/**
 * Alerts (the spec's query event details): one breach episode of a rule on an asset, from the first breaching
 * evaluation until the recovery duration has passed without one. At most one is ACTIVE per (rule, asset,
 * grouping key): the partial unique index is what makes a repeated or concurrent evaluation unable to open two.
 */
export const alerts = pgTable(
  'alerts',
  {
    alertId: serial('alert_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
    problemRuleDefinitionId: integer('problem_rule_definition_id')
      .notNull()
      .references(() => problemRuleDefinitions.problemRuleDefinitionId),
    groupingKey: text('grouping_key').notNull().default(''),
    detectedProblemId: integer('detected_problem_id'),
    type: text('type').notNull(),
    level: text('level').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    metricIds: jsonb('metric_ids').$type<number[]>().notNull().default([]),
    metricAlias: text('metric_alias'),
    createdAt: at('created_at').notNull().defaultNow(),
    resolvedAt: at('resolved_at'),
    firstEventAt: at('first_event_at').notNull(),
    lastEventAt: at('last_event_at').notNull(),
    numberOfOccurrences: integer('number_of_occurrences').notNull().default(1),
    /** Whether the latest evaluation breached: a breach after a clear one is a new occurrence, not a new alert. */
    breaching: boolean('breaching').notNull().default(true),
    firstEventValue: doublePrecision('first_event_value'),
    lastEventValue: doublePrecision('last_event_value'),
    /** The evaluation tick this row last took in; an older or equal tick changes nothing (idempotence). */
    evaluatedAt: at('evaluated_at').notNull(),
  },
  (t) => [
    uniqueIndex('alerts_active_key')
      .on(t.problemRuleDefinitionId, t.assetId, t.groupingKey)
      .where(sql`${t.status} = 'ACTIVE'`),
    index('alerts_asset_idx').on(t.assetId, t.lastEventAt),
    index('alerts_problem_idx').on(t.detectedProblemId),
  ],
);

/**
 * Detected problems: the alerts of one problem key (rule, asset, grouping key) while any is open, and until closed.
 * At most one open problem per key; a breach after it closed opens a new one.
 */
export const detectedProblems = pgTable(
  'detected_problems',
  {
    detectedProblemId: serial('detected_problem_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
    problemRuleDefinitionId: integer('problem_rule_definition_id')
      .notNull()
      .references(() => problemRuleDefinitions.problemRuleDefinitionId),
    groupingKey: text('grouping_key').notNull().default(''),
    /** The ticket it was moved to (detectedProblems.moveToNewTicket, moveToExistingTicket). */
    ticketId: integer('ticket_id'),
    kind: text('kind').notNull().default('SYSTEM'),
    name: text('name').notNull(),
    description: text('description'),
    level: text('level').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    ...createdUpdated,
    closedAt: at('closed_at'),
    firstEventAt: at('first_event_at').notNull(),
    lastEventAt: at('last_event_at').notNull(),
    lastDetectedAt: at('last_detected_at'),
    totalEvaluations: integer('total_evaluations').notNull().default(0),
    lastEvaluationAt: at('last_evaluation_at'),
    totalTriggeredEvaluations: integer('total_triggered_evaluations').notNull().default(0),
    acknowledgedBy: integer('acknowledged_by').references(() => users.userId),
    acknowledgedAt: at('acknowledged_at'),
    /** Set when an automation, not a person, acknowledged it. */
    acknowledgedByAutomationId: integer('acknowledged_by_automation_id'),
    mutedBy: integer('muted_by').references(() => users.userId),
    firstMutedAt: at('first_muted_at'),
    lastMutedAt: at('last_muted_at'),
    currentlyMuted: boolean('currently_muted').notNull().default(false),
    mutedByAutomationId: integer('muted_by_automation_id'),
    /** When it was left unacknowledged past the escalation time. */
    escalatedAt: at('escalated_at'),
  },
  (t) => [
    uniqueIndex('detected_problems_open_key')
      .on(t.problemRuleDefinitionId, t.assetId, t.groupingKey)
      .where(sql`${t.closedAt} IS NULL`),
    index('detected_problems_asset_idx').on(t.assetId, t.lastEventAt),
    index('detected_problems_company_idx').on(t.companyId, t.closedAt),
    index('detected_problems_ticket_idx')
      .on(t.ticketId)
      .where(sql`${t.ticketId} IS NOT NULL`),
  ],
);

/** Auto-acknowledge or auto-mute every problem of one key until `expired_by`. */
export const problemAutomations = pgTable(
  'problem_automations',
  {
    problemAutomationId: serial('problem_automation_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    problemRuleDefinitionId: integer('problem_rule_definition_id')
      .notNull()
      .references(() => problemRuleDefinitions.problemRuleDefinitionId),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
    groupingKey: text('grouping_key').notNull().default(''),
    type: text('type').notNull(),
    description: text('description').notNull(),
    expiredBy: at('expired_by').notNull(),
    setBy: integer('set_by')
      .notNull()
      .references(() => users.userId),
    setAt: at('set_at').notNull().defaultNow(),
    disabledAt: at('disabled_at'),
    disabledBy: integer('disabled_by').references(() => users.userId),
  },
  (t) => [
    index('problem_automations_key_idx').on(t.problemRuleDefinitionId, t.assetId, t.groupingKey),
    index('problem_automations_asset_idx').on(t.assetId),
  ],
);

/**
 * One row per rule: which server process evaluates it until when (a lease, so that with several processes exactly
 * one evaluates a rule and its assets), and the last evaluation tick done (so a restart picks up from there).
 */
export const problemEvaluationLeases = pgTable('problem_evaluation_leases', {
  problemRuleDefinitionId: integer('problem_rule_definition_id')
    .primaryKey()
    .references(() => problemRuleDefinitions.problemRuleDefinitionId),
  owner: text('owner'),
  leaseUntil: at('lease_until'),
  evaluatedUntil: at('evaluated_until'),
});

/** When each agent last called us (any agent-key call): what agent communication-lost rules read. */
export const agentHeartbeats = pgTable('agent_heartbeats', {
  assetId: integer('asset_id')
    .primaryKey()
    .references(() => assets.assetId),
  lastSeenAt: at('last_seen_at').notNull(),
});

// ---- Problem notifications (modules/notifications) ----

/**
 * What one user wants to hear about one company's problems. No row means the defaults (notificationDefaults.ts):
 * CRITICAL and WARNING in the console, no webhook.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    levels: jsonb('levels').$type<string[]>().notNull(),
    inConsole: boolean('in_console').notNull(),
    /** Whether the company's webhooks name this user among a delivery's recipients. */
    webhook: boolean('webhook').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);

/**
 * A user's notification centre: one row per user and problem change, or per user and ticket change (the audit
 * event that recorded it). The unique keys are what make a repeated evaluation, or a ticket change read twice,
 * unable to notify anyone twice of the same change.
 */
export const notifications = pgTable(
  'notifications',
  {
    notificationId: bigserial('notification_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    /** The problem's asset; null for a ticket's notification. */
    assetId: integer('asset_id').references(() => assets.assetId),
    /** Set for a problem's notification. */
    detectedProblemId: integer('detected_problem_id').references(() => detectedProblems.detectedProblemId),
    /** Set for a ticket's notification, with the audit event that recorded the change. */
    ticketId: integer('ticket_id'),
    eventId: bigint('event_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    level: text('level').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_user_problem_kind_key').on(t.userId, t.detectedProblemId, t.kind),
    uniqueIndex('notifications_user_event_key').on(t.userId, t.eventId),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/** A company's webhook: problem changes of the wanted levels POSTed as JSON, signed with HMAC-SHA256. */
export const companyWebhooks = pgTable(
  'company_webhooks',
  {
    webhookId: serial('webhook_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /**
     * Signs each delivery; shown to people once, when made. Encrypted (platform/secrets); one written before
     * migration 0022 is encrypted when the server starts (webhookSecrets.ts).
     */
    secret: text('secret').notNull(),
    /** Enough of the secret to tell two apart (webhookPresenter.secretHint), kept so that lists decrypt nothing. */
    secretHint: text('secret_hint').notNull().default(''),
    /** The secret before the last rotation, encrypted: deliveries are signed with it too until it expires. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    enabled: boolean('enabled').notNull().default(true),
    levels: jsonb('levels').$type<string[]>().notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.userId),
    ...createdUpdated,
  },
  (t) => [index('company_webhooks_company_idx').on(t.companyId)],
);

/**
 * The durable outbox of webhook calls: written with the notifications, sent by the delivery loop of any process
 * (claimed with FOR UPDATE SKIP LOCKED), retried with back-off until DELIVERED or FAILED. A restart loses none.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    deliveryId: bigserial('delivery_id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => companyWebhooks.webhookId, { onDelete: 'cascade' }),
    /** Null for a test delivery and a ticket's. */
    detectedProblemId: integer('detected_problem_id').references(() => detectedProblems.detectedProblemId),
    /** A ticket change's delivery: the ticket and the audit event that recorded the change. */
    ticketId: integer('ticket_id'),
    eventId: bigint('event_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('PENDING'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: at('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    /** Each attempt: when, status code or error, how long it took. */
    attempts: jsonb('attempts').notNull().default([]),
    deliveredAt: at('delivered_at'),
    /** The exact body sent on every attempt, so that a retry carries the same bytes and signature. */
    payload: text('payload').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_problem_kind_key').on(t.webhookId, t.detectedProblemId, t.kind),
    uniqueIndex('webhook_deliveries_event_key').on(t.webhookId, t.eventId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
  ],
);
