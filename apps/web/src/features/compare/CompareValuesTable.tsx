import type { CSSProperties } from 'react';
import { Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import { livePath, type Metric, type MetricValueStateUpdate } from '@kelvin/contract';
import { formatMetricValueWithUnits } from '@kelvin/domain';
import { userUnitsProfile } from '../../shared/preferences/displayPreferences.ts';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import type { BatchedLiveValues } from '../live/useBatchedLiveValues.ts';
import type { ComparedUnit } from './useComparedUnits.ts';
import { valueDifference, type ValueDifference } from './valueDifference.ts';

export interface CompareValuesTableProps {
  units: readonly ComparedUnit[];
  metrics: readonly Metric[];
  values: BatchedLiveValues;
  reported: ReadonlyMap<number, ReadonlySet<number>>;
  timeZone: string;
}

const numeric: CSSProperties = {
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
};
// The metric names stay in view while the units scroll sideways (a phone, or twelve units).
const stickyColumn: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  // The row's border is drawn by the row, under this opaque cell: the cell draws its own, and a divider.
  boxShadow: 'inset 0 -1px 0 var(--table-border-color), inset -1px 0 0 var(--table-border-color)',
  // A width, not only bounds: otherwise a wide table hands the metric names the space meant for the values.
  width: 220,
  minWidth: 160,
};
/**
 * How a difference is marked. Warmer reads orange and cooler blue, as a cooling engineer expects, and the sign says
 * it without colour too; the darkest shade on light and a pale one on dark keep the small text readable on both.
 * A state, text or flag unlike the reference's is tinted instead.
 */
const MARK: Readonly<Record<ValueDifference['kind'], { color?: string; background?: string } | undefined>> = {
  higher: { color: 'light-dark(var(--mantine-color-orange-9), var(--mantine-color-orange-4))' },
  lower: { color: 'light-dark(var(--mantine-color-blue-9), var(--mantine-color-blue-4))' },
  differs: { background: 'var(--mantine-color-yellow-light)' },
  same: undefined,
  none: undefined,
};

/** The short line of a reference's swatch: the unit's colour, dashed as on the charts. */
export function UnitSwatch({ unit }: { unit: ComparedUnit }) {
  return (
    <Box
      component="span"
      aria-hidden
      w={14}
      h={3}
      style={{
        flex: 'none',
        background: unit.dashed
          ? `repeating-linear-gradient(90deg, ${unit.color} 0 4px, transparent 4px 7px)`
          : unit.color,
      }}
    />
  );
}

function ValueCell(props: {
  metric: Metric;
  update: MetricValueStateUpdate | undefined;
  reference: MetricValueStateUpdate | undefined;
  isReference: boolean;
  reports: boolean;
  timeZone: string;
}) {
  const { metric, update, reference, isReference, reports, timeZone } = props;
  if (!reports && !update) {
    return (
      <Table.Td style={numeric}>
        <Text size="xs" c="dimmed">
          Not reported
        </Text>
      </Table.Td>
    );
  }
  const units = update?.units ?? metric.units;
  const text = formatMetricValueWithUnits(metric, update?.value, units, userUnitsProfile());
  const difference = isReference
    ? { kind: 'none' as const }
    : valueDifference(
        metric,
        update && { value: update.value, units },
        reference && { value: reference.value, units: reference.units ?? metric.units },
      );
  const mark = MARK[difference.kind];
  return (
    <Table.Td
      // Live numbers nearly always differ a little: a tint on each would light the whole table, so numbers
      // carry a coloured difference and only a state, text or flag unlike the reference's is tinted.
      style={{ ...numeric, background: mark?.background }}
      data-difference={difference.kind}
      title={update ? `Read ${formatDateTime(update.timestamp, timeZone)}` : 'No value received yet'}
    >
      <Text size="sm" inherit>
        {text}
      </Text>
      {mark && (
        <Text size="xs" fw={600} style={{ color: mark.color }}>
          {difference.kind === 'higher' || difference.kind === 'lower' ? difference.text : 'differs'}
        </Text>
      )}
    </Table.Td>
  );
}

/**
 * The units' last values side by side: a row per metric, a column per unit, the first unit the reference. A number
 * unlike the reference's shows its difference in colour ('+1.2 °C'); a state, text or flag unlike it is tinted.
 */
export function CompareValuesTable({ units, metrics, values, reported, timeZone }: CompareValuesTableProps) {
  const reference = units[0];
  return (
    <Table.ScrollContainer minWidth={160 + units.length * 130} type="native">
      <Table
        verticalSpacing={6}
        highlightOnHover
        withRowBorders
        aria-label="Last values of the compared units"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ ...stickyColumn, verticalAlign: 'bottom' }}>Metric</Table.Th>
            {units.map((unit, index) => (
              <Table.Th key={unit.assetId} style={{ ...numeric, verticalAlign: 'bottom' }} scope="col">
                <Stack gap={2} align="flex-end">
                  {/* Above the name, so that the units' names stay on one line across the header. */}
                  {index === 0 && (
                    <Badge size="xs" variant="light">
                      Reference
                    </Badge>
                  )}
                  <Group gap={6} wrap="nowrap">
                    <UnitSwatch unit={unit} />
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {unit.name}
                    </Text>
                  </Group>
                </Stack>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {metrics.map((metric) => {
            const referenceValue = reference && values.get(livePath(reference.assetId, metric.metricId));
            return (
              <Table.Tr key={metric.metricId}>
                <Table.Th scope="row" style={stickyColumn}>
                  <Text size="sm" fw={500}>
                    {metric.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end" title={metric.alias}>
                    {metric.alias}
                  </Text>
                </Table.Th>
                {units.map((unit, index) => (
                  <ValueCell
                    key={unit.assetId}
                    metric={metric}
                    update={values.get(livePath(unit.assetId, metric.metricId))}
                    reference={referenceValue}
                    isReference={index === 0}
                    reports={reported.get(unit.assetId)?.has(metric.metricId) ?? false}
                    timeZone={timeZone}
                  />
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
