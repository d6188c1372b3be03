import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Grid, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { livePath, type Asset } from '@kelvin/contract';
import { ASSET_HEALTH_ATTENTION_ORDER, ASSET_TYPE, formatMetricValueWithUnits } from '@kelvin/domain';
import { displayAssetName } from '../../shared/preferences/names.ts';
import { userUnitsProfile } from '../../shared/preferences/displayPreferences.ts';
import { EmptyState, QueryError } from '../../shared/ui/QueryState.tsx';
import { useOptionalIdParam } from '../../shared/routing/useIdParam.ts';
import { useAssets } from '../assets/assetsQueries.ts';
import { AssetPicker } from '../devices/AssetPicker.tsx';
import { MetricPicker } from '../diagnose/MetricPicker.tsx';
import { useMetricCatalogue } from '../diagnose/diagnoseQueries.ts';
import { isFleetUnit } from '../overview/fleetGroups.ts';
import { useFleetStates } from '../overview/fleetQueries.ts';
import { chooseOneMetric } from '../overview/OverviewOptions.tsx';
import { StateLegend } from '../overview/OverviewLegend.tsx';
import { paintByHealth, HEALTH_PAINTS, type TilePaint } from '../overview/tilePaint.ts';
import { useBatchedLiveValues } from '../live/useBatchedLiveValues.ts';
import { updateDatahall, useDatahallStore } from './datahallStore.ts';
import { arrangeHall, hallLayout, LAYOUT_DESCRIPTIONS } from './hallArrangement.ts';
import { HallPlan } from './HallPlan.tsx';

/** The names above an asset, outermost first: site › building. */
function placeOf(asset: Asset, byId: ReadonlyMap<number, Asset>): string[] {
  const names: string[] = [];
  let parent = asset.parentAssetId === null ? undefined : byId.get(asset.parentAssetId);
  while (parent) {
    names.unshift(displayAssetName(parent));
    parent = parent.parentAssetId === null ? undefined : byId.get(parent.parentAssetId);
  }
  return names;
}

/**
 * datahall/{datahallId?}: a hall's units drawn where they stand (its layout property), each coloured by health
 * with a chosen metric's live value; a unit opens its live view. The hall is picked in the one asset tree; a
 * unit picked there opens its own hall.
 */
