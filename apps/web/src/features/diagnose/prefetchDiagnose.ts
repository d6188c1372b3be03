import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@kelvin/contract';
import { passesChecks } from '@kelvin/domain';
import { sectionChecks } from '../../app/router/sectionChecks.ts';
import { getIdToken } from '../../app/session/sessionStore.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { assetQuery } from '../assets/assetsQueries.ts';
import { assetMetricIdsQuery, metricCatalogueQuery } from './diagnoseQueries.ts';

/**
 * Starts the diagnose screen's first calls (the metric catalogue, the unit and the metrics it reports, which its
 * charts wait for) as the navigation starts, beside the screen's scripts instead of after them. Only with a session
 * (a call without one would sign the user out), and not for a user already known to lack the devices route's
 * permissions (not yet known: asked anyway, and a refusal only fills the cache with an error the screen never
 * shows). A failure is the screen's to show when it asks again.
 */
export async function prefetchDiagnose(queryClient: QueryClient, assetId: number | undefined): Promise<void> {
  if (getIdToken() === undefined) return;
  const user = queryClient.getQueryData<CurrentUser>(currentUserQueryKey);
  if (user && !passesChecks(user.permissions, sectionChecks.devices)) return;
  await Promise.all([
    queryClient.query(metricCatalogueQuery),
    ...(assetId === undefined
      ? []
      : [queryClient.query(assetQuery(assetId)), queryClient.query(assetMetricIdsQuery([assetId]))]),
  ]);
}
