import { and, inArray, sql, type SQL } from 'drizzle-orm';
import {
  billingStates,
  ticketSortProperties,
  type PageableQuery,
  type TicketListFilter,
} from '@kelvin/contract';
import { badField } from '../../http/httpError.ts';
import { tickets } from '../../platform/db/ticketsSchema.ts';
import { accessGroupCondition, type TicketVisibility } from './ticketAccess.ts';
import { RELATION_OWNER } from './ticketRules.ts';
import { ticketSearchCondition, ticketSearchQuery } from './ticketSearch.ts';

type SortProperty = (typeof ticketSortProperties)[number];

type Direction = 'asc' | 'desc';
type Nulls = 'first' | 'last';
interface KeyOrder {
  direction: Direction;
  nulls: Nulls;
}
/** How an index orders a sort column and then ticket_id when scanned forward (a backward scan flips both). */
interface SortKey {
  column: SQL;
  forward: { column: KeyOrder; ticketId: KeyOrder };
}

const ASC_LAST: KeyOrder = { direction: 'asc', nulls: 'last' };
const DESC_LAST: KeyOrder = { direction: 'desc', nulls: 'last' };

/**
 * The column each snake-cased sort property orders by, and the order of the index that serves it
 * (ticketsSchema.ts), so that ORDER BY matches the index exactly, NULLS placement included, and a page is read
 * from the index instead of sorting every matching ticket. Enumerated fields sort by value (the workflow's order
 * for statuses, low to high for priorities). company_name, severity, type and closed_at have no index.
 */
const SORT_KEYS: Readonly<Record<SortProperty, SortKey>> = {
  ticket_id: { column: sql`${tickets.ticketId}`, forward: { column: ASC_LAST, ticketId: ASC_LAST } },
  title: { column: sql`${tickets.title}`, forward: { column: ASC_LAST, ticketId: ASC_LAST } },
  company_name: {
    column: sql`(select c.name from companies c where c.company_id = ${tickets.companyId})`,
    forward: { column: ASC_LAST, ticketId: ASC_LAST },
  },
  status: { column: sql`${tickets.statusValue}`, forward: { column: ASC_LAST, ticketId: DESC_LAST } },
  priority: { column: sql`${tickets.priorityValue}`, forward: { column: ASC_LAST, ticketId: DESC_LAST } },
  severity: { column: sql`${tickets.severityValue}`, forward: { column: ASC_LAST, ticketId: ASC_LAST } },
  type: { column: sql`${tickets.typeValue}`, forward: { column: ASC_LAST, ticketId: ASC_LAST } },
  created_at: { column: sql`${tickets.createdAt}`, forward: { column: DESC_LAST, ticketId: DESC_LAST } },
  updated_at: { column: sql`${tickets.updatedAt}`, forward: { column: DESC_LAST, ticketId: DESC_LAST } },
  closed_at: { column: sql`${tickets.closedAt}`, forward: { column: DESC_LAST, ticketId: DESC_LAST } },
};

function isSortProperty(property: string): property is SortProperty {
  return ticketSortProperties.some((known) => known === property);
}

export const DEFAULT_SORT = [{ property: 'updated_at', direction: 'DESC' }] as const;

const flip = (order: KeyOrder): KeyOrder => ({
  direction: order.direction === 'asc' ? 'desc' : 'asc',
  nulls: order.nulls === 'first' ? 'last' : 'first',
});
const orderSql = (column: SQL, order: KeyOrder) =>
  sql`${column} ${sql.raw(`${order.direction} nulls ${order.nulls}`)}`;

/**
 * ORDER BY of a page: the requested columns, then ticket_id so that pages never overlap, in the order the first
 * column's index keeps (for statuses and priorities ticket_id runs against the column's direction).
 */
export function ticketOrderBy(sort: PageableQuery['sort']): SQL[] {
  const requested = sort.length > 0 ? sort : DEFAULT_SORT;
  const order: SQL[] = [];
  let ticketIdOrder: KeyOrder | undefined;
  for (const [index, entry] of requested.entries()) {
    if (!isSortProperty(entry.property)) {
      throw badField(
        `body.pageableQuery.sort.${index}.property`,
        `Cannot sort tickets by '${entry.property}': use one of ${ticketSortProperties.join(', ')}.`,
      );
    }
    const key = SORT_KEYS[entry.property];
    const wanted: Direction = entry.direction === 'ASC' ? 'asc' : 'desc';
    const matches = key.forward.column.direction === wanted;
    let columnOrder = matches ? key.forward.column : flip(key.forward.column);
    // An open ticket has no closed_at: empty cells go last whichever way the column sorts.
    if (entry.property === 'closed_at') columnOrder = { direction: wanted, nulls: 'last' };
    ticketIdOrder ??= matches ? key.forward.ticketId : flip(key.forward.ticketId);
    if (entry.property === 'ticket_id') break;
    order.push(orderSql(key.column, columnOrder));
  }
  order.push(orderSql(sql`${tickets.ticketId}`, ticketIdOrder ?? DESC_LAST));
  return order;
}

const someOf = <T>(values: readonly T[] | undefined): values is readonly T[] =>
  values !== undefined && values.length > 0;

/** What the caller may see and the spec's three filters narrow to, in the terms ticket_counts also keeps. */
interface Narrowing {
  companyIds: number[] | undefined;
  externalOnly: boolean;
  billingStates: string[] | undefined;
  statusValues: number[] | undefined;
}

