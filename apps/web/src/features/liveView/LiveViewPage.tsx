import { useDeferredValue, useMemo, useState } from 'react';
import {
  Alert,
  Grid,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { livePath, type Asset, type Metric } from '@kelvin/contract';
import { hasPermission } from '@kelvin/domain';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';
import { AssetFromRoute } from '../assets/AssetFromRoute.tsx';
import { useAssetMetricIds, useMetricCatalogue } from '../diagnose/diagnoseQueries.ts';
import {
  useLiveValue,
  useLiveValueStore,
  useLiveSnapshot,
  type LiveValueStore,
} from '../live/liveValueStore.ts';
import { CommandsPanel } from './CommandsPanel.tsx';
import { LastHeardFrom } from './LastHeardFrom.tsx';
import { LiveMetricList } from './LiveMetricList.tsx';
import { liveViewRows, liveViewTree } from './liveViewRows.ts';
import { toggleLiveViewGroup, updateLiveView, useLiveViewStore } from './liveViewStore.ts';
import { MetricCommandDialog } from './MetricCommandDialog.tsx';

/** Values reach the screen at most this often: fast enough to read as live, cheap with thousands of metrics. */
const FLUSH_MS = 100;
const LIST_HEIGHT = 'max(360px, calc(100dvh - 300px))';

/** devices/{assetId}/liveView: every metric of the unit, live (the device page's default tab). */
export function LiveViewPage() {
  return <AssetFromRoute>{(asset) => <LiveView asset={asset} />}</AssetFromRoute>;
}

function useUnitMetrics(assetId: number) {
  const catalogue = useMetricCatalogue();
  const reported = useAssetMetricIds([assetId]);
  const metrics = useMemo(() => {
    if (!catalogue.data || !reported.data) return undefined;
    const ids = new Set(reported.data.find((entry) => entry.assetId === assetId)?.metricIds ?? []);
    return catalogue.data.filter((metric) => ids.has(metric.metricId));
  }, [catalogue.data, reported.data, assetId]);
  return { metrics, error: catalogue.error ?? reported.error };
}

function LiveView({ asset }: { asset: Asset }) {
  const { assetId } = asset;
  const timeZone = userTimeZone();
  const state = useLiveViewStore();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [commanding, setCommanding] = useState<Metric | null>(null);
  const permissions = useCurrentUser().data?.permissions;
  const canWrite =
    permissions !== undefined &&
    hasPermission(permissions, { permission: 'metrics:write', attributes: { companyId: asset.companyId } });

  const { metrics, error } = useUnitMetrics(assetId);
  const byId = useMemo(() => new Map((metrics ?? []).map((metric) => [metric.metricId, metric])), [metrics]);
  const paths = useMemo(
    () => (metrics ?? []).map((metric) => livePath(assetId, metric.metricId)),
    [metrics, assetId],
  );
  // Each row follows its own value: a batch renders the rows whose value changed, not this page.
  const values = useLiveValueStore(paths, FLUSH_MS);

  const tree = useMemo(() => liveViewTree(metrics ?? []), [metrics]);
  const collapsed = useMemo(() => new Set(state.collapsed), [state.collapsed]);
  // Only the alarm filter depends on values: with it the page follows every batch, without it the rows stay put.
  const statusSource = useLiveSnapshot(values, state.onlyAlarms);
  const rows = useMemo(
    () =>
      liveViewRows(tree, {
        search: deferredSearch,
        onlyAlarms: state.onlyAlarms,
        statusOf: (metricId) => statusSource?.get(livePath(assetId, metricId))?.status,
        collapsed,
      }),
    [tree, deferredSearch, state.onlyAlarms, statusSource, assetId, collapsed],
  );

  return (
    <Stack gap="sm">
      <LastHeardFrom assetId={assetId} timeZone={timeZone} />
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search metrics"
          placeholder="Search by name or alias"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Switch
          label="Show only alarms"
          checked={state.onlyAlarms}
          onChange={(event) => updateLiveView({ onlyAlarms: event.currentTarget.checked })}
        />
        <SegmentedControl
          aria-label="Layout"
          size="xs"
          value={state.layout}
          onChange={(value) => updateLiveView({ layout: value === 'compact' ? 'compact' : 'detailed' })}
          data={[
            { value: 'compact', label: 'Compact' },
            { value: 'detailed', label: 'Detailed' },
          ]}
        />
        <Group gap={6}>
          <Text size="xs" c="dimmed" id="side-labels-label">
            Side labels
          </Text>
          <SegmentedControl
            aria-labelledby="side-labels-label"
            size="xs"
            value={state.sideLabels}
            onChange={(value) => updateLiveView({ sideLabels: value === 'Off' ? 'Off' : 'On' })}
            data={['On', 'Off']}
          />
        </Group>
      </Group>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          {error ? (
            <Alert color="red" title="The unit's metrics could not be loaded">
              {error.message}
            </Alert>
          ) : metrics === undefined ? (
            <Stack gap={4} role="status" aria-busy="true" aria-label="Loading metrics">
              {Array.from({ length: 10 }, (_, index) => (
                <Skeleton key={index} height={30} />
              ))}
            </Stack>
          ) : metrics.length === 0 ? (
            <Alert color="gray" title="No metrics yet">
              This unit has not reported any metrics. Values appear here as soon as its agent sends them.
            </Alert>
          ) : rows.length === 0 ? (
            <Alert color="gray" title="Nothing to show">
              {state.onlyAlarms ? 'No metric of this unit is in alarm' : 'No metric matches'}
              {deferredSearch ? ` “${deferredSearch}”` : ''}. Clear the search or the alarm filter to see all{' '}
              {metrics.length} metrics.
            </Alert>
          ) : (
            <LiveMetricList
              key={state.layout}
              rows={rows}
              assetId={assetId}
              values={values}
              detailed={state.layout === 'detailed'}
              sideLabels={state.sideLabels === 'On'}
              timeZone={timeZone}
              onToggleGroup={toggleLiveViewGroup}
              onCommand={canWrite ? setCommanding : undefined}
              height={LIST_HEIGHT}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <CommandsPanel assetId={assetId} metrics={byId} timeZone={timeZone} />
        </Grid.Col>
      </Grid>
      {commanding ? (
        <CommandDialog
          assetId={assetId}
          metric={commanding}
          values={values}
          timeZone={timeZone}
          onClose={() => setCommanding(null)}
        />
      ) : null}
    </Stack>
  );
}

/** The set and override dialog with the metric's current value, following it while the dialog is open. */
function CommandDialog(props: {
  assetId: number;
  metric: Metric;
  values: LiveValueStore;
  timeZone: string;
  onClose: () => void;
}) {
  const { assetId, metric, values, timeZone, onClose } = props;
  const current = useLiveValue(values, livePath(assetId, metric.metricId));
  return (
    <MetricCommandDialog
      assetId={assetId}
      metric={metric}
      current={current}
      timeZone={timeZone}
      onClose={onClose}
    />
  );
}
