import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AssetHealth, type OutputOf } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { CURRENT_VALUES_CACHE_MS, hasPermission } from '@kelvin/domain';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { apiCall } from '../../shared/api/index.ts';
import { assetsKey } from '../assets/assetsQueries.ts';
import { useDemoMode } from '../../shared/preferences/displayPreferences.ts';
import { maskFleetNames, presentCompanyName } from '../../shared/preferences/names.ts';
import { useCompanies } from '../companies/companiesQueries.ts';
import { FLAGGED_STATUSES } from './tilePaint.ts';

/** Spec: the active alert interval. */
const ACTIVE_ALERT_INTERVAL = 'PT10M';
/**
 * How often health and statuses are asked again: the spec's current-values cache (30 s). Health changes on a
 * scale of minutes (the 10-minute online window), so a faster poll would cost the server without showing more.
 */
export const FLEET_REFRESH_MS = CURRENT_VALUES_CACHE_MS;
/** The contract's bound on ids per call. */
const IDS_PER_CALL = 5000;

function inChunks(ids: readonly number[]): number[][] {
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_CALL)
    chunks.push(ids.slice(start, start + IDS_PER_CALL));
  return chunks;
}

export interface UnitState {
  health: AssetHealth;
  /** Epoch ms of the last reading, null if never heard from. */
  lastSeenAt: number | null;
}

function unitStates(answers: OutputOf<typeof contract.assetsStateList>): Map<number, UnitState> {
  return new Map<number, UnitState>(
    answers.map((state) => [
      state.assetId,
      { health: state.health, lastSeenAt: state.lastSeenAt === null ? null : Date.parse(state.lastSeenAt) },
    ]),
  );
}

/**
 * The health of the given assets (assets.state.list), asked again every 30 s while the screen is open. The
 * previous answer stays while a new one loads, so tiles never blank.
 */
export function useFleetStates(assetIds: readonly number[]) {
  const key = assetIds.join(',');
  return useQuery({
    queryKey: ['fleet', 'states', key],
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(
        inChunks(assetIds).map((ids) =>
          apiCall(contract.assetsStateList, {
            body: { assetIds: ids, activeInterval: ACTIVE_ALERT_INTERVAL },
            signal,
          }),
        ),
      );
      return unitStates(answers.flat());
    },
    enabled: assetIds.length > 0,
    refetchInterval: FLEET_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every asset the user may see, slim (assets.fleet): what the overview groups and names its tiles by. Asked once
 * per visit; an asset write refreshes it with the other asset queries (its key starts with assetsKey). Exported as
 * options too, so that a route can start it before the screen's code has loaded (queryClient.prefetchQuery).
 */
export const fleetAssetsQuery = {
  queryKey: [...assetsKey, 'fleet'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiCall(contract.assetsFleet, { signal }),
};

/** The fleet list, its names masked under demo mode (the overview, the dashboard and the data hall name by it). */
export function useFleetAssets(enabled = true) {
  const demo = useDemoMode();
  return useQuery({ ...fleetAssetsQuery, enabled, select: demo ? maskFleetNames : undefined });
}

/**
 * The health of every unit the user may see (assets.fleet.state). It needs no unit ids, so it starts with
 * useFleetAssets instead of after it: a fleet's first colours wait for one answer, not two.
 */
export const fleetHealthQuery = {
  queryKey: ['fleet', 'health'],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    unitStates(
      await apiCall(contract.assetsFleetState, { body: { activeInterval: ACTIVE_ALERT_INTERVAL }, signal }),
    ),
};

/** fleetHealthQuery while the screen is open: asked again every 30 s, the last answer kept while it loads. */
export function useFleetHealth() {
  return useQuery({
    ...fleetHealthQuery,
    refetchInterval: FLEET_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * The statuses of each unit's flagged readings (any status bit but OK), from the last-values table: asking with
 * `metricStatuses` brings back the few flagged readings instead of every metric of every unit. A unit absent from
 * the answer has no flagged reading.
 */
export function useFlaggedStatuses(assetIds: readonly number[], enabled: boolean) {
  const key = assetIds.join(',');
  return useQuery({
    queryKey: ['fleet', 'flaggedStatuses', key],
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(
        inChunks(assetIds).map((ids) =>
          apiCall(contract.lastValues, {
            body: { assetIds: ids, metricStatuses: [...FLAGGED_STATUSES] },
            signal,
          }),
        ),
      );
      const statuses = new Map<number, number[]>();
      for (const answer of answers) {
        for (const byAsset of Object.values(answer)) {
          for (const [assetId, cell] of Object.entries(byAsset)) {
            const id = Number(assetId);
            const list = statuses.get(id) ?? [];
            list.push(cell.metadata.status);
            statuses.set(id, list);
          }
        }
      }
      return statuses;
    },
    enabled: enabled && assetIds.length > 0,
    refetchInterval: FLEET_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * Company names for grouping, when the user may read companies (provider staff, who see several); others see
 * their own company only and get an empty map.
 */
export function useCompanyNames(): ReadonlyMap<number, string> {
  const permissions = useCurrentUser().data?.permissions;
  const companies = useCompanies({
    enabled: permissions !== undefined && hasPermission(permissions, { permission: 'companies:read' }),
  });
  const demo = useDemoMode();
  return useMemo(
    () =>
      new Map(
        (companies.data ?? []).map((company) => [
          company.companyId,
          // demo is read inside presentCompanyName; it is a dependency so that a switch renames at once.
          demo ? presentCompanyName(company.companyId, company.name) : company.name,
        ]),
      ),
    [companies.data, demo],
  );
}
