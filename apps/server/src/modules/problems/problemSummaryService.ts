import { and, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { BodyOf, OutputOf, ProblemLevel, ProblemSummary, problemListsEndpoints } from '@kelvin/contract';
import { parseIsoDuration } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { detectedProblems as problems } from '../../platform/db/problemsSchema.ts';
import { assetVisibility, companiesInScope } from '../access/assetAccess.ts';
import { visibleAssetIds } from '../metrics/metricsService.ts';
import { PROBLEMS_READ, visibleProblemsCondition } from './problemAccess.ts';

type Endpoints = typeof problemListsEndpoints;
type AssetSummaryBody = BodyOf<Endpoints['assetsDetectedProblemSummary']>;
type AssetSummaryAnswer = OutputOf<Endpoints['assetsDetectedProblemSummary']>;
type FleetSummaryBody = BodyOf<Endpoints['detectedProblemsSummary']>;

const open = isNull(problems.closedAt);
const countOpen = (condition?: SQL) =>
  sql<number>`count(*) filter (where ${condition ? and(open, condition) : open})`.mapWith(Number);
const LEVELS_BY_RANK: readonly (ProblemLevel | null)[] = [null, 'INFO', 'WARNING', 'CRITICAL'];

/**
 * The counts: by level, unacknowledged, muted and escalated over the open problems (what needs someone now), and
 * the last event over those open or with an event within the active interval (what happened lately).
 */
const summaryFields = {
  open: countOpen(),
  critical: countOpen(sql`${problems.level} = 'CRITICAL'`),
  warning: countOpen(sql`${problems.level} = 'WARNING'`),
  info: countOpen(sql`${problems.level} = 'INFO'`),
  unacknowledged: countOpen(isNull(problems.acknowledgedAt)),
  muted: countOpen(sql`${problems.currentlyMuted}`),
  escalated: countOpen(sql`${problems.escalatedAt} is not null`),
  worstRank:
    sql<number>`coalesce(max(case ${problems.level} when 'CRITICAL' then 3 when 'WARNING' then 2 else 1 end) filter (where ${open}), 0)`.mapWith(
      Number,
    ),
  lastEventAt: sql<Date | null>`max(${problems.lastEventAt})`.mapWith(problems.lastEventAt),
};

interface SummaryRow {
  open: number;
  critical: number;
  warning: number;
  info: number;
  unacknowledged: number;
  muted: number;
  escalated: number;
  worstRank: number;
  lastEventAt: Date | null;
}

const NO_PROBLEMS: SummaryRow = {
  open: 0,
  critical: 0,
  warning: 0,
  info: 0,
  unacknowledged: 0,
  muted: 0,
  escalated: 0,
  worstRank: 0,
  lastEventAt: null,
};

function presentSummary({ worstRank, lastEventAt, ...counts }: SummaryRow = NO_PROBLEMS): ProblemSummary {
  return {
    ...counts,
    worstLevel: LEVELS_BY_RANK[worstRank] ?? null,
    lastEventAt: lastEventAt === null ? null : lastEventAt.toISOString(),
  };
}

/** Open problems, and closed ones whose last event is within the active interval. */
function activeWithin(activeInterval: string, now: Date): SQL | undefined {
  const since = new Date(now.getTime() - parseIsoDuration(activeInterval));
  return or(open, gte(problems.lastEventAt, since));
}

/**
 * `assets.detectedProblemSummary`: one summary per asset asked about (zeros for one without problems). Every asset
 * must be one the caller may read problems of: an unknown or foreign id is a 404 naming none.
 */
export async function summarizeAssets(
  db: DbOrTx,
  now: Date,
  auth: AuthContext,
  body: AssetSummaryBody,
): Promise<AssetSummaryAnswer> {
  const { missing } = await visibleAssetIds(db, auth, body.assetIds, PROBLEMS_READ);
  if (missing.length > 0) throw notFound('Asset not found.');
  const assetIds = [...new Set(body.assetIds)];
  const rows = await db
    .select({ assetId: problems.assetId, ...summaryFields })
    .from(problems)
    .where(and(inArray(problems.assetId, assetIds), activeWithin(body.activeInterval, now)))
    .groupBy(problems.assetId);
  const byAsset = new Map(rows.map((row) => [row.assetId, row]));
  return assetIds.map((assetId) => ({ assetId, ...presentSummary(byAsset.get(assetId)) }));
}

/**
 * `detectedProblems.summary`: the all-devices summary over every problem the caller may see (detectedProblems:read,
 * company scope, access groups for external users), or of the requested companies among those.
 */
export async function summarizeFleet(
  db: DbOrTx,
  now: Date,
  auth: AuthContext,
  body: FleetSummaryBody,
): Promise<ProblemSummary> {
  const visibility = await assetVisibility(db, auth, PROBLEMS_READ);
  const companyIds = companiesInScope(visibility, body.companyIds);
  const [row] = await db
    .select(summaryFields)
    .from(problems)
    .where(
      and(
        visibleProblemsCondition(visibility),
        companyIds === undefined ? undefined : inArray(problems.companyId, companyIds),
        activeWithin(body.activeInterval, now),
      ),
    );
  return presentSummary(row);
}
