import { Box, Group, Stack, Text } from '@mantine/core';
import type { Metric } from '@kelvin/contract';
import { formatMetricValueWithUnits } from '@kelvin/domain';
import { userUnitsProfile } from '../../shared/preferences/displayPreferences.ts';
import { scaleColour, type ValueLegend } from './metricScale.ts';
import type { LegendEntry } from './overviewPaints.ts';
import { UNKNOWN_PAINT } from './tilePaint.ts';

function Swatch({ background, dashed = false }: { background: string; dashed?: boolean }) {
  return (
    <Box
      aria-hidden
      w={14}
      h={14}
      style={{
        background,
        borderRadius: 3,
        flex: 'none',
        border: dashed ? '1px dashed var(--mantine-color-default-border)' : undefined,
      }}
    />
  );
}

/** The states a mode colours by, each with its colour and how many tiles show it. */
export function StateLegend({ entries, label }: { entries: readonly LegendEntry[]; label: string }) {
  return (
    <Group gap="md" role="list" aria-label={label}>
      {entries.map(({ paint, count }) => (
        <Group key={paint.key} gap={6} wrap="nowrap" role="listitem">
          <Swatch background={paint.background} dashed={paint === UNKNOWN_PAINT} />
          <Text size="sm">
            {paint.label}{' '}
            <Text span c="dimmed" size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {count}
            </Text>
          </Text>
        </Group>
      ))}
    </Group>
  );
}

const GRADIENT = `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map(scaleColour).join(', ')})`;

/** A custom metric's scale from its lowest to its highest current value, and its non-numeric values. */
export function ValueScaleLegend({
  legend,
  metric,
  units,
  unknown,
}: {
  legend: ValueLegend;
  metric: Metric | undefined;
  units: string | null;
  unknown: number;
}) {
  const { range, categories } = legend;
  const format = (value: number) => formatMetricValueWithUnits(metric, value, units, userUnitsProfile());
  return (
    <Stack gap={6} role="group" aria-label={`Legend of ${metric?.name ?? 'the metric'}`}>
      {range && (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {format(range.min)}
          </Text>
          <Box
            aria-hidden
            h={12}
            w={{ base: 120, sm: 200 }}
            style={{ background: GRADIENT, borderRadius: 3 }}
          />
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {format(range.max)}
          </Text>
        </Group>
      )}
      {(categories.length > 0 || unknown > 0) && (
        <Group gap="md">
          {categories.map((category) => (
            <Group key={category.label} gap={6} wrap="nowrap">
              <Swatch background={category.colour} />
              <Text size="sm">{category.label}</Text>
            </Group>
          ))}
          {unknown > 0 && (
            <Group gap={6} wrap="nowrap">
              <Swatch background="transparent" dashed />
              <Text size="sm">
                {UNKNOWN_PAINT.label}{' '}
                <Text span c="dimmed" size="sm">
                  {unknown}
                </Text>
              </Text>
            </Group>
          )}
        </Group>
      )}
    </Stack>
  );
}
