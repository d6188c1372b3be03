import { useMemo } from 'react';
import { Pill, Text, Tooltip, TreeSelect, type TreeNodeData } from '@mantine/core';
import type { Metric } from '@kelvin/contract';
import { metricIdsOf, metricPickerTree, pickerValues, type PickerNode } from './metricTreeData.ts';

export interface MetricPickerProps {
  metrics: readonly Metric[];
  selected: readonly number[];
  onChange: (metricIds: number[]) => void;
  loading?: boolean;
  label?: string;
}

function toTreeNode(node: PickerNode): TreeNodeData {
  const label = node.alias ? (
    <Tooltip label={node.alias} openDelay={400} withinPortal>
      <Text span size="sm">
        {node.label}
      </Text>
    </Tooltip>
  ) : (
    node.label
  );
  return { value: node.value, label, children: node.children?.map(toTreeNode) };
}

/**
 * The one metric picker: the spec's metric tree (aliases split on dots, numbered segments, 'slot:/' aliases under
 * 'uncategorized'), searchable by alias, name or group; checking a group checks every metric under it.
 */
export function MetricPicker(props: MetricPickerProps) {
  const { metrics, selected, onChange, loading = false, label = 'Metrics' } = props;
  const tree = useMemo(() => metricPickerTree(metrics), [metrics]);
  const data = useMemo(() => tree.map(toTreeNode), [tree]);
  const names = useMemo(
    () => new Map(metrics.map((metric) => [pickerValues([metric.metricId])[0] ?? '', metric.name])),
    [metrics],
  );
  const searchText = useMemo(() => {
    const texts = new Map<string, string>();
    const visit = (node: PickerNode) => {
      texts.set(node.value, node.searchText);
      node.children?.forEach(visit);
    };
    tree.forEach(visit);
    return texts;
  }, [tree]);

  return (
    <TreeSelect
      mode="checkbox"
      label={label}
      placeholder={
        loading
          ? 'Loading metrics…'
          : metrics.length === 0
            ? 'This unit reports no metrics yet'
            : 'Search metrics'
      }
      data={data}
      value={pickerValues(selected)}
      onChange={(values) => onChange(metricIdsOf(values))}
      searchable
      filter={(query, node) => (searchText.get(node.value) ?? '').includes(query.trim().toLowerCase())}
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
