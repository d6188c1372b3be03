import type { QueryClient } from '@tanstack/react-query';
import { passesChecks } from '@kelvin/domain';
import { sectionChecks } from '../../app/router/sectionChecks.ts';
import { fetchCurrentUser } from '../../app/session/useCurrentUser.ts';
import { fleetAssetsQuery, fleetHealthQuery } from './fleetQueries.ts';

/**
 * Starts the fleet's two calls (every asset, every unit's health) as the navigation to a fleet screen starts, beside
 * its scripts instead of after them: at 5,000 units they are the screen's longest wait. Only for a user who may
 * see the fleet (the same checks as the overview's route), so that nobody asks what they would be refused.
 */
export async function prefetchFleet(queryClient: QueryClient): Promise<void> {
  const user = await fetchCurrentUser(queryClient);
  if (!passesChecks(user.permissions, sectionChecks.overview)) return;
  await Promise.all([queryClient.query(fleetAssetsQuery), queryClient.query(fleetHealthQuery)]);
}
