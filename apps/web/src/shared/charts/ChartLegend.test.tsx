import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { EMPTY_VALUE, formatMetricValueWithUnits } from '@kelvin/domain';
import { ChartLegend } from './ChartLegend.tsx';
import type { ChartSeries } from './chartData.ts';

const unitMode = {
  alias: 'status.unitMode',
  displayType: 'enum',
  valueType: 'enum',
  enumMap: { '0': 'Off', '1': 'Cooling', '2': 'Heating' },
};
const line = (label: string, values: number[], extra: Partial<ChartSeries> = {}): ChartSeries => ({
  key: label,
  label,
  timestamps: values.map((_, index) => index * 60_000),
  values,
  step: false,
  color: '#1971c2',
  ...extra,
});

describe('ChartLegend', () => {
  it('gives min, max, mean and last of a line, and no mean between an enum’s states', () => {
    render(
      <MantineProvider>
        <ChartLegend
          series={[
            line('Supply air', [18, 19, 20], {
              format: (value) => (value === null ? EMPTY_VALUE : `${value} °C`),
            }),
            line('Unit mode', [0, 1, 2, 1], {
              step: true,
              states: true,
              format: (value) => formatMetricValueWithUnits(unitMode, value, null),
            }),
          ]}
          hidden={new Set()}
          formatValue={String}
          onToggle={() => undefined}
        />
      </MantineProvider>,
    );
    const cells = (name: string) =>
      within(screen.getByRole('button', { name: `Hide ${name}` }).closest('tr') ?? document.body)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent);
    expect(cells('Supply air')).toEqual(['18 °C', '20 °C', '19 °C', '20 °C']);
    // A mean of 1 would read as 'Cooling', a state the unit may never have been in for that long.
    expect(cells('Unit mode')).toEqual(['Off', 'Heating', EMPTY_VALUE, 'Cooling']);
  });
});
