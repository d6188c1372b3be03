import { count, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  TICKET_PAGE_SIZE,
  type BodyOf,
  type OutputOf,
  type TicketListItem,
  type ticketsEndpoints,
} from '@kelvin/contract';
import { assetDisplayName } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { accessGroupAssetIds } from '../access/assetAccess.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { tickets } from '../../platform/db/ticketsSchema.ts';
import { ticketVisibility } from './ticketAccess.ts';
import { enumKey, loadTicketEnums, type TicketEnums } from './ticketEnums.ts';
import { ticketCountsQuery, ticketListConditions, ticketOrderBy } from './ticketListQuery.ts';
import { billingStateOf, visibilityOf } from './ticketPresenter.ts';
import { RELATION_OWNER, ticketStateOf } from './ticketRules.ts';

type Endpoints = typeof ticketsEndpoints;

/**
 * How many matches past the page asked for a search counts before its total becomes "at least": ten pages, so the
 * pager offers ten more; counting a common word's 20,000 tickets took longer than the page itself.
 */
export const COUNT_AHEAD = 250;
type ListAnswer = OutputOf<Endpoints['ticketsList']>;
type ListBody = BodyOf<Endpoints['ticketsList']>;

/** The list's columns: everything but the search documents and the heavy JSON fields. */
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

const timestamp = z.coerce.date();

/** A row of the page statement: the ticket's columns as stored, then what its subqueries add (json is parsed by both drivers). */
const pageRowSchema = z.object({
  ticket_id: z.number(),
  company_id: z.number(),
  title: z.string(),
  description: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  closed_at: timestamp.nullable(),
  is_frozen: z.boolean(),
  estimated_duration: z.string().nullable(),
  severity_value: z.number(),
  priority_value: z.number(),
  type_value: z.number(),
  status_value: z.number(),
  source_value: z.number(),
  net_suite_billing_state: z.string(),
  visibility: z.string(),
  company_name: z.string().nullable(),
  owner: z.object({ userId: z.number(), name: z.string() }).nullable(),
  assets: z.array(
    z.object({
      assetId: z.number(),
      type: z.string(),
      properties: z.array(z.object({ name: z.string(), value: z.string() })),
    }),
  ),
  comment_count: z.coerce.number(),
  total: z.coerce.number().nullable(),
});
type PageRow = z.infer<typeof pageRowSchema>;
const pageRowsSchema = z.object({ rows: z.array(pageRowSchema) });

/**
 * A page of the tickets the caller may see in one statement, so that a page costs one round trip (on PGlite each
 * statement is a turn of the single-threaded engine): the page itself walks the sort column's index, and each of
 * its 25 rows then looks up its company, owner, assets and comment count by key. The total comes from the kept
 * counts in the same statement when the filter allows; a search counts in a second statement (up to
 * COUNT_AHEAD past the page), and only when the first page does not already hold every match.
 */
export async function listTickets(db: DbOrTx, auth: AuthContext, body: ListBody): Promise<ListAnswer> {
  const visibility = ticketVisibility(auth);
  const pageSize = body.pageableQuery?.pageSize ?? TICKET_PAGE_SIZE;
  const pageNumber = body.pageableQuery?.pageNumber ?? 0;
  const orderBy = ticketOrderBy(body.pageableQuery?.sort ?? []);
  const where = ticketListConditions(visibility, body.filter);
  const pageable = { pageSize, pageNumber };
  if (where === 'NONE') return { content: [], pageable: { ...pageable, totalSize: 0 } };

  const page = db
    .select(listColumns)
    .from(tickets)
    .where(where)
    .orderBy(...orderBy)
    .limit(pageSize)
    .offset(pageNumber * pageSize)
    .getSQL();
  const kept = ticketCountsQuery(visibility, body.filter);
  const statement = pageStatement(page, orderBy, {
    externalOnly: visibility.externalOnly,
    total: kept ? sql`(${kept})` : sql`null::int`,
  });
  const rows = pageRowsSchema.parse(await db.execute(statement)).rows;
  const keptTotal = rows[0]?.total ?? null;
  let total: { totalSize: number; totalSizeIsLowerBound?: true };
  if (pageNumber === 0 && rows.length < pageSize) total = { totalSize: rows.length };
  else if (keptTotal !== null) total = { totalSize: keptTotal };
  else if (kept) total = { totalSize: await countWith(db, kept) };
  else total = await countMatches(db, where, (pageNumber + 1) * pageSize + COUNT_AHEAD);
  const enums = await loadTicketEnums(db);
  // An external user sees a ticket's assets only where their access groups reach (as on the asset screens).
  const reachable =
    visibility.groupsOfUserId === null ? null : await accessGroupAssetIds(db, visibility.groupsOfUserId);
  const content = rows.map((row) => presentListRow(row, enums, reachable));
  return { content, pageable: { ...pageable, ...total } };
}

