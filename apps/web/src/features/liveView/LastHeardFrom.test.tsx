import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { LastHeardFrom } from './LastHeardFrom.tsx';

function renderStatus(status: { isOnline: boolean; lastSeenAt: string | null }) {
  fakeApi([
    {
      method: 'POST',
      path: /^\/assets\.getOnlineStatus$/,
      reply: { body: [{ assetId: 7, ...status }] },
    },
  ]);
  renderWithRouter([{ path: '/', element: <LastHeardFrom assetId={7} timeZone="UTC" /> }]);
}

afterEach(() => vi.unstubAllGlobals());

describe('LastHeardFrom', () => {
  // Minutes back, so that the moment between here and the render does not change the words.
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

  it('says how long ago a sending unit’s last value came, in the spec’s abbreviations', async () => {
    renderStatus({ isOnline: true, lastSeenAt: ago(5 * 60_000) });
    expect(await screen.findByText('Sending')).toBeInTheDocument();
    expect(screen.getByText(/^last value 5m( \d+s)? ago$/)).toBeInTheDocument();
  });

  it('warns when a unit stopped sending, with when it was last heard from', async () => {
    renderStatus({ isOnline: false, lastSeenAt: ago(2 * 3_600_000 + 15 * 60_000) });
    const alert = await screen.findByRole('status');
    expect(alert).toHaveTextContent('This unit stopped sending');
    expect(alert).toHaveTextContent(/\(2h 15m ago\)\. The values below are the last it sent\.$/);
  });

  it('says so when a unit never sent anything', async () => {
    renderStatus({ isOnline: false, lastSeenAt: null });
    expect(await screen.findByRole('status')).toHaveTextContent('No value has ever arrived from it.');
  });
});