function narrowing(visibility: TicketVisibility, filter: TicketListFilter): Narrowing | 'NONE' {
  let companyIds = someOf(filter.companyIds) ? [...filter.companyIds] : undefined;
  if (visibility.companies !== 'ALL') {
    const scope = visibility.companies;
    companyIds = companyIds ? companyIds.filter((id) => scope.includes(id)) : [...scope];
    if (companyIds.length === 0) return 'NONE';
  }
  // Every billing state selected narrows nothing: leave it out so the planner is not handed a useless filter.
  const billing =
    someOf(filter.netSuiteBillingStates) && new Set(filter.netSuiteBillingStates).size < billingStates.length
      ? [...filter.netSuiteBillingStates]
      : undefined;
  return {
    companyIds,
    externalOnly: visibility.externalOnly,
    billingStates: billing,
    statusValues: someOf(filter.statusIds) ? [...filter.statusIds] : undefined,
  };
}

function narrowingConditions(
  narrow: Narrowing,
  columns: { companyId: SQL; visibility: SQL; billingState: SQL; statusValue: SQL },
): SQL[] {
  const conditions: SQL[] = [];
  if (narrow.companyIds) conditions.push(sql`${columns.companyId} in ${narrow.companyIds}`);
  if (narrow.externalOnly) conditions.push(sql`${columns.visibility} = 'EXTERNAL'`);
  if (narrow.billingStates) conditions.push(sql`${columns.billingState} in ${narrow.billingStates}`);
  if (narrow.statusValues) conditions.push(sql`${columns.statusValue} in ${narrow.statusValues}`);
  return conditions;
}

/**
 * The WHERE of a list (and of its groups): what the caller may see, then the filter. An empty list in the filter
 * means "all", as leaving it out does. 'NONE' when the caller's companies and the filter's do not meet.
 */
export function ticketListConditions(
  visibility: TicketVisibility,
  filter: TicketListFilter,
): SQL | undefined | 'NONE' {
  const narrow = narrowing(visibility, filter);
  if (narrow === 'NONE') return 'NONE';
  const conditions = narrowingConditions(narrow, {
    companyId: sql`${tickets.companyId}`,
    visibility: sql`${tickets.visibility}`,
    billingState: sql`${tickets.netSuiteBillingState}`,
    statusValue: sql`${tickets.statusValue}`,
  });
  // The rest of ticketAccessCondition (companies and visibility are narrowed above, with the filter's own).
  const groups = accessGroupCondition(visibility, tickets.ticketId);
  if (groups) conditions.push(groups);
  if (someOf(filter.priorityValues))
    conditions.push(inArray(tickets.priorityValue, [...filter.priorityValues]));
  if (someOf(filter.typeValues)) conditions.push(inArray(tickets.typeValue, [...filter.typeValues]));
  if (someOf(filter.sourceValues)) conditions.push(inArray(tickets.sourceValue, [...filter.sourceValues]));
  if (someOf(filter.assetIds)) {
    conditions.push(
      sql`${tickets.ticketId} in (select ta.ticket_id from ticket_assets ta where ta.asset_id in ${[...filter.assetIds]})`,
    );
  }
  if (someOf(filter.ownerUserIds)) {
    conditions.push(
      sql`${tickets.ticketId} in (select tu.ticket_id from ticket_users tu where tu.relation_type_value = ${RELATION_OWNER} and tu.user_id in ${[...filter.ownerUserIds]})`,
    );
  }
  if (filter.withoutOwner === true) {
    conditions.push(
      sql`not exists (select 1 from ticket_users tu where tu.ticket_id = ${tickets.ticketId} and tu.relation_type_value = ${RELATION_OWNER})`,
    );
  }
  if (filter.withoutAssets === true) {
    conditions.push(
      sql`not exists (select 1 from ticket_assets ta where ta.ticket_id = ${tickets.ticketId})`,
    );
  }
  const search = ticketSearchCondition(filter.search, visibility.externalOnly);
  if (search) conditions.push(search);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The count of a list that ticket_counts answers (migration 0019: kept by triggers on tickets): when the filter
 * narrows only by company, status and billing state, as the spec's filters do, the total is a sum over a few
 * hundred rows. undefined when the filter needs the tickets themselves (search, priority, asset, ...) or the caller
 * is limited by access groups (ticket_counts knows no assets: their count is of the tickets they may see).
 */
export function ticketCountsQuery(visibility: TicketVisibility, filter: TicketListFilter): SQL | undefined {
  if (visibility.groupsOfUserId !== null) return undefined;
  const others = [
    filter.priorityValues,
    filter.typeValues,
    filter.sourceValues,
    filter.assetIds,
    filter.ownerUserIds,
  ];
  if (others.some((values) => someOf<unknown>(values))) return undefined;
  if (filter.withoutOwner === true || filter.withoutAssets === true) return undefined;
  if (filter.search !== undefined && ticketSearchQuery(filter.search) !== null) return undefined;
  const narrow = narrowing(visibility, filter);
  if (narrow === 'NONE') return sql`select 0 as n`;
  const conditions = narrowingConditions(narrow, {
    companyId: sql`company_id`,
    visibility: sql`visibility`,
    billingState: sql`net_suite_billing_state`,
    statusValue: sql`status_value`,
  });
  const where = conditions.length > 0 ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`select coalesce(sum(n), 0)::int as n from ticket_counts${where}`;
}
