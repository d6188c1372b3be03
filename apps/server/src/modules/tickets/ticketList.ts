import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  TICKET_PAGE_SIZE,
  type BodyOf,
  type OutputOf,
  type TicketListItem,
  type ticketsEndpoints,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { companies, users } from '../../platform/db/schema.ts';
import { ticketAssets, ticketComments, tickets, ticketUsers } from '../../platform/db/ticketsSchema.ts';
import { ticketVisibility } from './ticketAccess.ts';
import { enumKey, loadTicketEnums } from './ticketEnums.ts';
import { ticketCountsQuery, ticketListConditions, ticketOrderBy } from './ticketListQuery.ts';
import { assetDisplayNames, billingStateOf, visibilityOf } from './ticketPresenter.ts';
import { RELATION_OWNER, ticketStateOf } from './ticketRules.ts';

type Endpoints = typeof ticketsEndpoints;
type ListAnswer = OutputOf<Endpoints['ticketsList']>;

/** The list's columns: everything but the search document and the heavy JSON fields. */
const listColumns = {
  ticketId: tickets.ticketId,
  companyId: tickets.companyId,
  title: tickets.title,
  description: tickets.description,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  closedAt: tickets.closedAt,
  isFrozen: tickets.isFrozen,
  estimatedDuration: tickets.estimatedDuration,
  severityValue: tickets.severityValue,
  priorityValue: tickets.priorityValue,
  typeValue: tickets.typeValue,
  statusValue: tickets.statusValue,
  sourceValue: tickets.sourceValue,
  netSuiteBillingState: tickets.netSuiteBillingState,
  visibility: tickets.visibility,
};

/**
 * A page of the tickets the caller may see: one query for the page (walking the sort column's index), one count,
 * and one small query each for the page's companies, owners, assets and comment counts.
 */
export async function listTickets(
  db: DbOrTx,
  auth: AuthContext,
  body: BodyOf<Endpoints['ticketsList']>,
): Promise<ListAnswer> {
  const visibility = ticketVisibility(auth);
  const pageSize = body.pageableQuery?.pageSize ?? TICKET_PAGE_SIZE;
  const pageNumber = body.pageableQuery?.pageNumber ?? 0;
  const orderBy = ticketOrderBy(body.pageableQuery?.sort ?? []);
  const where = ticketListConditions(visibility, body.filter);
  const pageable = { pageSize, pageNumber };
  if (where === 'NONE') return { content: [], pageable: { ...pageable, totalSize: 0 } };

  const rows = await db
    .select(listColumns)
    .from(tickets)
    .where(where)
    .orderBy(...orderBy)
    .limit(pageSize)
    .offset(pageNumber * pageSize);
  // No count when the first page holds the whole list; the kept totals when the filter allows; else a count.
  const totalSize =
    pageNumber === 0 && rows.length < pageSize
      ? rows.length
      : await countTickets(db, visibility, body.filter, where);
  const content = await presentListRows(db, rows, visibility.externalOnly);
  return { content, pageable: { ...pageable, totalSize } };
}

const countRows = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) });

async function countTickets(
  db: DbOrTx,
  visibility: ReturnType<typeof ticketVisibility>,
  filter: BodyOf<Endpoints['ticketsList']>['filter'],
  where: SQL | undefined,
): Promise<number> {
  const kept = ticketCountsQuery(visibility, filter);
  if (kept) return countRows.parse(await db.execute(kept)).rows[0]?.n ?? 0;
  const [counted] = await db.select({ n: count() }).from(tickets).where(where);
  return counted?.n ?? 0;
}

type ListRow = { [K in keyof typeof listColumns]: (typeof tickets.$inferSelect)[K] };

async function presentListRows(
  db: DbOrTx,
  rows: ListRow[],
  externalOnly: boolean,
): Promise<TicketListItem[]> {
  if (rows.length === 0) return [];
  const ticketIds = rows.map((row) => row.ticketId);
  const enums = await loadTicketEnums(db);
  const companyRows = await db
    .select({ companyId: companies.companyId, name: companies.name })
    .from(companies)
    .where(inArray(companies.companyId, [...new Set(rows.map((row) => row.companyId))]));
  const companyNames = new Map(companyRows.map((row) => [row.companyId, row.name]));
  const owners = await db
    .select({ ticketId: ticketUsers.ticketId, userId: users.userId, name: users.name })
    .from(ticketUsers)
    .innerJoin(users, eq(users.userId, ticketUsers.userId))
    .where(and(inArray(ticketUsers.ticketId, ticketIds), eq(ticketUsers.relationTypeValue, RELATION_OWNER)));
  const ownerOf = new Map(owners.map((row) => [row.ticketId, { userId: row.userId, name: row.name }]));
  const assetRows = await db
    .select({ ticketId: ticketAssets.ticketId, assetId: ticketAssets.assetId })
    .from(ticketAssets)
    .where(inArray(ticketAssets.ticketId, ticketIds))
    .orderBy(ticketAssets.createdAt, ticketAssets.assetId);
  const names = await assetDisplayNames(db, [...new Set(assetRows.map((row) => row.assetId))]);
  const commentConditions = [
    inArray(ticketComments.ticketId, ticketIds),
    eq(ticketComments.isDeleted, false),
  ];
  if (externalOnly) commentConditions.push(eq(ticketComments.visibility, 'EXTERNAL'));
  const commentCounts = await db
    .select({ ticketId: ticketComments.ticketId, n: count() })
    .from(ticketComments)
    .where(and(...commentConditions))
    .groupBy(ticketComments.ticketId);
  const commentsOf = new Map(commentCounts.map((row) => [row.ticketId, row.n]));

  return rows.map((row) => ({
    ticketId: row.ticketId,
    companyId: row.companyId,
    companyName: companyNames.get(row.companyId) ?? '',
    title: row.title,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    isFrozen: row.isFrozen,
    estimatedDuration: row.estimatedDuration,
    severityEnumKey: enumKey(enums, 'ticketSeverity', row.severityValue),
    severityEnumValue: row.severityValue,
    priorityEnumKey: enumKey(enums, 'ticketPriority', row.priorityValue),
    priorityEnumValue: row.priorityValue,
    typeEnumKey: enumKey(enums, 'ticketType', row.typeValue),
    typeEnumValue: row.typeValue,
    statusEnumKey: enumKey(enums, 'ticketStatus', row.statusValue),
    statusEnumValue: row.statusValue,
    sourceEnumKey: enumKey(enums, 'ticketSource', row.sourceValue),
    sourceEnumValue: row.sourceValue,
    netSuiteBillingState: billingStateOf(row.netSuiteBillingState),
    ticketState: ticketStateOf(row.statusValue),
    visibility: visibilityOf(row.visibility),
    owner: ownerOf.get(row.ticketId) ?? null,
    assets: assetRows
      .filter((asset) => asset.ticketId === row.ticketId)
      .map((asset) => ({
        assetId: asset.assetId,
        displayName: names.get(asset.assetId)?.displayName ?? `Asset ${asset.assetId}`,
      })),
    commentCount: commentsOf.get(row.ticketId) ?? 0,
  }));
}
