import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  IN_PROGRESS_STATUS_VALUE,
  type ProblemLevel,
  type TicketProblemSummary,
  type TicketWorkPeriod,
} from '@kelvin/contract';
import { parseIsoDuration } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { detectedProblems as problems } from '../../platform/db/problemsSchema.ts';
import { ticketAssets, tickets, ticketStatusChanges } from '../../platform/db/ticketsSchema.ts';
import { assetVisibility } from '../access/assetAccess.ts';
import { visibleAssetIds } from '../metrics/metricsService.ts';
import { PROBLEMS_READ, visibleRowsCondition } from '../problems/problemAccess.ts';
import {
  TICKET_NOT_FOUND,
  ticketAccessCondition,
  ticketVisibility,
  visibleTicketIds,
} from './ticketAccess.ts';

const LEVELS_BY_RANK: readonly (ProblemLevel | null)[] = [null, 'INFO', 'WARNING', 'CRITICAL'];
const open = isNull(problems.closedAt);
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * `tickets.detectedProblemsSummary`: for each ticket asked about (each one the caller may read: an unknown, another
 * company's or, for an external user, an INTERNAL ticket or one outside their access groups is a 404), its problems counted as an asset's are (levels,
 * unacknowledged, muted, escalated over the open ones; the last event over those active within the interval), with
 * the closed ones beside them.
 */
export async function summarizeTicketProblems(
  db: DbOrTx,
  now: Date,
  auth: AuthContext,
  body: { ticketIds: number[]; activeInterval: string },
): Promise<TicketProblemSummary[]> {
  const visibility = ticketVisibility(auth);
  // Problem counts are problems: detectedProblems:read too, and only those of assets the caller may see.
  const problemScope = await assetVisibility(db, auth, PROBLEMS_READ);
  const ticketIds = [...new Set(body.ticketIds)];
  const seen = await visibleTicketIds(db, visibility, ticketIds);
  if (ticketIds.some((id) => !seen.has(id))) throw notFound(TICKET_NOT_FOUND);

  const since = new Date(now.getTime() - parseIsoDuration(body.activeInterval));
  const recent = gte(problems.lastEventAt, since);
  const rows = await db
    .select({
      ticketId: sql<number>`${problems.ticketId}`.mapWith(Number),
      total: sql<number>`count(*)`.mapWith(Number),
      open: countWhere(open),
      closed: countWhere(sql`${problems.closedAt} is not null`),
      recentlyClosed: countWhere(sql`${problems.closedAt} is not null and ${recent}`),
      critical: countWhere(sql`${open} and ${problems.level} = 'CRITICAL'`),
      warning: countWhere(sql`${open} and ${problems.level} = 'WARNING'`),
      info: countWhere(sql`${open} and ${problems.level} = 'INFO'`),
      unacknowledged: countWhere(sql`${open} and ${problems.acknowledgedAt} is null`),
      muted: countWhere(sql`${open} and ${problems.currentlyMuted}`),
      escalated: countWhere(sql`${open} and ${problems.escalatedAt} is not null`),
      worstRank:
        sql<number>`coalesce(max(case ${problems.level} when 'CRITICAL' then 3 when 'WARNING' then 2 else 1 end) filter (where ${open}), 0)`.mapWith(
          Number,
        ),
      lastEventAt: sql`max(${problems.lastEventAt}) filter (where ${open} or ${recent})`.mapWith(
        (value: unknown): Date | null =>
          value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null,
      ),
    })
    .from(problems)
    .where(and(inArray(problems.ticketId, ticketIds), visibleRowsCondition(problemScope, problems)))
    .groupBy(problems.ticketId);
  const byTicket = new Map(rows.map((row) => [row.ticketId, row]));
  return ticketIds.map((ticketId) => {
    const row = byTicket.get(ticketId);
    if (!row) return { ...EMPTY_SUMMARY, ticketId };
    const { worstRank, lastEventAt, ...counts } = row;
    return {
      ...counts,
      ticketId,
      worstLevel: LEVELS_BY_RANK[worstRank] ?? null,
      lastEventAt: lastEventAt === null ? null : lastEventAt.toISOString(),
    };
  });
}

const EMPTY_SUMMARY = {
  total: 0,
  open: 0,
  closed: 0,
  recentlyClosed: 0,
  critical: 0,
  warning: 0,
  info: 0,
  unacknowledged: 0,
  muted: 0,
  escalated: 0,
  worstLevel: null,
  lastEventAt: null,
};

/** A status a ticket entered, and when. */
export interface StatusChange {
  ticketId: number;
  statusValue: number;
  changedAt: Date;
}

/**
 * The spans each ticket spent in progress (from entering inProgress to entering any other status; still open when
 * it has not left), that overlap the window. Changes come sorted by ticket and time; a repeated inProgress entry
 * continues the span rather than starting another.
 */
export function inProgressSpans(
  changes: readonly StatusChange[],
  window: { from: Date; to: Date },
): { ticketId: number; from: Date; to: Date | null }[] {
  const spans: { ticketId: number; from: Date; to: Date | null }[] = [];
  let current: { ticketId: number; from: Date; to: Date | null } | null = null;
  for (const change of changes) {
    if (current && current.ticketId !== change.ticketId) {
      spans.push(current);
      current = null;
    }
    const inProgress = change.statusValue === IN_PROGRESS_STATUS_VALUE;
    if (inProgress && !current) current = { ticketId: change.ticketId, from: change.changedAt, to: null };
    if (!inProgress && current) {
      spans.push({ ...current, to: change.changedAt });
      current = null;
    }
  }
  if (current) spans.push(current);
  return spans.filter(
    (span) =>
      span.from.getTime() <= window.to.getTime() &&
      (span.to === null || span.to.getTime() >= window.from.getTime()),
  );
}

/**
 * `tickets.workPeriods`: service visits on the charts of some assets. Every asset must be one the caller may read
 * metrics of (404 otherwise, naming none); the tickets are those holding them that the caller may read
 * (ticketAccessCondition), others left out silently as in any list.
 */
export async function listWorkPeriods(
  db: DbOrTx,
  auth: AuthContext,
  body: { assetIds: number[]; timeWindow: { from: string; to: string } },
): Promise<TicketWorkPeriod[]> {
  const visibility = ticketVisibility(auth);
  const { missing } = await visibleAssetIds(db, auth, body.assetIds);
  if (missing.length > 0) throw notFound('Asset not found.');
  const window = { from: new Date(body.timeWindow.from), to: new Date(body.timeWindow.to) };
  const holding = await db
    .select({
      ticketId: tickets.ticketId,
      title: tickets.title,
      assetId: ticketAssets.assetId,
    })
    .from(ticketAssets)
    .innerJoin(tickets, eq(tickets.ticketId, ticketAssets.ticketId))
    .where(
      and(
        inArray(ticketAssets.assetId, [...new Set(body.assetIds)]),
        // A ticket made after the window, or closed before it, worked on nothing in it.
        lte(tickets.createdAt, window.to),
        or(isNull(tickets.closedAt), gte(tickets.closedAt, window.from)),
        ticketAccessCondition(visibility),
      ),
    );
  if (holding.length === 0) return [];
  const byTicket = new Map<number, { title: string; assetIds: number[] }>();
  for (const row of holding) {
    const entry = byTicket.get(row.ticketId) ?? { title: row.title, assetIds: [] };
    entry.assetIds.push(row.assetId);
    byTicket.set(row.ticketId, entry);
  }
  const changes = await db
    .select({
      ticketId: ticketStatusChanges.ticketId,
      statusValue: ticketStatusChanges.statusValue,
      changedAt: ticketStatusChanges.changedAt,
    })
    .from(ticketStatusChanges)
    .where(inArray(ticketStatusChanges.ticketId, [...byTicket.keys()]))
    .orderBy(asc(ticketStatusChanges.ticketId), asc(ticketStatusChanges.changedAt));
  return inProgressSpans(changes, window)
    .map((span) => {
      const ticket = byTicket.get(span.ticketId);
      return {
        ticketId: span.ticketId,
        title: ticket?.title ?? '',
        statusEnumKey: 'inProgress',
        assetIds: [...new Set(ticket?.assetIds ?? [])].sort((a, b) => a - b),
        from: span.from.toISOString(),
        to: span.to === null ? null : span.to.toISOString(),
      };
    })
    .sort((a, b) => a.from.localeCompare(b.from) || a.ticketId - b.ticketId);
}
