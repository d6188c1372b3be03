import { MultiSelect, Radio, Stack, Switch, Text } from '@mantine/core';
import type { Metric } from '@kelvin/contract';
import { MetricPicker } from '../diagnose/MetricPicker.tsx';
import {
  EXPERIMENTAL_VIEW_MODES,
  offeredViewModes,
  updateOverview,
  type OverviewState,
  type OverviewViewMode,
} from './overviewStore.ts';

export interface OverviewOptionsProps {
  state: OverviewState;
  /** Companies the fleet spans, named; the filter shows only when there are several. */
  companies: readonly { companyId: number; name: string }[];
  metrics: readonly Metric[];
  metricsLoading: boolean;
}

/** One metric colours the tiles: checking another in the tree replaces it. */
export function chooseOneMetric(current: number | null, checked: readonly number[]): number | null {
  return (
    checked.find((metricId) => metricId !== current) ?? (checked.includes(current ?? -1) ? current : null)
  );
}

const MODE_HINTS: Readonly<Record<OverviewViewMode, string>> = {
  'Device State': 'Health: communication, monitoring and alerts',
  'Device Status': 'The worst status bit among current readings',
  'Custom Metric': 'One metric’s current value on a colour scale (experimental)',
};

/** The overview's options (spec: view mode, device names, experimental, legend, custom metric, companies). */
export function OverviewOptions({ state, companies, metrics, metricsLoading }: OverviewOptionsProps) {
  const modes = offeredViewModes(state.showExperimental);
  return (
    <Stack gap="md">
      <Radio.Group
        label="View mode"
        value={state.viewMode}
        onChange={(value) => {
          const viewMode = modes.find((mode) => mode === value);
          if (viewMode) updateOverview({ viewMode });
        }}
      >
        <Stack gap={6} mt={6}>
          {modes.map((mode) => (
            <Radio key={mode} value={mode} label={mode} description={MODE_HINTS[mode]} />
          ))}
        </Stack>
      </Radio.Group>
      {state.viewMode === 'Custom Metric' && (
        <MetricPicker
          label="Custom metric"
          metrics={metrics}
          loading={metricsLoading}
          selected={state.customMetricId === null ? [] : [state.customMetricId]}
          onChange={(ids) => updateOverview({ customMetricId: chooseOneMetric(state.customMetricId, ids) })}
        />
      )}
      <Stack gap="xs">
        <Switch
          label="Show device names"
          checked={state.showDeviceNames}
          onChange={(event) => updateOverview({ showDeviceNames: event.currentTarget.checked })}
        />
        <Switch
          label="Show legend"
          checked={state.showLegend}
          onChange={(event) => updateOverview({ showLegend: event.currentTarget.checked })}
        />
        <Switch
          label="Show experimental"
          description={`Offers: ${EXPERIMENTAL_VIEW_MODES.join(', ')}`}
          checked={state.showExperimental}
          onChange={(event) => updateOverview({ showExperimental: event.currentTarget.checked })}
        />
      </Stack>
      {companies.length > 1 && (
        <MultiSelect
          label="Companies"
          placeholder={state.selectedCompanyIds.length === 0 ? 'All companies' : undefined}
          data={companies.map((company) => ({ value: String(company.companyId), label: company.name }))}
          value={state.selectedCompanyIds.map(String)}
          onChange={(values) => updateOverview({ selectedCompanyIds: values.map(Number) })}
          searchable
          clearable
        />
      )}
      {companies.length > 1 && state.selectedCompanyIds.length === 0 && (
        <Text size="xs" c="dimmed">
          Showing every company you can see.
        </Text>
      )}
    </Stack>
  );
}
