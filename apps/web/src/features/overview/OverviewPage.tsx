import { useCallback, useMemo, useState } from 'react';
import { Box, Flex, Paper, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { livePath, type Metric } from '@kelvin/contract';
import { EmptyState, QueryError } from '../../shared/ui/QueryState.tsx';
import { useMetricCatalogue } from '../diagnose/diagnoseQueries.ts';
import { fleetGroups, fleetTree, groupedUnitIds } from './fleetGroups.ts';
import { useCompanyNames, useFlaggedStatuses, useFleetAssets, useFleetHealth } from './fleetQueries.ts';
import type { CurrentValue } from './metricScale.ts';
import { StateLegend, ValueScaleLegend } from './OverviewLegend.tsx';
import { OverviewHeader } from './OverviewHeader.tsx';
import { OverviewSidebar } from './OverviewSidebar.tsx';
import { createFleetPainter } from './overviewPaints.ts';
import { useOverviewStore } from './overviewStore.ts';
import { UNKNOWN_PAINT, type TilePaint } from './tilePaint.ts';
import { UnitTileGroup } from './UnitTileGroup.tsx';
import { useBatchedLiveValues } from '../live/useBatchedLiveValues.ts';

const NO_PAINTS: readonly TilePaint[] = [];
const NO_METRICS: readonly Metric[] = [];
/**
 * How long live values of the custom metric collect before the tiles show them. Short, because a tile's colour
 * is the value; cheap, because a batch rewrites only the tiles whose paint changed (see buildTileList).
 */
const LIVE_FLUSH_MS = 50;

/**
 * overview: every unit the user may see as a tile, grouped by company, site, building and data hall, coloured by
 * health, by device status or by a custom metric. The fleet (assets.fleet) and its health (assets.fleet.state)
 * are asked for together; health and statuses again every 30 s; the custom metric follows the live subscriber.
 * A tile opens the unit's live view.
 */
export function OverviewPage() {
  const state = useOverviewStore();
  const navigate = useNavigate();
  const assets = useFleetAssets();
  const companyNames = useCompanyNames();
  const catalogue = useMetricCatalogue();

  const companies = useMemo(() => {
    const ids = [...new Set((assets.data ?? []).map((asset) => asset.companyId))];
    return ids
      .map((companyId) => ({ companyId, name: companyNames.get(companyId) ?? `Company ${companyId}` }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [assets.data, companyNames]);
  const selected = state.selectedCompanyIds;
  const groups = useMemo(() => {
    const chosen = new Set(selected);
    const shown = (assets.data ?? []).filter((asset) => chosen.size === 0 || chosen.has(asset.companyId));
    return fleetGroups(fleetTree(shown, companyNames));
  }, [assets.data, companyNames, selected]);
  const unitIds = useMemo(() => groupedUnitIds(groups), [groups]);

  const states = useFleetHealth();
  const flagged = useFlaggedStatuses(unitIds, state.viewMode === 'Device Status');
  const metricId = state.viewMode === 'Custom Metric' ? state.customMetricId : null;
  const paths = useMemo(
    () => (metricId === null ? [] : unitIds.map((assetId) => livePath(assetId, metricId))),
    [unitIds, metricId],
  );
  const live = useBatchedLiveValues(paths, LIVE_FLUSH_MS);
  const values = useMemo(() => {
    const byUnit = new Map<number, CurrentValue>();
    // The updates themselves: an unchanged reading keeps its identity from one batch to the next.
    for (const update of live.values()) byUnit.set(update.assetId, update);
    return byUnit;
  }, [live]);
  const metric = catalogue.data?.find((candidate) => candidate.metricId === metricId);

  const [painter] = useState(createFleetPainter);
  const painted = useMemo(
    () =>
      painter(groups, unitIds, {
        viewMode: state.viewMode,
        states: states.data,
        flagged: flagged.data,
        values,
        metric,
      }),
    [painter, groups, unitIds, state.viewMode, states.data, flagged.data, values, metric],
  );

  const handleOpen = useCallback(
    (assetId: number) => void navigate(`/user/devices/${assetId}/liveView`),
    [navigate],
  );
  const refreshing = states.isFetching || flagged.isFetching;
  const unknown = painted.entries.find((entry) => entry.paint === UNKNOWN_PAINT)?.count ?? 0;

  return (
    <Stack>
      <OverviewHeader
        unitCount={assets.isSuccess ? unitIds.length : null}
        updatedAt={states.dataUpdatedAt}
        refreshing={refreshing}
        canRefresh={unitIds.length > 0}
        onRefresh={() => {
          void states.refetch();
          if (state.viewMode === 'Device Status') void flagged.refetch();
        }}
      />
      <Flex gap="md" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
        <OverviewSidebar
          state={state}
          companies={companies}
          metrics={catalogue.data ?? NO_METRICS}
          metricsLoading={catalogue.isPending}
        />
        <Stack style={{ flex: 1, minWidth: 0 }} gap="md">
          {state.showLegend && unitIds.length > 0 && (
            <Paper withBorder p="sm">
              {state.viewMode === 'Custom Metric' ? (
                metricId === null ? (
                  <Text size="sm" c="dimmed">
                    Choose a custom metric in the options to colour the tiles by its value.
                  </Text>
                ) : (
                  <ValueScaleLegend
                    legend={painted.valueLegend ?? { range: null, categories: [] }}
                    metric={metric}
                    units={metric?.units ?? null}
                    unknown={unknown}
                  />
                )
              ) : (
                <StateLegend entries={painted.entries} label={`Legend: ${state.viewMode}`} />
              )}
            </Paper>
          )}
          {states.isError && (
            <QueryError label="the units’ state" error={states.error} onRetry={() => void states.refetch()} />
          )}
          {flagged.isError && state.viewMode === 'Device Status' && (
            <QueryError
              label="the units’ statuses"
              error={flagged.error}
              onRetry={() => void flagged.refetch()}
            />
          )}
          <FleetTiles
            loading={assets.isPending}
            error={assets.isError ? assets.error : null}
            onRetry={() => void assets.refetch()}
            filtered={selected.length > 0}
            groups={groups}
            paints={painted.byGroup}
            showNames={state.showDeviceNames}
            showValues={state.viewMode === 'Custom Metric'}
            onOpen={handleOpen}
          />
        </Stack>
      </Flex>
    </Stack>
  );
}

interface FleetTilesProps {
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  filtered: boolean;
  groups: ReturnType<typeof fleetGroups>;
  paints: ReadonlyMap<string, readonly TilePaint[]>;
  showNames: boolean;
  showValues: boolean;
  onOpen: (assetId: number) => void;
}

function FleetTiles({
  loading,
  error,
  onRetry,
  filtered,
  groups,
  paints,
  showNames,
  showValues,
  onOpen,
}: FleetTilesProps) {
  if (loading) {
    return (
      <Box role="status" aria-label="Loading the units" p="md">
        <Text c="dimmed">Loading the units…</Text>
      </Box>
    );
  }
  if (error) return <QueryError label="the units" error={error} onRetry={onRetry} />;
  if (groups.length === 0) {
    return (
      <EmptyState>
        {filtered
          ? 'No units in the chosen companies. Choose others in the options, or clear the filter.'
          : 'No units to show. Units you may see appear here once they are placed in a data hall.'}
      </EmptyState>
    );
  }
  return (
    <Stack gap="lg" aria-label="Units by data hall" role="region">
      {groups.map((group) => (
        <UnitTileGroup
          key={group.key}
          group={group}
          paints={paints.get(group.key) ?? NO_PAINTS}
          showNames={showNames}
          showValues={showValues}
          onOpen={onOpen}
        />
      ))}
    </Stack>
  );
}
