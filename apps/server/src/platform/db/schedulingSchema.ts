import {
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
} from 'drizzle-orm/pg-core';
import { assets, companies, users } from './schema.ts';
import { tickets } from './ticketsSchema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Scheduled work (work-management spec, Scheduling; schedule enum 10): who goes where, when. `type` is the enum's
 * key (siteVisit, travel, …); `time_zone_id` is the IANA zone the entry was planned in, which the calendar feed and
 * a phone's week read it in; the instants themselves are absolute.
 */
export const schedules = pgTable(
  'schedules',
  {
    scheduleId: serial('schedule_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    type: text('type').notNull(),
    title: text('title').notNull(),
    notes: text('notes'),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    timeZoneId: text('time_zone_id').notNull(),
    ticketId: integer('ticket_id').references(() => tickets.ticketId),
    confirmed: boolean('confirmed').notNull().default(false),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('schedules_company_starts_idx').on(t.companyId, t.startsAt),
    index('schedules_range_idx').on(t.startsAt, t.endsAt),
    index('schedules_ticket_idx').on(t.ticketId),
  ],
);

/** The technicians (resources) of an entry: one or more users. */
export const scheduleResources = pgTable(
  'schedule_resources',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.scheduleId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.userId] }),
    index('schedule_resources_user_idx').on(t.userId),
  ],
);

/** The assets an entry concerns (those of its ticket, or chosen on their own). */
export const scheduleAssets = pgTable(
  'schedule_assets',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.scheduleId, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.assetId),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.assetId] }),
    index('schedule_assets_asset_idx').on(t.assetId),
  ],
);

/**
 * A user's private calendar feed: the secret in its URL is kept only as a SHA-256 hash, so a leaked database does
 * not leak feeds; a reset replaces the row and the old URL stops answering.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * How the console is used (platform-core spec: page views and events, identified by the user), recorded by our
 * own server. `kind` is 'page' (name = the route's path pattern) or 'event' (name = the event's name).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    analyticsEventId: bigserial('analytics_event_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    path: text('path'),
    properties: jsonb('properties'),
    occurredAt: at('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_time_idx').on(t.occurredAt),
    index('analytics_events_user_time_idx').on(t.userId, t.occurredAt),
  ],
);

/**
 * Client errors, grouped: one row per fingerprint (the error's name, message without numbers, and top frame),
 * counting reports and keeping the latest sample. Reports arrive sampled at the spec's 0.2.
 */
export const clientErrorGroups = pgTable(
  'client_error_groups',
  {
    fingerprint: text('fingerprint').primaryKey(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    path: text('path'),
    release: text('release'),
    lastUserId: integer('last_user_id').references(() => users.userId),
    count: integer('count').notNull().default(1),
    firstSeenAt: at('first_seen_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('client_error_groups_last_seen_idx').on(t.lastSeenAt)],
);
