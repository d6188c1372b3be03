import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { assets, companies, users } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Service contracts (work-management spec, Contract). A contract covers the assets listed in contract_assets from
 * its start date to its end date, both calendar dates and both inclusive.
 */
export const contracts = pgTable(
  'contracts',
  {
    contractId: serial('contract_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    label: text('label').notNull(),
    managedStatus: text('managed_status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Whether a covered ticket's parts are at no charge as well as its labour (our own field; see coverage). */
    coversParts: boolean('covers_parts').notNull().default(true),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('contracts_company_idx').on(t.companyId, t.contractId)],
);

export const contractAssets = pgTable(
  'contract_assets',
  {
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.assetId] }),
    index('contract_assets_asset_idx').on(t.assetId),
  ],
);

/**
 * Warranties (work-management spec, Warranty). `duration` is an ISO 8601 period (P2Y); `start_date` is a calendar
 * date in the warranty's time zone (`time_zone_id`, an IANA name) and `end_date` is kept with it, start + duration.
 * `start_kind`: DATE_COMMISSIONED or DATE_DELIVERED. `state` is the displayed state.
 */
export const warranties = pgTable(
  'warranties',
  {
    warrantyId: serial('warranty_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    label: text('label').notNull(),
    state: text('state').notNull().default('ACTIVE'),
    duration: text('duration').notNull(),
    startKind: text('start_kind').notNull().default('DATE_COMMISSIONED'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isSample: boolean('is_sample').notNull().default(false),
    timeZoneId: text('time_zone_id').notNull(),
    formValues: jsonb('form_values').notNull().default([]),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('warranties_company_idx').on(t.companyId, t.warrantyId)],
);

export const warrantyAssets = pgTable(
  'warranty_assets',
  {
    warrantyId: integer('warranty_id')
      .notNull()
      .references(() => warranties.warrantyId, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
  },
  (t) => [
    primaryKey({ columns: [t.warrantyId, t.assetId] }),
    index('warranty_assets_asset_idx').on(t.assetId),
  ],
);
