import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.ts';

/**
 * A user's own preferences, one row per user who has chosen anything (no row: every default). One column per
 * preference, each nullable, null meaning "never chosen": a preference added later (time zone, units profile, demo
 * mode) is a new nullable column, and rows written before it read its default.
 */
export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId),
  colorScheme: text('color_scheme'),
  timeZoneId: text('time_zone_id'),
  unitsProfile: text('units_profile'),
  demoMode: boolean('demo_mode'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
