import { useMemo, useState } from 'react';
import { Pill, Stack, Text, TreeSelect, type TreeNodeData } from '@mantine/core';
import type { Metric } from '@kelvin/contract';
import {
  metricIdsOf,
  metricPickerTree,
  pickerLeaf,
  pickerValues,
  searchMetrics,
  type PickerNode,
} from './metricTreeData.ts';

export interface MetricPickerProps {
  metrics: readonly Metric[];
  selected: readonly number[];
  onChange: (metricIds: number[]) => void;
  loading?: boolean;
  label?: string;
  /** The label names the field for screen readers only (a card's title already says what it is for). */
  hideLabel?: boolean;
}

function toTreeNode(node: PickerNode): TreeNodeData {
  const label =
    node.alias === undefined ? (
      node.label
    ) : (
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text span size="sm" truncate>
          {node.label}
        </Text>
        {/* Keeps name and alias two words for screen readers; a flex container lays no space out. */}{' '}
        <Text span size="xs" c="dimmed" ff="monospace" truncate>
          {node.alias}
        </Text>
      </Stack>
    );
  return { value: node.value, label, children: node.children?.map(toTreeNode) };
}

/** The search has already chosen the rows: the tree's own filter lets every one through. */
const everyRow = () => true;

/**
 * The one metric picker. Browsing, it is the spec's metric tree (aliases split on dots, numbered segments,
 * 'slot:/' aliases under 'uncategorized'): a group row only opens, a metric row adds that one metric. Searching, it
 * is a flat list of the metrics whose name or alias holds every word typed, best first. A metric shows its name,
 * its alias beneath; chosen ones show as pills by name.
 */
export function MetricPicker(props: MetricPickerProps) {
  const { metrics, selected, onChange, loading = false, label = 'Metrics', hideLabel = false } = props;
  const [search, setSearch] = useState('');
  const tree = useMemo(() => metricPickerTree(metrics).map(toTreeNode), [metrics]);
  const found = useMemo(
    () => searchMetrics(metrics, search).map((metric) => toTreeNode(pickerLeaf(metric))),
    [metrics, search],
  );
  const names = useMemo(
    () => new Map(metrics.map((metric) => [pickerValues([metric.metricId])[0] ?? '', metric.name])),
    [metrics],
  );
  const searching = search.trim() !== '';

  return (
    <TreeSelect
      mode="multiple"
      expandOnClick
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      placeholder={
        loading
          ? 'Loading metrics…'
          : metrics.length === 0
            ? 'This unit reports no metrics yet'
            : 'Search metrics by name or alias'
      }
      data={searching ? found : tree}
      value={pickerValues(selected)}
      onChange={(values) => onChange(metricIdsOf(values))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={everyRow}
      nothingFoundMessage="No metric matches this search"
      clearable
      disabled={metrics.length === 0}
      maxDropdownHeight={360}
      maxDisplayedValues={6}
      renderPill={({ value, onRemove, disabled }) => (
        <Pill
          withRemoveButton={!disabled}
          onRemove={onRemove}
          removeButtonProps={{ 'aria-label': `Remove ${names.get(value) ?? value}` }}
        >
          {names.get(value) ?? value}
        </Pill>
      )}
      withLines={false}
    />
  );
}
