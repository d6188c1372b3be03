import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, CloseButton, Group, Menu, Stack, Switch, Text, Title } from '@mantine/core';
import {
  IconChartBar,
  IconChartLine,
  IconLayoutGridAdd,
  IconTable,
  IconTimeline,
  IconZoomOut,
} from '@tabler/icons-react';
import {
  addGroup,
  canZoomBack,
  currentZoom,
  defaultAggregation,
  isRelativeRange,
  rawAllowed,
  resolveRelativeRange,
  removeGroup,
  renameGroup,
  setAliasAggregation,
  setGroupAliases,
  setGroupOption,
  hasPermission,
  setLayout,
  startingView,
  toggleSelectedAsset,
  zoomBack,
  zoomTo,
  type DiagnoseGroupType,
  type DiagnoseViewData,
  type TimeRange,
  type ZoomHistory,
} from '@kelvin/domain';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { DiagnoseViewsMenu } from '../sharedViews/DiagnoseViewsMenu.tsx';
import { useOptionalIdParam } from '../../shared/routing/useIdParam.ts';
import { AutoRefreshPicker, useAutoRefresh } from './AutoRefreshPicker.tsx';
import { DiagnoseGrid } from './DiagnoseGrid.tsx';
import { DiagnoseGroupCard } from './DiagnoseGroupCard.tsx';
import { useMetricCatalogue } from './diagnoseQueries.ts';
import { updateDiagnoseView, useDiagnoseStore, withBaseRange } from './diagnoseStore.ts';
import { setGroupCompare } from './compareStore.ts';
import { useDiagnoseAssets } from './diagnoseAssets.ts';
import { DiagnoseTour } from './DiagnoseTour.tsx';
import { useAssetThresholds } from '../thresholds/thresholdsQueries.ts';
import { TimeRangePicker, resolveRange, type RangeChoice } from './TimeRangePicker.tsx';
import { TimeZonePicker } from './TimeZonePicker.tsx';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';

/** The view's zoom history: its base range, then each zoom step (dates are valid: the store checked them). */
function zoomHistoryOf(view: DiagnoseViewData): ZoomHistory {
  const range = (from: string | null, to: string | null) => ({
    from: Date.parse(from ?? ''),
    to: Date.parse(to ?? ''),
  });
  return [
    range(view.fromDate, view.toDate),
    ...view.diagnosePageHistory.map((step) => range(step.fromDate, step.toDate)),
  ];
}

/** The zoom steps above the base range, kept in the view as the spec's diagnosePageHistory. */
function withZoomHistory(view: DiagnoseViewData, history: ZoomHistory): DiagnoseViewData {
  const iso = (ms: number) => new Date(ms).toISOString();
  const steps = history.slice(1).map((step) => ({ fromDate: iso(step.from), toDate: iso(step.to) }));
  return { ...view, diagnosePageHistory: steps };
}

/** Group types a user can add; the status timeline arrives with its own component. */
const ADDABLE: readonly { type: DiagnoseGroupType; label: string; icon: typeof IconChartLine }[] = [
  { type: 'chart', label: 'Chart', icon: IconChartLine },
  { type: 'table', label: 'Table', icon: IconTable },
  { type: 'statusGantt', label: 'Status Gantt Chart', icon: IconChartBar },
  { type: 'alertGantt', label: 'Alert Gantt Chart', icon: IconTimeline },
];

/**
 * devicesMetrics (devices/{assetId}/metrics): the unit's metrics in groups laid out on a grid, over one time axis.
 * Dragging across any chart zooms every group; 'Zoom out' goes back one step at a time to the range picked first.
 */
