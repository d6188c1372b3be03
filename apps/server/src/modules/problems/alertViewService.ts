import type { BodyOf, detectedProblemsEndpoints, OutputOf } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { visibleAssetIds } from '../metrics/metricsService.ts';

export const DETECTED_PROBLEMS_READ = 'detectedProblems:read';

type AlertViewRequest = BodyOf<typeof detectedProblemsEndpoints.detectedProblemsListAlertView>;
type AlertViewAnswer = OutputOf<typeof detectedProblemsEndpoints.detectedProblemsListAlertView>;

/**
 * The alert view of some assets: their alerts, the detected problems those belong to, and the alerts of no
 * problem. Every asset must be one the caller may read problems of (one unknown or foreign id is a 404 naming
 * none). No rule evaluates yet (the problems issue brings rules, evaluation and alerts), so the lists are empty;
 * the call, its checks and its answer's shape are final, so that the alert Gantt is built on them now.
 */
export async function listAlertView(
  db: DbOrTx,
  auth: AuthContext,
  body: AlertViewRequest,
): Promise<AlertViewAnswer> {
  const { missing } = await visibleAssetIds(db, auth, body.assetIds, DETECTED_PROBLEMS_READ);
  if (missing.length > 0) throw notFound('Asset not found.');
  return { alerts: [], detectedProblems: [], uncategorizedAlertIds: [] };
}
