import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { TimeSeriesChart } from './TimeSeriesChart.tsx';

const range = { from: Date.UTC(2026, 10, 25, 0), to: Date.UTC(2026, 10, 25, 1) };

function renderChart(loading: boolean) {
  return renderWithRouter([
    {
      path: '/',
      element: (
        <TimeSeriesChart
          title="Supply"
          series={[]}
          range={range}
          timeZone="UTC"
          formatValue={(value) => String(value)}
          loading={loading}
        />
      ),
    },
  ]);
}

describe('TimeSeriesChart', () => {
  it('says it is loading while its first answer is on the way, not that there is no data', async () => {
    renderChart(true);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('No data in this range')).toBeNull();
  });

  it('says there is no data once an empty answer has arrived', async () => {
    renderChart(false);
    expect(await screen.findByText('No data in this range')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
