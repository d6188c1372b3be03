import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { assets, companies, users } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Full-text document of a ticket: title, description and its comments' text, kept by the tickets module. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Service tickets (work-management spec, Ticket). Enumerated fields hold the core enum's numeric value (ids 1-4
 * and 12); their keys come from core_enums. `ticket_state` follows the status (OPEN, RESOLVED, CLOSED) and is
 * kept beside it so lists filter on it without a join.
 */
export const tickets = pgTable(
  'tickets',
  {
    ticketId: serial('ticket_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
    isFrozen: boolean('is_frozen').notNull().default(false),
    /** ISO 8601 duration, for example PT4H30M. */
    estimatedDuration: text('estimated_duration'),
    severityValue: integer('severity_value').notNull().default(0),
    priorityValue: integer('priority_value').notNull().default(1),
    typeValue: integer('type_value').notNull().default(0),
    statusValue: integer('status_value').notNull().default(0),
    sourceValue: integer('source_value').notNull().default(1),
    ticketState: text('ticket_state').notNull().default('OPEN'),
    externalTicket: text('external_ticket'),
    netSuiteBillingState: text('net_suite_billing_state').notNull().default('NOT_BILLABLE'),
    netSuiteSalesOrderInternalId: text('net_suite_sales_order_internal_id'),
    isBillable: boolean('is_billable').notNull().default(false),
    purchaseOrderNumber: text('purchase_order_number'),
    salesOrderNumber: text('sales_order_number'),
    visibility: text('visibility').notNull().default('INTERNAL'),
    relationships: jsonb('relationships').notNull().default([]),
    reportedProblem: jsonb('reported_problem'),
    rootCause: jsonb('root_cause'),
    formValues: jsonb('form_values').notNull().default([]),
    coveredByContractId: integer('covered_by_contract_id'),
    coveredByWarrantyId: integer('covered_by_warranty_id'),
    createdBy: integer('created_by').references(() => users.userId),
    search: tsvector('search')
      .notNull()
      .default(sql`''::tsvector`),
    /** The same without INTERNAL comments: what an external user's search reads, so it reveals none of them. */
    searchExternal: tsvector('search_external')
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [
    index('tickets_company_idx').on(t.companyId, t.ticketId.desc()),
    index('tickets_updated_idx').on(t.updatedAt.desc(), t.ticketId.desc()),
    index('tickets_created_idx').on(t.createdAt.desc(), t.ticketId.desc()),
    index('tickets_status_idx').on(t.statusValue, t.ticketId.desc()),
    index('tickets_priority_idx').on(t.priorityValue, t.ticketId.desc()),
    index('tickets_title_idx').on(t.title, t.ticketId),
    // The orders page's tabs: one billing state, newest change first (bench/ordersPage.ts).
    // NULLS FIRST, as a plain `ORDER BY ... DESC` reads them: an index in another null order would not serve it.
    index('tickets_billing_state_idx').on(
      t.netSuiteBillingState,
      t.updatedAt.desc().nullsFirst(),
      t.ticketId.desc().nullsFirst(),
    ),
    index('tickets_search_idx').using('gin', t.search),
    index('tickets_search_external_idx').using('gin', t.searchExternal),
  ],
);

/** Who a ticket involves and how: ticketUserRelationType requester (0), owner (1), worker (2). */
export const ticketUsers = pgTable(
  'ticket_users',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.ticketId),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    relationTypeValue: integer('relation_type_value').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.userId, t.relationTypeValue] }),
    index('ticket_users_user_idx').on(t.userId),
    // A ticket has at most one owner (relation 1: RELATION_OWNER in ticketRules.ts). The calls check it first for
    // a clear 400; the index holds it for every other writer too (seeds, scripts, a call that forgets the check).
    uniqueIndex('ticket_users_one_owner_key')
      .on(t.ticketId)
      .where(sql`${t.relationTypeValue} = 1`),
  ],
);

export const ticketAssets = pgTable(
  'ticket_assets',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.ticketId),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.assetId] }), index('ticket_assets_asset_idx').on(t.assetId)],
);

/** Comments, INTERNAL by default: an external user never sees an INTERNAL one. Deleted ones are kept, marked. */
export const ticketComments = pgTable(
  'ticket_comments',
  {
    commentId: serial('comment_id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.ticketId),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    comment: text('comment').notNull(),
    visibility: text('visibility').notNull().default('INTERNAL'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.createdAt.desc())],
);

/**
 * Files of a ticket, or of one of its comments (`comment_id`, shown with the comment and as visible as it).
 * A row is written when the upload is asked for and `uploaded_at` set once the bytes are stored.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    ticketAttachmentId: serial('ticket_attachment_id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.ticketId),
    commentId: integer('comment_id').references(() => ticketComments.commentId),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    createdAt: at('created_at').notNull().defaultNow(),
    uploadedAt: at('uploaded_at'),
    contentType: text('content_type').notNull(),
    filename: text('filename').notNull(),
    filepath: text('filepath').notNull(),
    fileSizeInBytes: bigint('file_size_in_bytes', { mode: 'number' }).notNull(),
    description: text('description'),
    isDeleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId)],
);

/** Parts and services used on a ticket. A null or zero sales price blocks billing (accounting blocker). */
export const ticketConsumables = pgTable(
  'ticket_consumables',
  {
    ticketConsumableId: serial('ticket_consumable_id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.ticketId),
    type: text('type').notNull(),
    itemId: text('item_id'),
    displayName: text('display_name').notNull(),
    quantity: numeric('quantity', { mode: 'number' }).notNull().default(1),
    salesPrice: numeric('sales_price', { mode: 'number' }),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_consumables_ticket_idx').on(t.ticketId)],
);

/** Time worked on a ticket: a day (the user's calendar date) and minutes, with a labor code (core enum 9). */
export const timeEntries = pgTable(
  'time_entries',
  {
    timeEntryId: serial('time_entry_id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.ticketId),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    laborCodeValue: integer('labor_code_value').notNull().default(0),
    description: text('description').notNull().default(''),
    date: date('date', { mode: 'string' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('time_entries_ticket_idx').on(t.ticketId),
    index('time_entries_user_date_idx').on(t.userId, t.date.desc()),
    index('time_entries_date_idx').on(t.date.desc(), t.timeEntryId.desc()),
  ],
);

/**
 * Each status a ticket entered and when: the swim lane's undo, the history tab and the service-visit annotations
 * on asset charts (spans in inProgress are work periods) read it without walking the audit trail.
 */
export const ticketStatusChanges = pgTable(
  'ticket_status_changes',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.ticketId),
    statusValue: integer('status_value').notNull(),
    changedAt: at('changed_at').notNull().defaultNow(),
    changedBy: integer('changed_by').references(() => users.userId),
  },
  (t) => [index('ticket_status_changes_ticket_idx').on(t.ticketId, t.changedAt)],
);
