import { and, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { parseIsoDuration } from '@kelvin/domain';
import type { Alert, BodyOf, DetectedProblem, detectedProblemsEndpoints, OutputOf } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { alerts, detectedProblems, problemRuleDefinitions } from '../../platform/db/problemsSchema.ts';
import { activeMaintenanceAssetIds } from '../maintenance/maintenanceCoverage.ts';
import { visibleAssetIds } from '../metrics/metricsService.ts';
import { presentProblems } from './problemAccess.ts';
import { toAlert } from './problemPresenter.ts';

export const DETECTED_PROBLEMS_READ = 'detectedProblems:read';
/** Spec: the synthetic problem that holds an asset's alerts of no problem. */
export const UNCATEGORIZED_NAME = 'Uncategorized';

type AlertViewRequest = BodyOf<typeof detectedProblemsEndpoints.detectedProblemsListAlertView>;
type AlertViewAnswer = OutputOf<typeof detectedProblemsEndpoints.detectedProblemsListAlertView>;

/**
 * The alert view of some assets: their alerts in the time window (those that overlap it) and active within the
 * interval (active now or resolved within it), the detected problems they belong to, and the alerts of no problem,
 * grouped per asset into a synthetic 'Uncategorized' problem (spec: negative ids, a range covering all its alerts,
 * CRITICAL if any alert is). Every asset must be one the caller may read problems of (one unknown or foreign id is a
 * 404 naming none). With ticket ids, only alerts of problems on those tickets.
 */
export async function listAlertView(
  db: DbOrTx,
  auth: AuthContext,
  body: AlertViewRequest,
  now: number = Date.now(),
): Promise<AlertViewAnswer> {
  const { missing } = await visibleAssetIds(db, auth, body.assetIds, DETECTED_PROBLEMS_READ);
  if (missing.length > 0) throw notFound('Asset not found.');

  const conditions: (SQL | undefined)[] = [inArray(alerts.assetId, body.assetIds)];
  if (body.timeWindow) {
    conditions.push(lte(alerts.firstEventAt, new Date(body.timeWindow.to)));
    conditions.push(or(isNull(alerts.resolvedAt), gte(alerts.resolvedAt, new Date(body.timeWindow.from))));
  }
  if (body.activeInterval) {
    const since = new Date(now - parseIsoDuration(body.activeInterval));
    conditions.push(or(eq(alerts.status, 'ACTIVE'), gte(alerts.resolvedAt, since)));
  }
  if (body.ticketIds) {
    if (body.ticketIds.length === 0) return { alerts: [], detectedProblems: [], uncategorizedAlertIds: [] };
    conditions.push(inArray(detectedProblems.ticketId, body.ticketIds));
  }
  const rows = await db
    .select({ alert: alerts, rule: problemRuleDefinitions, problem: detectedProblems })
    .from(alerts)
    .innerJoin(
      problemRuleDefinitions,
      eq(problemRuleDefinitions.problemRuleDefinitionId, alerts.problemRuleDefinitionId),
    )
    .leftJoin(detectedProblems, eq(detectedProblems.detectedProblemId, alerts.detectedProblemId))
    .where(and(...conditions))
    .orderBy(alerts.firstEventAt, alerts.alertId);

  const problems = new Map<number, NonNullable<(typeof rows)[number]['problem']>>();
  for (const { problem } of rows) if (problem) problems.set(problem.detectedProblemId, problem);
  const inMaintenance = await activeMaintenanceAssetIds(db, body.assetIds, new Date(now));

  const answerAlerts = rows.map(({ alert, rule, problem }) =>
    toAlert(alert, rule, problem?.ticketId ?? null),
  );
  const uncategorized = answerAlerts.filter((_, index) => rows[index]?.problem === null);
  return {
    alerts: answerAlerts,
    detectedProblems: [
      ...(await presentProblems(db, [...problems.values()], new Date(now))),
      ...uncategorizedProblems(uncategorized, inMaintenance),
    ],
    uncategorizedAlertIds: uncategorized.map((alert) => alert.kyotoEventDetailId),
  };
}

/** Spec: alerts of no problem, per asset, as a synthetic problem with a negative id (minus the asset id). */
function uncategorizedProblems(
  orphans: readonly Alert[],
  inMaintenance: ReadonlySet<number>,
): DetectedProblem[] {
  const byAsset = new Map<number, Alert[]>();
  for (const alert of orphans) byAsset.set(alert.assetId, [...(byAsset.get(alert.assetId) ?? []), alert]);
  return [...byAsset].map(([assetId, list]) => {
    const first = list.reduce((a, b) => (a.firstEventAt <= b.firstEventAt ? a : b));
    const last = list.reduce((a, b) => (a.lastEventAt >= b.lastEventAt ? a : b));
    const open = list.some((alert) => alert.status === 'ACTIVE');
    const resolvedAt =
      list
        .map((alert) => alert.resolvedAt ?? '')
        .sort()
        .at(-1) ?? null;
    const critical = list.some((alert) => alert.level === 'CRITICAL');
    const warning = list.some((alert) => alert.level === 'WARNING');
    return {
      detectedProblemId: -assetId,
      name: UNCATEGORIZED_NAME,
      description: null,
      problemRuleDefinitionId: null,
      assetId,
      companyId: first.companyId,
      ticketId: null,
      groupingKey: null,
      alertIds: list.map((alert) => alert.kyotoEventDetailId),
      level: critical ? 'CRITICAL' : warning ? 'WARNING' : 'INFO',
      kind: 'SYSTEM',
      createdAt: first.createdAt,
      updatedAt: last.lastEventAt,
      closedAt: open ? null : resolvedAt,
      firstEventAt: first.firstEventAt,
      lastEventAt: last.lastEventAt,
      lastDetectedAt: null,
      totalEvaluations: 0,
      lastEvaluationAt: null,
      totalTriggeredEvaluations: 0,
      tags: [],
      acknowledgement: null,
      mute: null,
      escalatedAt: null,
      inMaintenance: inMaintenance.has(assetId),
    };
  });
}
