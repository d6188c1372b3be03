import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const companies = pgTable('companies', {
  companyId: serial('company_id').primaryKey(),
  name: text('name').notNull(),
  netSuiteCustomerInternalId: text('net_suite_customer_internal_id'),
  subscription: text('subscription').notNull().default('OBSERVABILITY'),
  logoUrl: text('logo_url'),
  logoContentType: text('logo_content_type'),
  logoFilePath: text('logo_file_path'),
  isDeleted: boolean('is_deleted').notNull().default(false),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    userId: serial('user_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    identityId: text('identity_id').notNull(),
    isSystem: boolean('is_system').notNull().default(false),
    name: text('name').notNull(),
    role: text('role'),
    email: text('email').notNull(),
    primaryPhone: text('primary_phone'),
    secondaryPhone: text('secondary_phone'),
    location: text('location'),
    /** argon2id hash for the embedded identity provider; null for users of an external issuer. */
    passwordHash: text('password_hash'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_identity_id_key').on(t.identityId),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
  ],
);

export const roles = pgTable('roles', {
  roleId: serial('role_id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
});

/**
 * A role's grants. Attribute values may hold the placeholder `$ownCompany`, resolved to the user's own
 * company when permissions are computed, so that one customer role serves every customer company.
 */
export const roleGrants = pgTable(
  'role_grants',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.roleId, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
    attributes: jsonb('attributes').notNull().default({}),
  },
  (t) => [index('role_grants_role_idx').on(t.roleId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.roleId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const assetTypes = pgTable('asset_types', {
  assetTypeId: integer('asset_type_id').primaryKey(),
  name: text('name').notNull(),
});

export const assets = pgTable(
  'assets',
  {
    assetId: serial('asset_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    parentAssetId: integer('parent_asset_id'),
    assetTypeId: integer('asset_type_id')
      .notNull()
      .references(() => assetTypes.assetTypeId),
    name: text('name'),
    aliasPrefix: text('alias_prefix'),
    isActive: boolean('is_active').notNull().default(true),
    isMonitored: boolean('is_monitored').notNull().default(true),
    monitorGroupId: integer('monitor_group_id'),
    thresholdGroupId: integer('threshold_group_id'),
    subscription: text('subscription'),
    metadata: jsonb('metadata').notNull().default({}),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('assets_company_idx').on(t.companyId), index('assets_parent_idx').on(t.parentAssetId)],
);

export const assetProperties = pgTable(
  'asset_properties',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
    name: text('name').notNull(),
    value: text('value').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.name] })],
);

/** The audit trail: every write records one row here, in the write's own transaction. */
export const events = pgTable(
  'events',
  {
    eventId: bigserial('event_id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    actorUserId: integer('actor_user_id'),
    companyId: integer('company_id'),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('events_subject_idx').on(t.subjectType, t.subjectId),
    index('events_company_idx').on(t.companyId),
  ],
);

/** Key-value settings the server keeps for itself (signing keys, the demo password). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  ...timestamps,
});

/** Persistence of the embedded OpenID provider (sessions, grants, codes), shared by every process. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
  ],
);

/**
 * Asset access groups. Each user has one default group; an external user sees an asset when it, or one of
 * its ancestors, is in one of their groups.
 */
export const assetAccessGroups = pgTable(
  'asset_access_groups',
  {
    assetAccessGroupId: serial('asset_access_group_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    isDefault: boolean('is_default').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('asset_access_groups_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const assetAccessGroupAssets = pgTable(
  'asset_access_group_assets',
  {
    assetAccessGroupId: integer('asset_access_group_id')
      .notNull()
      .references(() => assetAccessGroups.assetAccessGroupId, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
  },
  (t) => [
    primaryKey({ columns: [t.assetAccessGroupId, t.assetId] }),
    index('access_group_assets_asset_idx').on(t.assetId),
  ],
);

/** Property names an asset type's template offers, in display order. */
export const assetTypeProperties = pgTable(
  'asset_type_properties',
  {
    assetTypeId: integer('asset_type_id')
      .notNull()
      .references(() => assetTypes.assetTypeId),
    name: text('name').notNull(),
    label: text('label').notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.assetTypeId, t.name] })],
);

export const assetNotes = pgTable(
  'asset_notes',
  {
    assetNoteId: serial('asset_note_id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
    userId: integer('user_id').references(() => users.userId),
    note: text('note').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('asset_notes_asset_idx').on(t.assetId)],
);

/** Files an agent or a user attached to an asset (system metadata, logs, configuration backups). */
export const assetArtifacts = pgTable(
  'asset_artifacts',
  {
    assetArtifactIndexId: serial('asset_artifact_index_id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
    artifactType: text('artifact_type').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    filePath: text('file_path').notNull(),
    fileSizeInBytes: integer('file_size_in_bytes').notNull(),
    /** For system-metadata artifacts: the name/value pairs the file holds, so the last one is a query away. */
    metadata: jsonb('metadata'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('asset_artifacts_asset_idx').on(t.assetId, t.artifactType, t.createdAt)],
);

/** Keys agents (asset type 61) send telemetry with; only a SHA-256 of each high-entropy key is kept. */
export const agentKeys = pgTable(
  'agent_keys',
  {
    agentKeyId: serial('agent_key_id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
    keyHash: text('key_hash').notNull(),
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('agent_keys_hash_key').on(t.keyHash), index('agent_keys_asset_idx').on(t.assetId)],
);

/** The metric catalogue: one row per alias, shared by every asset that reports it. */
export const metrics = pgTable('metrics', {
  metricId: serial('metric_id').primaryKey(),
  alias: text('alias').notNull().unique(),
  name: text('name').notNull(),
  /** cpu, uptime, step, line, enum, semantic_version */
  displayType: text('display_type').notNull(),
  /** enum, boolean, string, number */
  valueType: text('value_type').notNull(),
  metricEnumId: integer('metric_enum_id'),
  parentAlias: text('parent_alias'),
  path: text('path').notNull(),
  units: text('units'),
  metadata: jsonb('metadata').notNull().default({}),
  /** Subset of ["override", "set"]. */
  actionsPermitted: jsonb('actions_permitted').notNull().default([]),
});

export const metricEnums = pgTable('metric_enums', {
  metricEnumId: serial('metric_enum_id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Value → label, e.g. {"0": "Off", "1": "Cooling"}. */
  values: jsonb('values').notNull(),
});

export const coreEnums = pgTable('core_enums', {
  coreEnumId: integer('core_enum_id').primaryKey(),
  enumName: text('enum_name').notNull().unique(),
  /** [{key, value}] */
  values: jsonb('values').notNull(),
});

/** Which metrics each asset reports; ingestion adds a pair the first time it sees it. */
export const assetMetrics = pgTable(
  'asset_metrics',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
    metricId: integer('metric_id')
      .notNull()
      .references(() => metrics.metricId),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.metricId] })],
);

/** Uploaded files: asset data (.gz readings) now; entity and global attachments later. */
export const fileAttachments = pgTable(
  'file_attachments',
  {
    fileAttachmentId: serial('file_attachment_id').primaryKey(),
    requestId: text('request_id').notNull().unique(),
    /** ASSET_READING_ATTACHMENT, ENTITY_ATTACHMENT, GLOBAL_ATTACHMENT */
    kind: text('kind').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    contentType: text('content_type').notNull(),
    filename: text('filename').notNull(),
    filepath: text('filepath').notNull(),
    fileSizeInBytes: bigint('file_size_in_bytes', { mode: 'number' }).notNull(),
    /** PENDING, UPLOADED, SCHEDULED_FOR_PROCESSING, PROCESSING, INGESTED, ERROR */
    status: text('status').notNull(),
    failureReason: text('failure_reason'),
    pointsIngested: integer('points_ingested'),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('file_attachments_company_idx').on(t.companyId, t.createdAt),
    index('file_attachments_status_idx').on(t.status),
  ],
);

/**
 * Saved diagnose, metrics and log views (spec "Shared view"). `data` is the context's state in the version that
 * `schema` names ('v4' for diagnose); readers upgrade it with the domain's schema upgrades. A view belongs to its
 * creator's company: that is the company its PUBLISHED type shares it with.
 */
export const sharedViews = pgTable(
  'shared_views',
  {
    sharedViewId: serial('shared_view_id').primaryKey(),
    externalId: uuid('external_id').notNull().unique().defaultRandom(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.userId),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** PERSONAL, PUBLISHED, PROVISIONAL, GLOBAL */
    type: text('type').notNull(),
    /** LOGS, METRICS, DIAGNOSE, NONE */
    context: text('context').notNull(),
    schema: text('schema').notNull(),
    data: jsonb('data').notNull().default({}),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('shared_views_company_idx').on(t.companyId, t.context),
    index('shared_views_creator_idx').on(t.creatorId, t.context),
  ],
);

/**
 * Threshold groups: per metric alias, warning and critical limits, low and high. A group belongs to a company;
 * assets attach one through `assets.threshold_group_id`. Charts draw the limits; problem rules evaluate them.
 * Limits travel whole with their group (a few hundred at most), so they are kept as one JSON list.
 */
export const thresholdGroups = pgTable(
  'threshold_groups',
  {
    thresholdGroupId: serial('threshold_group_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    limits: jsonb('limits').notNull().default([]),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.userId),
    ...timestamps,
  },
  (t) => [index('threshold_groups_company_idx').on(t.companyId)],
);

/** Product tours a user has seen (spec: TicketDetailsTourSeen, AssetDashboardTourSeen, AssetDiagnoseTourSeen). */
export const userToursSeen = pgTable(
  'user_tours_seen',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    tour: text('tour').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tour] })],
);

/**
 * Set and override commands from the console to a unit's agent (the agent of the unit's data hall). Kept here, not
 * in memory, so that a restart loses no queued command and several server processes share one queue.
 */
export const metricCommands = pgTable(
  'metric_commands',
  {
    commandId: serial('command_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
    /** Where the command is delivered: the agents of this data hall take it. */
    datahallId: integer('datahall_id').notNull(),
    metricId: integer('metric_id')
      .notNull()
      .references(() => metrics.metricId),
    action: text('action').notNull(),
    value: jsonb('value').notNull(),
    previousValue: jsonb('previous_value'),
    durationMinutes: integer('duration_minutes'),
    reason: text('reason').notNull(),
    state: text('state').notNull().default('PENDING'),
    failureReason: text('failure_reason'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.userId),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deliveredTo: integer('delivered_to'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('metric_commands_asset_idx').on(t.assetId, t.commandId),
    index('metric_commands_queue_idx').on(t.datahallId, t.state),
  ],
);
