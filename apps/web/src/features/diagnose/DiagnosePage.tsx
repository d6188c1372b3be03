import { useCallback, useMemo, useState } from 'react';
import { Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconChartLine, IconLayoutGridAdd, IconTable, IconTimeline, IconZoomOut } from '@tabler/icons-react';
import {
  addGroup,
  assetDisplayName,
  canZoomBack,
  currentZoom,
  defaultAggregation,
  defaultDiagnoseView,
  DEFAULT_RANGE_LABEL,
  rawAllowed,
  removeGroup,
  renameGroup,
  setAliasAggregation,
  setGroupAliases,
  setGroupOption,
  setLayout,
  startZoomHistory,
  zoomBack,
  zoomTo,
  type DiagnoseGroupType,
  type DiagnoseViewData,
  type TimeRange,
} from '@kelvin/domain';
import { QueryState } from '../admin/QueryState.tsx';
import { useOptionalIdParam } from '../admin/useIdParam.ts';
import { useAsset } from '../assets/assetsQueries.ts';
import { DiagnoseGrid } from './DiagnoseGrid.tsx';
import { DiagnoseGroupCard } from './DiagnoseGroupCard.tsx';
import { useAssetMetricIds, useMetricCatalogue } from './diagnoseQueries.ts';
import { TimeRangePicker, resolveRange, type RangeChoice } from './TimeRangePicker.tsx';
import { TimeZonePicker } from './TimeZonePicker.tsx';

const DEFAULT_CHOICE: RangeChoice = { kind: 'relative', label: DEFAULT_RANGE_LABEL };
const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Group types a user can add; the status timeline arrives with its own component. */
const ADDABLE: readonly { type: DiagnoseGroupType; label: string; icon: typeof IconChartLine }[] = [
  { type: 'chart', label: 'Chart', icon: IconChartLine },
  { type: 'table', label: 'Table', icon: IconTable },
  { type: 'alertGantt', label: 'Alert Gantt Chart', icon: IconTimeline },
];

/**
 * devicesMetrics (devices/{assetId}/metrics): the unit's metrics in groups laid out on a grid, over one time axis.
 * Dragging across any chart zooms every group; 'Zoom out' goes back one step at a time to the range picked first.
 */
export function DiagnosePage() {
  const assetId = useOptionalIdParam('assetId');
  const asset = useAsset(assetId);
  const catalogue = useMetricCatalogue();
  const reported = useAssetMetricIds(assetId === undefined ? [] : [assetId]);
  const [view, setView] = useState<DiagnoseViewData>(defaultDiagnoseView);
  const [choice, setChoice] = useState<RangeChoice>(DEFAULT_CHOICE);
  const [zooms, setZooms] = useState(() => startZoomHistory(resolveRange(DEFAULT_CHOICE, Date.now())));
  const [timeZone, setTimeZone] = useState(ownTimeZone);
  const range = currentZoom(zooms);
  const rawOk = rawAllowed(range);

  const metricsByAlias = useMemo(() => {
    const ids = new Set(reported.data?.find((entry) => entry.assetId === assetId)?.metricIds ?? []);
    const charted = (catalogue.data ?? []).filter(
      (metric) => ids.has(metric.metricId) && metric.valueType !== 'string',
    );
    return new Map(charted.map((metric) => [metric.alias, metric]));
  }, [catalogue.data, reported.data, assetId]);
  const defaultOf = useCallback(
    (alias: string) => {
      const metric = metricsByAlias.get(alias);
      return metric ? defaultAggregation(metric) : 'AVERAGE';
    },
    [metricsByAlias],
  );
  const assets = useMemo(
    () => (asset.data && assetId !== undefined ? [{ assetId, name: assetDisplayName(asset.data) }] : []),
    [asset.data, assetId],
  );

  const handleZoom = useCallback((next: TimeRange) => setZooms((history) => zoomTo(history, next)), []);
  function handleRange(next: RangeChoice) {
    setChoice(next);
    setZooms(startZoomHistory(resolveRange(next, Date.now())));
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
        <TimeRangePicker value={choice} onChange={handleRange} />
        <TimeZonePicker value={timeZone} onChange={setTimeZone} />
        <Button
          variant="default"
          leftSection={<IconZoomOut size={16} />}
          disabled={!canZoomBack(zooms)}
          onClick={() => setZooms(zoomBack)}
        >
          Zoom out
        </Button>
        <Menu position="bottom-start">
          <Menu.Target>
            <Button leftSection={<IconLayoutGridAdd size={16} />}>Add group</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {ADDABLE.map(({ type, label, icon: Icon }) => (
              <Menu.Item
                key={type}
                leftSection={<Icon size={16} />}
                onClick={() => setView((current) => addGroup(current, type))}
              >
                {label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <QueryState query={catalogue} label="the metrics">
        {() =>
          view.groups.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              This view has no groups. Add a chart or a table to explore the unit’s metrics.
            </Text>
          ) : (
            <DiagnoseGrid
              layout={view.layout}
              onLayout={(layout) => setView((current) => setLayout(current, layout))}
            >
              {view.groups.map((group) => (
                <div key={group.id}>
                  <DiagnoseGroupCard
                    group={group}
                    metricsByAlias={metricsByAlias}
                    assets={assets}
                    range={range}
                    timeZone={timeZone}
                    rawAllowed={rawOk}
                    loadingMetrics={reported.isPending}
                    onAliases={(aliases) =>
                      setView((current) => setGroupAliases(current, group.id, aliases, defaultOf))
                    }
                    onAggregation={(alias, aggregation) =>
                      setView((current) => setAliasAggregation(current, group.id, alias, aggregation))
                    }
                    onOption={(option, on) =>
                      setView((current) => setGroupOption(current, group.id, option, on))
                    }
                    onRename={(name) => setView((current) => renameGroup(current, group.id, name))}
                    onRemove={() => setView((current) => removeGroup(current, group.id))}
                    onZoom={handleZoom}
                  />
                </div>
              ))}
            </DiagnoseGrid>
          )
        }
      </QueryState>
    </Stack>
  );
}