export function DiagnosePage() {
  const assetId = useOptionalIdParam('assetId');
  const me = useCurrentUser();
  const catalogue = useMetricCatalogue();
  const view = useDiagnoseStore((state) => state.view);
  const { assets, metricsByAlias, loadingMetrics } = useDiagnoseAssets(assetId, view.selectedAssets);
  const zooms = useMemo(() => zoomHistoryOf(view), [view]);
  const [base] = zooms;
  const choice: RangeChoice = isRelativeRange(view.rangeDisplay)
    ? { kind: 'relative', label: view.rangeDisplay }
    : { kind: 'absolute', ...base };
  const timeZone = view.timezone ?? userTimeZone();
  const range = currentZoom(zooms);
  const rawOk = rawAllowed(range);
  const [refreshMs, setRefreshMs] = useState(0);
  const following = choice.kind === 'relative' && !canZoomBack(zooms);
  // A relative range moves on to now; the query keeps the previous answer on screen until the new one arrives.
  const followNow = useCallback(
    () =>
      updateDiagnoseView((current) =>
        withBaseRange(current, resolveRelativeRange(current.rangeDisplay, Date.now()), current.rangeDisplay),
      ),
    [],
  );
  useAutoRefresh(refreshMs, following, followNow);

  const defaultOf = useCallback(
    (alias: string) => {
      const metric = metricsByAlias.get(alias);
      return metric ? defaultAggregation(metric) : 'AVERAGE';
    },
    [metricsByAlias],
  );

  // A unit opened on the untouched default view starts on its temperatures, airflow and alarms, not on nothing.
  const viewChosen = useDiagnoseStore((state) => state.selectedViewId !== null);
  useEffect(() => {
    if (viewChosen || loadingMetrics || metricsByAlias.size === 0) return;
    updateDiagnoseView((current) => startingView(current, [...metricsByAlias.values()], defaultOf));
  }, [viewChosen, loadingMetrics, metricsByAlias, defaultOf]);

  // Thresholds drawn are those of the view's threshold asset (the focused one when switched on here).
  const thresholds = useAssetThresholds(view.thresholdAsset);
  const limits = useMemo(
    () =>
      view.thresholdAsset === null
        ? undefined
        : new Map((thresholds.data?.limits ?? []).map((limit) => [limit.metricAlias, limit])),
    [view.thresholdAsset, thresholds.data],
  );
  const thresholdNote =
    view.thresholdAsset !== null && thresholds.data && thresholds.data.thresholdGroupId === null
      ? 'This unit has no threshold group.'
      : undefined;

  const handleZoom = useCallback(
    (next: TimeRange) =>
      updateDiagnoseView((current) => withZoomHistory(current, zoomTo(zoomHistoryOf(current), next))),
    [],
  );
  const handleZoomBack = () =>
    updateDiagnoseView((current) => withZoomHistory(current, zoomBack(zoomHistoryOf(current))));
  function handleRange(next: RangeChoice) {
    const label = next.kind === 'relative' ? next.label : 'Custom';
    updateDiagnoseView((current) => withBaseRange(current, resolveRange(next, Date.now()), label));
  }

  if (assetId === undefined) {
    return (
      <Stack gap="xs">
        <Title order={2}>Device metrics</Title>
        <Text c="dimmed">Choose a unit in the hierarchy to explore its metrics.</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="xs" wrap="wrap">
        {me.data && (
          <DiagnoseViewsMenu
            user={me.data.user}
            canSetGlobal={hasPermission(me.data.permissions, { permission: 'sharedViews:setGlobal' })}
          />
        )}
        <TimeRangePicker value={choice} range={range} timeZone={timeZone} onChange={handleRange} />
        <TimeZonePicker
          value={timeZone}
          onChange={(zone) => updateDiagnoseView((current) => ({ ...current, timezone: zone }))}
        />
        <AutoRefreshPicker everyMs={refreshMs} onChange={setRefreshMs} disabled={!following} />
        {catalogue.isSuccess && <DiagnoseTour />}
        <Button
          variant="default"
          leftSection={<IconZoomOut size={16} />}
          disabled={!canZoomBack(zooms)}
          onClick={handleZoomBack}
        >
          Zoom out
        </Button>
        <Switch
          label="Thresholds"
          description={thresholdNote}
          checked={view.thresholdAsset !== null}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            updateDiagnoseView((current) => ({ ...current, thresholdAsset: on ? assetId : null }));
          }}
        />
        <Menu position="bottom-start">
          <Menu.Target>
            <Button leftSection={<IconLayoutGridAdd size={16} />} data-tour="add-group">
              Add group
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {ADDABLE.map(({ type, label, icon: Icon }) => (
              <Menu.Item
                key={type}
                leftSection={<Icon size={16} />}
                onClick={() => updateDiagnoseView((current) => addGroup(current, type))}
              >
                {label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {assets.length > 1 && (
        <Group gap={6} aria-label="Charted units">
          <Text size="sm" c="dimmed">
            Charting {assets.length} units:
          </Text>
          {assets.map((one) => (
            <Badge
              key={one.assetId}
              variant="light"
              color="gray"
              tt="none"
              size="lg"
              rightSection={
                one.assetId === assetId ? undefined : (
                  <CloseButton
                    size="xs"
                    aria-label={`Stop charting ${one.name}`}
                    onClick={() =>
                      updateDiagnoseView((current) => ({
                        ...current,
                        selectedAssets: toggleSelectedAsset(current.selectedAssets, one.assetId, assetId),
                      }))
                    }
                  />
                )
              }
            >
              {one.name}
            </Badge>
          ))}
        </Group>
      )}
      <QueryState query={catalogue} label="the metrics">
        {() =>
          view.groups.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              This view has no groups. Add a chart or a table to explore the unit’s metrics.
            </Text>
          ) : (
            <DiagnoseGrid
              layout={view.layout}
              onLayout={(layout) => updateDiagnoseView((current) => setLayout(current, layout))}
              // The alert Gantt has no metric pills to wrap: a phone gives it only room for its lanes.
              phoneExtraPx={(id) =>
                view.groups.find((group) => group.id === id)?.type === 'alertGantt' ? 40 : undefined
              }
              renderGroup={(id) => {
                const group = view.groups.find((candidate) => candidate.id === id);
                if (!group) return null;
                return (
                  <DiagnoseGroupCard
                    group={group}
                    metricsByAlias={metricsByAlias}
                    assets={assets}
                    range={range}
                    timeZone={timeZone}
                    rawAllowed={rawOk}
                    loadingMetrics={loadingMetrics}
                    onAliases={(aliases) =>
                      updateDiagnoseView((current) => setGroupAliases(current, id, aliases, defaultOf))
                    }
                    onAggregation={(alias, aggregation) =>
                      updateDiagnoseView((current) => setAliasAggregation(current, id, alias, aggregation))
                    }
                    onOption={(option, on) =>
                      updateDiagnoseView((current) => setGroupOption(current, id, option, on))
                    }
                    onRename={(name) => updateDiagnoseView((current) => renameGroup(current, id, name))}
                    onRemove={() => {
                      setGroupCompare(id, null);
                      updateDiagnoseView((current) => removeGroup(current, id));
                    }}
                    onZoom={handleZoom}
                    limits={limits}
                  />
                );
              }}
            />
          )
        }
      </QueryState>
    </Stack>
  );
}
