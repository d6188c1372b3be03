import { lazy, Suspense, useMemo, useState } from 'react';
import { ActionIcon, Alert, Group, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconGripVertical } from '@tabler/icons-react';
import type { Metric } from '@kelvin/contract';
import {
  effectiveAggregation,
  RAW_RANGE_MESSAGE,
  type Aggregation,
  type DiagnoseGroup,
  type Limits,
  type TimeRange,
} from '@kelvin/domain';
import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { AggregationPicker } from './AggregationPicker.tsx';
import { downloadExport, type ExportFormat } from './exportSeries.ts';
import { setGroupCompare, useCompareStore } from './compareStore.ts';
import { useDiagnoseStore, updateDiagnoseView } from './diagnoseStore.ts';
import { ChartBody } from './GroupChartBody.tsx';
import { GroupMenu } from './GroupMenu.tsx';
import { AlertGanttBody } from './GroupAlertGanttBody.tsx';
import { StatusGanttBody } from './GroupStatusGanttBody.tsx';
import { TableBody } from './GroupTableBody.tsx';
import { MetricPicker } from './MetricPicker.tsx';

/** The compare dialog (and Mantine's number input) loads when a planner first asks to compare. */
const CompareModal = lazy(() =>
  import('./CompareModal.tsx').then((module) => ({ default: module.CompareModal })),
);

const PICK_VERB: Readonly<Record<DiagnoseGroup['type'], string>> = {
  chart: 'chart',
  table: 'tabulate',
  statusGantt: 'follow the statuses of',
  alertGantt: 'chart',
};

/** The class of the drag handle: only the header's grip moves a group, so that charts can be dragged to zoom. */
export const DRAG_HANDLE_CLASS = 'diagnose-drag-handle';

export interface DiagnoseGroupCardProps {
  group: DiagnoseGroup;
  /** Metrics the chosen assets report, by alias: what the group can chart. */
  metricsByAlias: ReadonlyMap<string, Metric>;
  assets: readonly { assetId: number; name: string }[];
  range: TimeRange;
  timeZone: string;
  rawAllowed: boolean;
  loadingMetrics: boolean;
  /** The threshold asset's limits by metric alias, when thresholds are shown. */
  limits?: ReadonlyMap<string, Limits>;
  onAliases: (aliases: string[]) => void;
  onAggregation: (alias: string, aggregation: Aggregation) => void;
  onOption: (option: 'showRawData' | 'showStackedCharts', on: boolean) => void;
  onRename: (name: string) => void;
  onRemove: () => void;
  onZoom: (range: TimeRange) => void;
}