/**
 * The page as a CTE named back to "tickets" in the outer query, so that the same ORDER BY (written against the
 * tickets table) orders the 25 rows again after the joins.
 */
function pageStatement(page: SQL, orderBy: SQL[], options: { externalOnly: boolean; total: SQL }): SQL {
  const visibleComments = options.externalOnly ? sql` and tc.visibility = 'EXTERNAL'` : sql``;
  return sql`
    with page as materialized (${page})
    select tickets.*,
           (select c.name from companies c where c.company_id = tickets.company_id) as company_name,
           (select json_build_object('userId', u.user_id, 'name', u.name)
              from ticket_users tu join users u on u.user_id = tu.user_id
             where tu.ticket_id = tickets.ticket_id and tu.relation_type_value = ${RELATION_OWNER}
             order by tu.created_at limit 1) as owner,
           coalesce((
             select json_agg(json_build_object(
                      'assetId', ta.asset_id,
                      'type', at.name,
                      'properties', (select coalesce(json_agg(json_build_object('name', ap.name, 'value', ap.value)), '[]'::json)
                                       from asset_properties ap
                                      where ap.asset_id = ta.asset_id and ap.name in ('name', 'position')))
                    order by ta.created_at, ta.asset_id)
               from ticket_assets ta
               join assets a on a.asset_id = ta.asset_id
               join asset_types at on at.asset_type_id = a.asset_type_id
              where ta.ticket_id = tickets.ticket_id), '[]'::json) as assets,
           (select count(*) from ticket_comments tc
             where tc.ticket_id = tickets.ticket_id and not tc.is_deleted${visibleComments}) as comment_count,
           ${options.total} as total
      from page as tickets
     order by ${sql.join(orderBy, sql`, `)}`;
}

const countRows = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) });

async function countWith(db: DbOrTx, query: SQL): Promise<number> {
  return countRows.parse(await db.execute(query)).rows[0]?.n ?? 0;
}

/**
 * Counts the matches of a filter the kept counts cannot answer (a search, assets, owners) up to `cap` rows: a
 * common word matches a tenth of all tickets, and counting every one of them cost more than the page itself.
 * Past the cap the total is a lower bound ("275+"), which is all a pager needs to offer the next pages.
 */
async function countMatches(
  db: DbOrTx,
  where: SQL | undefined,
  cap: number,
): Promise<{ totalSize: number; totalSizeIsLowerBound?: true }> {
  const matches = db
    .select({ one: sql`1` })
    .from(tickets)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [counted] = await db.select({ n: count() }).from(matches);
  const n = counted?.n ?? 0;
  return n > cap ? { totalSize: cap, totalSizeIsLowerBound: true } : { totalSize: n };
}

function presentListRow(row: PageRow, enums: TicketEnums, reachable: Set<number> | null): TicketListItem {
  return {
    ticketId: row.ticket_id,
    companyId: row.company_id,
    companyName: row.company_name ?? '',
    title: row.title,
    description: row.description,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
    isFrozen: row.is_frozen,
    estimatedDuration: row.estimated_duration,
    severityEnumKey: enumKey(enums, 'ticketSeverity', row.severity_value),
    severityEnumValue: row.severity_value,
    priorityEnumKey: enumKey(enums, 'ticketPriority', row.priority_value),
    priorityEnumValue: row.priority_value,
    typeEnumKey: enumKey(enums, 'ticketType', row.type_value),
    typeEnumValue: row.type_value,
    statusEnumKey: enumKey(enums, 'ticketStatus', row.status_value),
    statusEnumValue: row.status_value,
    sourceEnumKey: enumKey(enums, 'ticketSource', row.source_value),
    sourceEnumValue: row.source_value,
    netSuiteBillingState: billingStateOf(row.net_suite_billing_state),
    ticketState: ticketStateOf(row.status_value),
    visibility: visibilityOf(row.visibility),
    owner: row.owner,
    assets: row.assets
      .filter((asset) => reachable === null || reachable.has(asset.assetId))
      .map((asset) => ({
        assetId: asset.assetId,
        displayName: assetDisplayName({ type: asset.type, properties: asset.properties }),
      })),
    commentCount: row.comment_count,
  };
}
