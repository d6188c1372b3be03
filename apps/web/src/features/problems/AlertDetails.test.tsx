import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { AlertDetails } from './AlertDetails.tsx';
import { buildAlert } from './problemTestData.ts';

function renderDetails(timeWindow: string | null) {
  const base = buildAlert();
  const alert = buildAlert({ monitorMetadata: { ...base.monitorMetadata, timeWindow } });
  renderWithRouter([{ path: '/', element: <AlertDetails alert={alert} timeZone="UTC" /> }]);
}

describe('AlertDetails', () => {
  it('reads the rule window in the spec abbreviations, not as an ISO duration', async () => {
    renderDetails('PT2M');
    const window = await screen.findByText('Window');
    expect(window.parentElement).toHaveTextContent('Window2m');
    expect(screen.queryByText('PT2M')).toBeNull();
  });

  it('shows the placeholder when the rule has no window', async () => {
    renderDetails(null);
    const window = await screen.findByText('Window');
    expect(window.parentElement).toHaveTextContent('Window-------');
  });
});
