import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { BodyOf, OutputOf, PageableQuery, problemListsEndpoints } from '@kelvin/contract';
import { parseIsoDuration } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { badField } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { detectedProblems } from '../../platform/db/problemsSchema.ts';
import { assets, assetTypes } from '../../platform/db/schema.ts';
import { assetVisibility } from '../access/assetAccess.ts';
import {
  assetNameProperty,
  assetNameSql,
  PROBLEMS_READ,
  presentProblems,
  visibleProblemsCondition,
} from './problemAccess.ts';

type ListBody = BodyOf<typeof problemListsEndpoints.detectedProblemsList>;
type ListAnswer = OutputOf<typeof problemListsEndpoints.detectedProblemsList>;

export const PROBLEMS_PAGE_SIZE = 25;
/** A fuzzy filter of more words than this is cut: each word is one more condition on every row. */
const MAX_FILTER_WORDS = 8;

const nameProperty = assetNameProperty;
const assetName = assetNameSql;

/** CRITICAL 3, WARNING 2, INFO 1: a sort by level puts the worst first when descending. */
export const levelRank = sql<number>`(case ${detectedProblems.level} when 'CRITICAL' then 3 when 'WARNING' then 2 else 1 end)`;

const SORTABLE: Readonly<Record<string, SQL | AnyColumn>> = {
  lastEventAt: detectedProblems.lastEventAt,
  firstEventAt: detectedProblems.firstEventAt,
  level: levelRank,
  name: detectedProblems.name,
  assetName,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The fuzzy filter: every word of it appears, in any order and case, in the name, description, tags or asset
 * name ('crah supply' finds "Supply air too warm" on AN-CRAH-01).
 */
function fuzzyCondition(text: string): SQL | undefined {
  const words = text
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, MAX_FILTER_WORDS);
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return or(
        sql`${detectedProblems.name} ilike ${pattern}`,
        sql`${detectedProblems.description} ilike ${pattern}`,
        sql`${detectedProblems.tags}::text ilike ${pattern}`,
        sql`${assetName} ilike ${pattern}`,
      );
    }),
  );
}

function filterConditions(body: ListBody, now: Date): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (body.assetIds) conditions.push(inArray(detectedProblems.assetId, body.assetIds));
  if (body.problemRuleDefinitionIds)
    conditions.push(inArray(detectedProblems.problemRuleDefinitionId, body.problemRuleDefinitionIds));
  if (body.ticketIds) conditions.push(inArray(detectedProblems.ticketId, body.ticketIds));
  if (body.levels && body.levels.length > 0) conditions.push(inArray(detectedProblems.level, body.levels));
  const states = new Set(body.states ?? []);
  if (states.size === 1)
    conditions.push(
      states.has('OPEN') ? isNull(detectedProblems.closedAt) : isNotNull(detectedProblems.closedAt),
    );
  if (body.activeInterval) {
    const since = new Date(now.getTime() - parseIsoDuration(body.activeInterval));
    conditions.push(or(isNull(detectedProblems.closedAt), gte(detectedProblems.lastEventAt, since)));
  }
  if (body.timeWindow) {
    // Overlaps the window: began before its end, and was still open at its start.
    conditions.push(
      lte(detectedProblems.firstEventAt, new Date(body.timeWindow.to)),
      or(isNull(detectedProblems.closedAt), gte(detectedProblems.closedAt, new Date(body.timeWindow.from))),
    );
  }
  if (body.fuzzyFilter) conditions.push(fuzzyCondition(body.fuzzyFilter));
  return conditions;
}

function orderOf(page: PageableQuery): SQL[] {
  if (page.sort.length === 0) return [desc(detectedProblems.lastEventAt)];
  return page.sort.map(({ property, direction }) => {
    const column = SORTABLE[property];
    if (!column)
      throw badField(
        'body.pageableQuery.sort',
        `Problems sort by ${Object.keys(SORTABLE).join(', ')}; not by ${property}.`,
      );
    return direction === 'ASC' ? asc(column) : desc(column);
  });
}

/**
 * `detectedProblems.list`: problems on assets the caller may read problems of (company scope and, for an external
 * user, their access groups; others' drop out silently, as every list does), filtered, sorted and paged; each with
 * its asset's name and whether a maintenance window holds its notifications back. Newest event first by default.
 */
export async function listProblems(
  db: DbOrTx,
  now: Date,
  auth: AuthContext,
  body: ListBody,
): Promise<ListAnswer> {
  const visibility = await assetVisibility(db, auth, PROBLEMS_READ);
  const page: PageableQuery = body.pageableQuery ?? {
    type: 'PAGED',
    pageSize: PROBLEMS_PAGE_SIZE,
    pageNumber: 0,
    sort: [],
  };
  const order = orderOf(page);
  const where = and(visibleProblemsCondition(visibility), ...filterConditions(body, now));
  const nameJoin = and(eq(nameProperty.assetId, detectedProblems.assetId), eq(nameProperty.name, 'name'));
  const rows = await db
    .select({ problem: detectedProblems, assetName })
    .from(detectedProblems)
    .innerJoin(assets, eq(assets.assetId, detectedProblems.assetId))
    .innerJoin(assetTypes, eq(assetTypes.assetTypeId, assets.assetTypeId))
    .leftJoin(nameProperty, nameJoin)
    .where(where)
    .orderBy(...order, desc(detectedProblems.detectedProblemId))
    .limit(page.pageSize)
    .offset(page.pageSize * page.pageNumber);
  const [total] = await db
    .select({ n: count() })
    .from(detectedProblems)
    .innerJoin(assets, eq(assets.assetId, detectedProblems.assetId))
    .innerJoin(assetTypes, eq(assetTypes.assetTypeId, assets.assetTypeId))
    .leftJoin(nameProperty, nameJoin)
    .where(where);
  const presented = await presentProblems(
    db,
    rows.map((row) => row.problem),
    now,
  );
  return {
    content: presented.map((problem, index) => ({ ...problem, assetName: rows[index]?.assetName ?? '' })),
    pageable: { totalSize: total?.n ?? 0, pageSize: page.pageSize, pageNumber: page.pageNumber },
  };
}
