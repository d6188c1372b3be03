import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The NetSuite sandbox's records (modules/netsuiteSandbox): every record type in one table, its fields as NetSuite
 * answers them in `body`. `internal_id` is NetSuite's `id`; `external_id` its `externalId` (unique per type).
 * `search_text` is what SuiteQL's LIKE filters and the project search read (name with its parents', item ids).
 */
export const netsuiteSandboxRecords = pgTable(
  'netsuite_sandbox_records',
  {
    internalId: bigserial('internal_id', { mode: 'number' }).primaryKey(),
    recordType: text('record_type').notNull(),
    externalId: text('external_id'),
    body: jsonb('body').notNull(),
    searchText: text('search_text').notNull().default(''),
    parentId: integer('parent_id'),
    isInactive: boolean('is_inactive').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    lastModified: at('last_modified').notNull().defaultNow(),
  },
  (t) => [
    index('netsuite_sandbox_records_type_idx').on(t.recordType, t.internalId),
    uniqueIndex('netsuite_sandbox_records_external_key')
      .on(t.recordType, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
  ],
);

/**
 * The sandbox's OAuth 2.0 grants: authorization codes (kind CODE, single use), access tokens (ACCESS) and refresh
 * tokens (REFRESH). Only a SHA-256 of each secret is kept. `revoked_at` set: refused from then on.
 */
export const netsuiteSandboxGrants = pgTable(
  'netsuite_sandbox_grants',
  {
    secretHash: text('secret_hash').primaryKey(),
    kind: text('kind').notNull(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri'),
    entity: text('entity').notNull(),
    role: text('role').notNull(),
    scope: text('scope').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('netsuite_sandbox_grants_kind_idx').on(t.kind, t.expiresAt)],
);
