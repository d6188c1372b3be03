import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  billingStates,
  ticketSortProperties,
  type PageableQuery,
  type TicketListFilter,
} from '@kelvin/contract';
import { badField } from '../../http/httpError.ts';
import { tickets } from '../../platform/db/ticketsSchema.ts';
import type { TicketVisibility } from './ticketAccess.ts';
import { RELATION_OWNER } from './ticketRules.ts';
import { ticketSearchCondition } from './ticketSearch.ts';

type SortProperty = (typeof ticketSortProperties)[number];

/**
 * The column each snake-cased sort property orders by. Enumerated fields sort by value (the workflow's order for
 * statuses, low to high for priorities), not by key. Every one but company_name and closed_at walks an index.
 */
const SORT_COLUMNS: Readonly<Record<SortProperty, SQL>> = {
  ticket_id: sql`${tickets.ticketId}`,
  title: sql`${tickets.title}`,
  company_name: sql`(select c.name from companies c where c.company_id = ${tickets.companyId})`,
  status: sql`${tickets.statusValue}`,
  priority: sql`${tickets.priorityValue}`,
  severity: sql`${tickets.severityValue}`,
  type: sql`${tickets.typeValue}`,
  created_at: sql`${tickets.createdAt}`,
  updated_at: sql`${tickets.updatedAt}`,
  closed_at: sql`${tickets.closedAt}`,
};

function isSortProperty(property: string): property is SortProperty {
  return ticketSortProperties.some((known) => known === property);
}

export const DEFAULT_SORT = [{ property: 'updated_at', direction: 'DESC' }] as const;

/**
 * ORDER BY of a page: the requested columns, then ticket_id in the first column's direction so that pages never
 * overlap (the indexes pair each sort column with ticket_id, so a backward scan serves the other direction).
 */
export function ticketOrderBy(sort: PageableQuery['sort']): SQL[] {
  const requested = sort.length > 0 ? sort : DEFAULT_SORT;
  const order: SQL[] = [];
  for (const [index, entry] of requested.entries()) {
    if (!isSortProperty(entry.property)) {
      throw badField(
        `body.pageableQuery.sort.${index}.property`,
        `Cannot sort tickets by '${entry.property}': use one of ${ticketSortProperties.join(', ')}.`,
      );
    }
    if (entry.property === 'ticket_id') break;
    const column = SORT_COLUMNS[entry.property];
    // Nulls (open tickets' closed_at) go last either way, as empty cells do in the grid.
    order.push(entry.direction === 'ASC' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`);
  }
  const idDirection = requested[0].direction;
  order.push(idDirection === 'ASC' ? asc(tickets.ticketId) : desc(tickets.ticketId));
  return order;
}

const someOf = <T>(values: readonly T[] | undefined): values is readonly T[] =>
  values !== undefined && values.length > 0;

/**
 * The WHERE of a list (and of its groups): what the caller may see, then the filter. An empty list in the filter
 * means "all", as leaving it out does. undefined when the caller's companies and the filter's do not meet.
 */
export function ticketListConditions(
  visibility: TicketVisibility,
  filter: TicketListFilter,
): SQL | undefined | 'NONE' {
  const conditions: SQL[] = [];
  let companyIds = someOf(filter.companyIds) ? [...filter.companyIds] : undefined;
  if (visibility.companies !== 'ALL') {
    const scope = visibility.companies;
    companyIds = companyIds ? companyIds.filter((id) => scope.includes(id)) : [...scope];
    if (companyIds.length === 0) return 'NONE';
  }
  if (companyIds) conditions.push(inArray(tickets.companyId, companyIds));
  if (visibility.externalOnly) conditions.push(eq(tickets.visibility, 'EXTERNAL'));
  // Every billing state selected narrows nothing: leave it out so the planner is not handed a useless filter.
  if (
    someOf(filter.netSuiteBillingStates) &&
    new Set(filter.netSuiteBillingStates).size < billingStates.length
  ) {
    conditions.push(inArray(tickets.netSuiteBillingState, [...filter.netSuiteBillingStates]));
  }
  if (someOf(filter.statusIds)) conditions.push(inArray(tickets.statusValue, [...filter.statusIds]));
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
  const search = ticketSearchCondition(filter.search);
  if (search) conditions.push(search);
  return conditions.length > 0 ? and(...conditions) : undefined;
}
