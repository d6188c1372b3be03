import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import uPlot from 'uplot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMetricValueWithUnits } from '@kelvin/domain';
import { TimeSeriesChart } from './TimeSeriesChart.tsx';
import { VALUE_AXIS_FONT, wholeValueTicks } from './valueAxis.ts';

/** The options each plot was built with: what this test reads of the one chart module. */
const built = vi.hoisted(() => {
  const options: unknown[] = [];
  return options;
});

// jsdom has neither layout nor canvas: the chart gets a width, and uPlot a stand-in that keeps its options and
// measures text at 7 px a character in the axis' font (nothing in another).
vi.mock('@mantine/hooks', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@mantine/hooks')>()),
  useElementSize: () => ({ ref: () => undefined, width: 600, height: 240 }),
}));
vi.mock('uplot', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof uPlot }>()).default;
  class StandIn {
    static paths = real.paths;
    static tzDate = real.tzDate.bind(real);
    static join = real.join.bind(real);
    static rangeNum = real.rangeNum.bind(real);
    ctx = {
      font: '10px sans-serif',
      measureText(text: string) {
        return { width: this.font.startsWith('12px system-ui') ? text.length * 7 : 0 };
      },
    };
    constructor(options: unknown) {
      built.push(options);
    }
    destroy() {}
    setData() {}
    setSize() {}
    setScale() {}
    setSeries() {}
  }
  return { default: StandIn };
});

afterEach(() => {
  built.length = 0;
});

const range = { from: Date.UTC(2026, 10, 25, 0), to: Date.UTC(2026, 10, 25, 1) };
const staticReturn = { alias: 'pressure.staticReturn', displayType: 'line', valueType: 'number' };
const unitMode = {
  alias: 'status.unitMode',
  displayType: 'enum',
  valueType: 'enum',
  enumMap: { '0': 'Off', '1': 'Cooling', '2': 'Heating', '3': 'Dehumidifying' },
};

function renderChart(props: { formatValue: (value: number | null) => string; valueTicks?: number[] }) {
  render(
    <MantineProvider>
      <TimeSeriesChart
        title="Chart"
        series={[
          {
            key: '1:1',
            label: 'Series',
            timestamps: [range.from, range.to],
            values: [0, 1],
            step: props.valueTicks !== undefined,
            color: '#1971c2',
          },
        ]}
        range={range}
        timeZone="UTC"
        {...props}
      />
    </MantineProvider>,
  );
  // A plot to hand the axis' callbacks: the stand-in, whose canvas measures.
  const plot = new uPlot({ width: 600, height: 240, series: [] }, [[]]);
  const options = built[0];
  if (!isOptions(options)) throw new Error('The chart built no plot');
  const axis = options.axes?.[1];
  if (!axis) throw new Error('The chart has no value axis');
  return { axis, plot };
}

function isOptions(value: unknown): value is uPlot.Options {
  return typeof value === 'object' && value !== null && 'axes' in value;
}

describe('TimeSeriesChart value axis', () => {
  it('is as wide as its widest label in its own font, so that three-decimal iwg values are not cut', () => {
    const { axis, plot } = renderChart({
      formatValue: (value) => formatMetricValueWithUnits(staticReturn, value, 'iwg'),
    });
    expect(axis.font).toBe(VALUE_AXIS_FONT);
    if (typeof axis.size !== 'function') throw new Error('The value axis has a fixed width');
    // '-0.115 iwg' is 70 px at 7 px a character: with tick and gap the old fixed 64 px cut it.
    const size = axis.size(plot, ['-0.12 iwg', '-0.115 iwg', '-0.11 iwg'], 1, 1);
    expect(size).toBeGreaterThanOrEqual(70 + 15);
    expect(axis.size(plot, ['0', '1'], 1, 1)).toBeLessThan(size);
    // Numbers tick at uPlot's own nice values.
    expect(axis.splits).toBeUndefined();
  });

  it('ticks an enum chart only at its states, each named, never at 0.5 between two', () => {
    const { axis, plot } = renderChart({
      formatValue: (value) => formatMetricValueWithUnits(unitMode, value, null),
      valueTicks: wholeValueTicks([unitMode]),
    });
    if (typeof axis.splits !== 'function' || typeof axis.values !== 'function') {
      throw new Error('The enum axis ticks at uPlot’s nice numbers');
    }
    // uPlot found half steps fit in the space: the axis still ticks at the states alone.
    const splits = axis.splits(plot, 1, -0.3, 3.3, 0.5, 30);
    expect(splits).toEqual([0, 1, 2, 3]);
    expect(axis.values(plot, splits, 1, 30, 0.5)).toEqual(['Off', 'Cooling', 'Heating', 'Dehumidifying']);
  });
});
