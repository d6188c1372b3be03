import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';
import { tickets } from './ticketsSchema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The accounting connection the server keeps (one row, `connection_id` 1): the tokens of the last provider user
 * who authorized NetSuite, sealed with the server's secret box (platform/secrets). Server-side reads (inventory,
 * projects, reconciliation) use it; the browser keeps its own session as the spec says.
 */
export const netsuiteConnections = pgTable('netsuite_connections', {
  connectionId: integer('connection_id').primaryKey(),
  accountId: text('account_id').notNull(),
  accessTokenSealed: text('access_token_sealed').notNull(),
  refreshTokenSealed: text('refresh_token_sealed').notNull(),
  accessExpiresAt: at('access_expires_at').notNull(),
  refreshExpiresAt: at('refresh_expires_at').notNull(),
  authorizedBy: integer('authorized_by').references(() => users.userId),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * A state handed out with an authorization redirect, checked once on return (`/netsuite?code&state`): who asked
 * and until when. Used rows are deleted.
 */
export const netsuiteAuthStates = pgTable('netsuite_auth_states', {
  state: text('state').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.userId),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/**
 * A ticket's sales order, written before NetSuite is called and finished after: `external_id` (unique, derived from
 * the ticket) is what the order carries in NetSuite, so a retry after a crash between the two writes finds the
 * order by it and updates it instead of making a second. `state`: CREATING (NetSuite not yet answered), CREATED,
 * CLOSED, DELETING. `lines` is the order as previewed and sent. `reconcile_state`: OK, CHANGED or MISSING, with
 * `reconcile_detail` saying what differs.
 */
export const ticketSalesOrders = pgTable(
  'ticket_sales_orders',
  {
    ticketId: integer('ticket_id')
      .primaryKey()
      .references(() => tickets.ticketId),
    externalId: text('external_id').notNull(),
    state: text('state').notNull(),
    netsuiteInternalId: text('netsuite_internal_id'),
    netsuiteTranId: text('netsuite_tran_id'),
    netsuiteProjectId: integer('netsuite_project_id').notNull(),
    memo: text('memo'),
    purchaseOrderNumber: text('purchase_order_number'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    lines: jsonb('lines').notNull().default([]),
    total: text('total').notNull().default('0'),
    reconcileState: text('reconcile_state').notNull().default('OK'),
    reconcileDetail: text('reconcile_detail'),
    reconciledAt: at('reconciled_at'),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_sales_orders_external_key').on(t.externalId),
    index('ticket_sales_orders_state_idx').on(t.state, t.ticketId),
  ],
);
