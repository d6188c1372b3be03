import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { BodyOf, OutputOf, ticketsEndpoints } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { accessGroupAssetIds } from '../access/assetAccess.ts';
import { companies, users } from '../../platform/db/schema.ts';
import { ticketAssets, tickets, ticketUsers } from '../../platform/db/ticketsSchema.ts';
import { ticketVisibility } from './ticketAccess.ts';
import { enumKey, loadTicketEnums } from './ticketEnums.ts';
import { ticketListConditions } from './ticketListQuery.ts';
import { assetDisplayNames } from './ticketPresenter.ts';
import { RELATION_OWNER } from './ticketRules.ts';

type Endpoints = typeof ticketsEndpoints;
type Groups = OutputOf<Endpoints['ticketsGroups']>;

/** Labels of the groups of tickets that have none of the grouped thing. */
export const NO_OWNER_LABEL = 'No owner';
export const NO_ASSET_LABEL = 'No asset';

/**
 * The group view's groups: the filtered tickets counted per company, asset, priority, owner or status. A ticket
 * with two assets counts in both assets' groups. Priorities and statuses come in their enum's order, the rest by
 * label, with the "none" group last.
 */
export async function ticketGroups(
  db: DbOrTx,
  auth: AuthContext,
  body: BodyOf<Endpoints['ticketsGroups']>,
): Promise<Groups> {
  const visibility = ticketVisibility(auth);
  const where = ticketListConditions(visibility, body.filter);
  if (where === 'NONE') return [];
  let counted = await countBy(db, body.groupBy, where);
  // An external user's groups name only the assets their access groups reach, as their list rows do.
  if (body.groupBy === 'asset' && visibility.groupsOfUserId !== null) {
    const reachable = await accessGroupAssetIds(db, visibility.groupsOfUserId);
    counted = counted.filter((row) => row.key === null || reachable.has(row.key));
  }
  const keys = counted.flatMap((row) => (row.key === null ? [] : [row.key]));
  const labels = await labelsFor(db, body.groupBy, keys);
  const groups = counted.map((row) => ({
    key: row.key,
    label: row.key === null ? noneLabel(body.groupBy) : (labels.get(row.key) ?? String(row.key)),
    count: row.count,
  }));
  const byValue = body.groupBy === 'priority' || body.groupBy === 'status';
  return groups.sort((a, b) => {
    if (a.key === null || b.key === null) return a.key === null ? 1 : -1;
    return byValue ? a.key - b.key : a.label.localeCompare(b.label) || a.key - b.key;
  });
}

const noneLabel = (groupBy: string) => (groupBy === 'owner' ? NO_OWNER_LABEL : NO_ASSET_LABEL);

async function countBy(
  db: DbOrTx,
  groupBy: BodyOf<Endpoints['ticketsGroups']>['groupBy'],
  where: ReturnType<typeof and>,
): Promise<{ key: number | null; count: number }[]> {
  switch (groupBy) {
    case 'company':
    case 'priority':
    case 'status': {
      const column =
        groupBy === 'company'
          ? tickets.companyId
          : groupBy === 'priority'
            ? tickets.priorityValue
            : tickets.statusValue;
      return db.select({ key: column, count: count() }).from(tickets).where(where).groupBy(column);
    }
    case 'owner':
      return db
        .select({ key: ticketUsers.userId, count: count() })
        .from(tickets)
        .leftJoin(
          ticketUsers,
          and(eq(ticketUsers.ticketId, tickets.ticketId), eq(ticketUsers.relationTypeValue, RELATION_OWNER)),
        )
        .where(where)
        .groupBy(ticketUsers.userId);
    case 'asset':
      return db
        .select({ key: ticketAssets.assetId, count: sql<number>`count(distinct ${tickets.ticketId})::int` })
        .from(tickets)
        .leftJoin(ticketAssets, eq(ticketAssets.ticketId, tickets.ticketId))
        .where(where)
        .groupBy(ticketAssets.assetId);
  }
}

async function labelsFor(
  db: DbOrTx,
  groupBy: BodyOf<Endpoints['ticketsGroups']>['groupBy'],
  keys: number[],
): Promise<Map<number, string>> {
  if (keys.length === 0) return new Map();
  switch (groupBy) {
    case 'company': {
      const rows = await db
        .select({ key: companies.companyId, label: companies.name })
        .from(companies)
        .where(inArray(companies.companyId, keys));
      return new Map(rows.map((row) => [row.key, row.label]));
    }
    case 'owner': {
      const rows = await db
        .select({ key: users.userId, label: users.name })
        .from(users)
        .where(inArray(users.userId, keys));
      return new Map(rows.map((row) => [row.key, row.label]));
    }
    case 'asset': {
      const names = await assetDisplayNames(db, keys);
      return new Map([...names].map(([assetId, named]) => [assetId, named.displayName]));
    }
    case 'priority':
    case 'status': {
      const enums = await loadTicketEnums(db);
      const name = groupBy === 'priority' ? 'ticketPriority' : 'ticketStatus';
      return new Map(keys.map((key) => [key, enumKey(enums, name, key)]));
    }
  }
}
