import { Box, Table, UnstyledButton } from '@mantine/core';
import { seriesStats, type ChartSeries } from './chartData.ts';

export interface ChartLegendProps {
  series: readonly ChartSeries[];
  hidden: ReadonlySet<string>;
  formatValue: (value: number | null) => string;
  onToggle: (key: string) => void;
  /** The most a series' name may take (a legend beside the plot): longer ones are cut, told in full on hover. */
  nameWidth?: number | undefined;
}

const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Min, max, mean and last of each series over the range shown; a series' name toggles it on the chart. */
export function ChartLegend({ series, hidden, formatValue, onToggle, nameWidth }: ChartLegendProps) {
  if (series.length === 0) return null;
  // On a phone the five columns scroll sideways inside the legend rather than widen the page; a name stays on one
  // line so that every row keeps the height the chart reserved for it.
  return (
    <Table.ScrollContainer minWidth={320} type="native">
      <Table fz="xs" verticalSpacing={2} horizontalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Series</Table.Th>
            <Table.Th style={numeric}>Min</Table.Th>
            <Table.Th style={numeric}>Max</Table.Th>
            <Table.Th style={numeric}>Mean</Table.Th>
            <Table.Th style={numeric}>Last</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {series.map((one) => {
            const stats = seriesStats(one.values);
            const shown = !hidden.has(one.key);
            return (
              <Table.Tr key={one.key} opacity={shown ? 1 : 0.45}>
                <Table.Td>
                  <UnstyledButton
                    onClick={() => onToggle(one.key)}
                    aria-pressed={shown}
                    aria-label={`${shown ? 'Hide' : 'Show'} ${one.label}`}
                    title={nameWidth === undefined ? undefined : one.label}
                    fz="xs"
                    maw={nameWidth}
                    style={{ display: 'flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}
                  >
                    <Box
                      component="span"
                      w={12}
                      miw={12}
                      h={3}
                      bg={one.color}
                      style={
                        one.dashed
                          ? {
                              background: `repeating-linear-gradient(90deg, ${one.color} 0 4px, transparent 4px 7px)`,
                            }
                          : undefined
                      }
                    />
                    <Box component="span" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                      {one.label}
                    </Box>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td style={numeric}>{(one.format ?? formatValue)(stats.min)}</Table.Td>
                <Table.Td style={numeric}>{(one.format ?? formatValue)(stats.max)}</Table.Td>
                <Table.Td style={numeric}>
                  {(one.format ?? formatValue)(one.states ? null : stats.mean)}
                </Table.Td>
                <Table.Td style={numeric}>{(one.format ?? formatValue)(stats.last)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
