import {
  bigint,
  boolean,
  foreignKey,
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
import { tickets, timeEntries } from './ticketsSchema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Checklist forms (work-management spec, Dynamic form). A form is the stable identity (`form_id`) the screens and
 * the explorer name; its content lives in versions: saving a definition writes a new version, and a filled form
 * keeps the version it was filled against. `company_id` null: a form of the provider's catalogue, offered to every
 * company; else one company's own.
 */
export const forms = pgTable(
  'forms',
  {
    formId: serial('form_id').primaryKey(),
    companyId: integer('company_id').references(() => companies.companyId),
    label: text('label').notNull(),
    latestVersion: integer('latest_version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('forms_company_idx').on(t.companyId)],
);

/** One saved version of a form: its label then, who saved it and when. */
export const formVersions = pgTable(
  'form_versions',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => forms.formId),
    version: integer('version').notNull(),
    label: text('label').notNull(),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.version] })],
);

/**
 * An element's definition: label, type and options (JSON, by type). Never changed once written: a version that
 * changes an element writes a new definition, so older versions keep theirs; an unchanged element keeps its id
 * across versions.
 */
export const formElementDefs = pgTable(
  'form_element_defs',
  {
    formElementDefId: serial('form_element_def_id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.formId),
    label: text('label').notNull(),
    type: text('type').notNull(),
    options: jsonb('options').notNull().default({}),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('form_element_defs_form_idx').on(t.formId)],
);

/**
 * Where a definition sits in one version of a form: its parent group (by definition id), whether it is required,
 * its display order. Values are keyed by this association, so they stay with the version they were filled in.
 */
export const formElementAssociations = pgTable(
  'form_element_associations',
  {
    formElementDefAssociationId: serial('form_element_def_association_id').primaryKey(),
    formId: integer('form_id').notNull(),
    version: integer('version').notNull(),
    formElementDefId: integer('form_element_def_id')
      .notNull()
      .references(() => formElementDefs.formElementDefId),
    parentFormElementDefId: integer('parent_form_element_def_id').references(
      () => formElementDefs.formElementDefId,
    ),
    isRequired: boolean('is_required').notNull().default(false),
    displayOrder: integer('display_order').notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.formId, t.version],
      foreignColumns: [formVersions.formId, formVersions.version],
    }),
    // An element appears once per version: its definition id names it as a parent.
    uniqueIndex('form_element_associations_version_def_key').on(t.formId, t.version, t.formElementDefId),
  ],
);

/** The ticket types (core enum ticketType values; -1 universal: every type) a form is offered on. */
export const formTicketTypes = pgTable(
  'form_ticket_types',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => forms.formId),
    ticketTypeValue: integer('ticket_type_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.ticketTypeValue] })],
);

/**
 * A form filled for one asset of a ticket (entity TICKET): its metadata (the version it was filled against,
 * whether it is complete). Created by the first save; 'Available' in the spec's terms until then.
 */
export const formInstances = pgTable(
  'form_instances',
  {
    formInstanceId: serial('form_instance_id').primaryKey(),
    formId: integer('form_id').notNull(),
    formVersion: integer('form_version').notNull(),
    entityType: text('entity_type').notNull().default('TICKET'),
    entityId: integer('entity_id')
      .notNull()
      .references(() => tickets.ticketId),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
    isFormCompleted: boolean('is_form_completed').notNull().default(false),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.userId),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.formId, t.formVersion],
      foreignColumns: [formVersions.formId, formVersions.version],
    }),
    uniqueIndex('form_instances_key').on(t.formId, t.entityType, t.entityId, t.assetId),
    index('form_instances_entity_idx').on(t.entityType, t.entityId),
    index('form_instances_updated_idx').on(t.updatedAt.desc(), t.formInstanceId.desc()),
  ],
);

/** The value of one element in a filled form: the spec's typed value as JSON ({type, value}). */
export const formValues = pgTable(
  'form_values',
  {
    formInstanceId: integer('form_instance_id')
      .notNull()
      .references(() => formInstances.formInstanceId),
    formElementDefAssociationId: integer('form_element_def_association_id')
      .notNull()
      .references(() => formElementAssociations.formElementDefAssociationId),
    formElementDefId: integer('form_element_def_id').notNull(),
    value: jsonb('value').notNull(),
    updatedBy: integer('updated_by').references(() => users.userId),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formInstanceId, t.formElementDefAssociationId] })],
);

/**
 * The form timer's work periods (formTimeTracker). A period is kept once by its start: a save sent again with the
 * same work time sheet adds nothing, and the ticket's time entry it became (`time_entry_id`) is written once.
 */
export const formTimeEntries = pgTable(
  'form_time_entries',
  {
    formInstanceId: integer('form_instance_id')
      .notNull()
      .references(() => formInstances.formInstanceId),
    startTimestamp: at('start_timestamp').notNull(),
    elapsedMs: bigint('elapsed_ms', { mode: 'number' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    timeEntryId: integer('time_entry_id').references(() => timeEntries.timeEntryId),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formInstanceId, t.startTimestamp] })],
);

/**
 * Files of a filled form, in the same file store as ticket attachments. A deleted one is kept, marked, for the
 * audit trail; its bytes are removed.
 */
export const formAttachments = pgTable(
  'form_attachments',
  {
    formAttachmentId: serial('form_attachment_id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.formId),
    entityType: text('entity_type').notNull().default('TICKET'),
    entityId: integer('entity_id')
      .notNull()
      .references(() => tickets.ticketId),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
    contentType: text('content_type').notNull(),
    filename: text('filename').notNull(),
    filepath: text('filepath').notNull(),
    fileSizeInBytes: bigint('file_size_in_bytes', { mode: 'number' }).notNull(),
    description: text('description'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.userId),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.userId),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('form_attachments_entity_idx').on(t.entityType, t.entityId, t.formId)],
);
