import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import type uPlot from 'uplot';
import type { ChartSeries } from './chartData.ts';
import { TimeSeriesChart } from './TimeSeriesChart.tsx';

// jsdom lays nothing out: the chart is told its width as a browser would measure it.
const measured = vi.hoisted(() => ({ width: 0 }));
vi.mock('@mantine/hooks', async (original) => {
  const hooks = await original<typeof import('@mantine/hooks')>();
  return { ...hooks, useElementSize: () => ({ ref: () => undefined, width: measured.width, height: 0 }) };
});
// uPlot draws on a canvas jsdom does not have; the layout around it is what is tested here.
vi.mock('uplot', async (original) => {
  const real = await original<{ default: typeof uPlot }>();
  class FakePlot {
    static join: typeof uPlot.join = (tables, nullModes) => real.default.join(tables, nullModes);
    static paths = real.default.paths;
    static tzDate: typeof uPlot.tzDate = (date, zone) => real.default.tzDate(date, zone);
    destroy() {}
    setData() {}
    setSize() {}
    setScale() {}
    setSeries() {}
    redraw() {}
  }
  return { default: FakePlot };
});

const range = { from: Date.UTC(2026, 10, 25, 0), to: Date.UTC(2026, 10, 25, 1) };
const SERIES: ChartSeries[] = Array.from({ length: 17 }, (_, index) => ({
  key: `s${index}`,
  label: `Alarm ${index + 1}`,
  timestamps: [range.from, range.to],
  values: [index, index + 1],
  step: true,
  color: '#1971c2',
}));

function renderChart() {
  renderWithRouter([
    {
      path: '/',
      element: (
        <TimeSeriesChart
          title="Alarms"
          series={SERIES}
          range={range}
          timeZone="UTC"
          formatValue={(value) => String(value)}
          fitHeight={280}
        />
      ),
    },
  ]);
}

const legendBox = () => document.querySelector<HTMLElement>('[data-legend]');

describe('TimeSeriesChart with 17 series', () => {
  beforeEach(() => {
    measured.width = 0;
  });

  it('lists every series in its legend beside a wide plot, scrolling within the plot’s height', async () => {
    measured.width = 1200;
    renderChart();
    expect(await screen.findAllByRole('button', { name: /^Hide Alarm \d+$/ })).toHaveLength(17);
    expect(legendBox()?.dataset.legend).toBe('beside');
    expect(legendBox()?.style.maxHeight).toBe('calc(17.5rem * var(--mantine-scale))');
    expect(legendBox()?.style.overflowY).toBe('auto');
  });

  it('lists every series under a narrow plot in full, not in a three-row window', async () => {
    measured.width = 390;
    renderChart();
    expect(await screen.findAllByRole('button', { name: /^Hide Alarm \d+$/ })).toHaveLength(17);
    expect(legendBox()?.dataset.legend).toBe('below');
    expect(legendBox()?.style.maxHeight).toBe('');
  });
});