export function DatahallPage() {
  const datahallId = useOptionalIdParam('datahallId');
  const navigate = useNavigate();
  const assets = useAssets();
  const lastDatahallId = useDatahallStore((state) => state.lastDatahallId);
  const [hint, setHint] = useState<string | null>(null);
  const byId = useMemo(
    () => new Map((assets.data ?? []).map((asset) => [asset.assetId, asset])),
    [assets.data],
  );

  useEffect(() => {
    if (datahallId !== undefined) updateDatahall({ lastDatahallId: datahallId });
  }, [datahallId]);

  if (datahallId === undefined && lastDatahallId !== null) {
    return <Navigate to={`/user/datahall/${lastDatahallId}`} replace />;
  }

  function handleSelect(assetId: number) {
    const asset = byId.get(assetId);
    if (!asset) return;
    const hallId = asset.assetTypeId === ASSET_TYPE.datahall ? asset.assetId : asset.datahallId;
    if (hallId === null) {
      setHint(`${displayAssetName(asset)} is not in a data hall. Choose a data hall, or a unit in one.`);
      return;
    }
    setHint(null);
    void navigate(`/user/datahall/${hallId}`);
  }

  const hall = datahallId === undefined ? undefined : byId.get(datahallId);
  return (
    <Stack>
      <Title order={1}>Data hall</Title>
      <Grid>
        {/* On a phone a chosen hall comes first, the tree to choose another below it. */}
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }} order={{ base: datahallId === undefined ? 1 : 2, md: 1 }}>
          <Paper withBorder p="sm" component="nav" aria-label="Data hall picker">
            <AssetPicker selectedAssetId={datahallId} onSelect={handleSelect} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }} order={{ base: 1, md: 2 }}>
          <Stack>
            {hint && (
              <Alert color="yellow" role="status" withCloseButton onClose={() => setHint(null)}>
                {hint}
              </Alert>
            )}
            {assets.isError ? (
              <QueryError label="the assets" error={assets.error} onRetry={() => void assets.refetch()} />
            ) : datahallId === undefined ? (
              <EmptyState>Choose a data hall in the hierarchy to see its units where they stand.</EmptyState>
            ) : assets.isPending ? (
              <Text c="dimmed" role="status">
                Loading the hall…
              </Text>
            ) : hall?.assetTypeId !== ASSET_TYPE.datahall ? (
              <EmptyState>This data hall is not among your assets. Choose one in the hierarchy.</EmptyState>
            ) : (
              <HallView hall={hall} byId={byId} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function HallView({ hall, byId }: { hall: Asset; byId: ReadonlyMap<number, Asset> }) {
  const navigate = useNavigate();
  const catalogue = useMetricCatalogue();
  const metricId = useDatahallStore((state) => state.metricId);
  const units = useMemo(
    () =>
      [...byId.values()]
        .filter((asset) => asset.datahallId === hall.assetId && isFleetUnit(asset))
        .map((asset) => ({
          assetId: asset.assetId,
          name: displayAssetName(asset),
          properties: asset.properties,
        })),
    [byId, hall.assetId],
  );
  const layout = hallLayout(hall, units);
  const arrangement = useMemo(() => arrangeHall(layout, units), [layout, units]);
  const unitIds = useMemo(() => units.map((unit) => unit.assetId), [units]);
  const states = useFleetStates(unitIds);
  const paints = useMemo(
    () => new Map<number, TilePaint>(unitIds.map((id) => [id, paintByHealth(states.data?.get(id)?.health)])),
    [unitIds, states.data],
  );
  const metric = catalogue.data?.find((candidate) => candidate.metricId === metricId);
  const paths = useMemo(
    () => (metricId === null ? [] : unitIds.map((id) => livePath(id, metricId))),
    [unitIds, metricId],
  );
  // Batched like the overview's (a quarter second here: a hall has tens of units, not thousands).
  const live = useBatchedLiveValues(paths, 250);
  const values = useMemo(() => {
    if (metricId === null) return null;
    const formatted = new Map<number, string>();
    for (const update of live.values()) {
      formatted.set(
        update.assetId,
        formatMetricValueWithUnits(metric, update.value, update.units, userUnitsProfile()),
      );
    }
    return formatted;
  }, [live, metric, metricId]);
  const legend = ASSET_HEALTH_ATTENTION_ORDER.map((state) => ({
    paint: HEALTH_PAINTS[state],
    count: [...paints.values()].filter((paint) => paint === HEALTH_PAINTS[state]).length,
  })).filter((entry) => entry.count > 0);
  const name = displayAssetName(hall);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {placeOf(hall, byId).join(' › ')}
          </Text>
          <Group gap="xs">
            <Title order={2}>{name}</Title>
            <Badge variant="light">{layout}</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {LAYOUT_DESCRIPTIONS[layout]} · {units.length} units
          </Text>
        </Stack>
        <Stack w={{ base: '100%', sm: 320 }} gap={0}>
          <MetricPicker
            label="Value on each unit"
            metrics={catalogue.data ?? []}
            loading={catalogue.isPending}
            selected={metricId === null ? [] : [metricId]}
            onChange={(ids) => updateDatahall({ metricId: chooseOneMetric(metricId, ids) })}
          />
        </Stack>
      </Group>
      {states.isError && (
        <QueryError label="the units’ state" error={states.error} onRetry={() => void states.refetch()} />
      )}
      {legend.length > 0 && <StateLegend entries={legend} label={`Health in ${name}`} />}
      {units.length === 0 ? (
        <EmptyState>No units stand in this hall yet.</EmptyState>
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <HallPlan
            label={`Units of ${name}`}
            arrangement={arrangement}
            paints={paints}
            values={values}
            metricName={metric?.name ?? null}
            onOpen={(assetId) => void navigate(`/user/devices/${assetId}/liveView`)}
          />
        </ScrollArea>
      )}
    </Stack>
  );
}
