import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { assets, companies, users } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Maintenance windows: a span of time in which an asset is being worked on. The asset is a unit, or a site, building
 * or data hall standing for every unit beneath it, including units added later, so coverage is resolved through the
 * asset hierarchy when read and no unit ids are copied here. The bounds are instants; the zone records how they were
 * entered and are shown. A window is never deleted: it is canceled, with the reason and who did it.
 */
export const assetMaintenanceWindows = pgTable(
  'asset_maintenance_windows',
  {
    assetMaintenanceWindowId: serial('asset_maintenance_window_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
    description: text('description').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    timeZoneId: text('time_zone_id').notNull(),
    canceledAt: at('canceled_at'),
    cancelReason: text('cancel_reason'),
    canceledBy: integer('canceled_by').references(() => users.userId),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.userId),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Coverage of units: the windows of a unit and its ancestors that are open at an instant.
    index('asset_maintenance_windows_asset_idx').on(t.assetId, t.endsAt),
    // Lists of a company's windows, newest first.
    index('asset_maintenance_windows_company_idx').on(t.companyId, t.startsAt),
    check('asset_maintenance_windows_order', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