/** One group of the diagnose layout: its header (grip, name, metrics, actions) and its chart, table or timeline. */
export function DiagnoseGroupCard(props: DiagnoseGroupCardProps) {
  const { group, metricsByAlias, assets, range, timeZone, rawAllowed } = props;
  const [renaming, setRenaming] = useState(false);
  const [exported, setExported] = useState<number | null>(null);
  const { ref: bodyRef, height } = useElementSize();
  const available = useMemo(() => [...metricsByAlias.values()], [metricsByAlias]);
  const chosen = useMemo(
    () => group.aliases.flatMap((alias) => metricsByAlias.get(alias) ?? []),
    [group.aliases, metricsByAlias],
  );
  const aggregationOf = (metric: Metric) => effectiveAggregation(group, metric.alias, rawAllowed);
  const charted = group.type === 'chart' || group.type === 'table';
  const statusConfig = useDiagnoseStore((state) => state.view.statusGanttChartConfig);
  const compare = useCompareStore((state) => (group.type === 'chart' ? state.byGroup[group.id] : undefined));
  const [choosingCompare, setChoosingCompare] = useState(false);

  async function handleExport(format: ExportFormat) {
    setExported(0);
    try {
      const request = {
        assetIds: assets.map((asset) => asset.assetId),
        metricIds: chosen.map((metric) => metric.metricId),
        from: range.from,
        to: range.to,
        timeZone,
      };
      await downloadExport(request, format, group.name, setExported);
    } catch (error) {
      notify({ kind: 'danger', message: `Export failed: ${errorMessage(error)}` });
    } finally {
      setExported(null);
    }
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      h="100%"
      style={{ display: 'flex', flexDirection: 'column' }}
      data-tour="diagnose-group"
    >
      <Group gap={4} wrap="nowrap" justify="space-between">
        <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon
            className={DRAG_HANDLE_CLASS}
            variant="subtle"
            color="gray"
            aria-label={`Move ${group.name}`}
            style={{ cursor: 'grab' }}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
          {renaming ? (
            <TextInput
              size="xs"
              aria-label="Group name"
              defaultValue={group.name}
              autoFocus
              onBlur={(event) => {
                props.onRename(event.currentTarget.value);
                setRenaming(false);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.currentTarget.blur();
                if (event.key === 'Escape') setRenaming(false);
              }}
            />
          ) : (
            <Title order={3} size="h5" lineClamp={1}>
              {group.name}
            </Title>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed" visibleFrom="sm">
            Times in {timeZone}
          </Text>
          {charted && (
            <AggregationPicker
              group={group}
              nameOf={(alias) => metricsByAlias.get(alias)?.name ?? alias}
              onChange={props.onAggregation}
            />
          )}
          <GroupMenu
            group={group}
            rawAllowed={rawAllowed}
            onRename={() => setRenaming(true)}
            onOption={props.onOption}
            onRemove={props.onRemove}
            comparing={compare !== undefined}
            onCompare={() => setChoosingCompare(true)}
            onStopCompare={() => setGroupCompare(group.id, null)}
            onExport={
              charted && chosen.length > 0 && assets.length > 0 && exported === null
                ? (format) => void handleExport(format)
                : undefined
            }
          />
        </Group>
      </Group>
      {group.type !== 'alertGantt' && (
        <MetricPicker
          label={`Metrics in ${group.name}`}
          hideLabel
          metrics={available}
          selected={chosen.map((metric) => metric.metricId)}
          onChange={(ids) => {
            const wanted = new Set(ids);
            props.onAliases(
              available.filter((metric) => wanted.has(metric.metricId)).map((one) => one.alias),
            );
          }}
          loading={props.loadingMetrics}
        />
      )}
      {exported !== null && (
        <Progress value={exported * 100} size="sm" mt={4} animated aria-label={`Exporting ${group.name}`} />
      )}
      {group.showRawData && !rawAllowed && (
        <Alert color="yellow" p="xs" mt={4}>
          {RAW_RANGE_MESSAGE}
        </Alert>
      )}
      {/* A chart taller than its card (a long legend under a narrow plot) scrolls inside it, never squeezed. */}
      <div
        ref={bodyRef}
        style={{ flex: 1, minHeight: 0, marginTop: 6, overflowY: 'auto', overflowX: 'hidden' }}
      >
        {group.type === 'alertGantt' ? (
          <AlertGanttBody
            title={group.name}
            assets={assets}
            range={range}
            timeZone={timeZone}
            height={height}
            onZoom={props.onZoom}
          />
        ) : chosen.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="lg">
            Pick metrics to {PICK_VERB[group.type]} them here.
          </Text>
        ) : group.type === 'statusGantt' ? (
          <StatusGanttBody
            title={group.name}
            assets={assets}
            metrics={chosen}
            range={range}
            timeZone={timeZone}
            height={height}
            config={statusConfig}
            onConfig={(config) => updateDiagnoseView((view) => ({ ...view, statusGanttChartConfig: config }))}
            onZoom={props.onZoom}
          />
        ) : group.type === 'table' ? (
          <TableBody
            title={group.name}
            assets={assets}
            metrics={chosen}
            aggregationOf={aggregationOf}
            range={range}
            timeZone={timeZone}
          />
        ) : group.showStackedCharts ? (
          <Stack gap={4}>
            {chosen.map((metric) => (
              <ChartBody
                key={metric.metricId}
                title={`${group.name}: ${metric.name}`}
                assets={assets}
                metrics={[metric]}
                aggregationOf={aggregationOf}
                range={range}
                timeZone={timeZone}
                syncKey="diagnose"
                height={Math.max(140, height / chosen.length)}
                onZoom={props.onZoom}
                limits={props.limits}
                compare={compare}
              />
            ))}
          </Stack>
        ) : (
          <ChartBody
            title={group.name}
            assets={assets}
            metrics={chosen}
            aggregationOf={aggregationOf}
            range={range}
            timeZone={timeZone}
            syncKey="diagnose"
            height={height}
            onZoom={props.onZoom}
            limits={props.limits}
            compare={compare}
          />
        )}
      </div>
      {choosingCompare && (
        <Suspense fallback={null}>
          <CompareModal
            groupName={group.name}
            opened
            range={range}
            timeZone={timeZone}
            onClose={() => setChoosingCompare(false)}
            onApply={(choice) => {
              setGroupCompare(group.id, choice);
              setChoosingCompare(false);
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}
