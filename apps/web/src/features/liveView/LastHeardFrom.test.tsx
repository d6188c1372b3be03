import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { fakeLiveTransport } from '../live/fakeLiveTransport.ts';
import { createLiveMetricSubscriber } from '../live/liveMetricSubscriber.ts';
import { LastHeardFrom } from './LastHeardFrom.tsx';

// The tab's live connection, played by the test: what the page's rows receive for the unit.
const live = vi.hoisted(() => {
  const holder: { transport?: ReturnType<typeof fakeLiveTransport> } = {};
  return holder;
});
vi.mock('../live/sharedLiveSubscriber.ts', () => {
  const fake = fakeLiveTransport();
  live.transport = fake;
  const subscriber = createLiveMetricSubscriber(fake.transport);
  return { getSharedLiveSubscriber: () => subscriber, endSharedLiveSubscriber: () => undefined };
});

function renderStatus(status: { isOnline: boolean; lastSeenAt: string | null }) {
  const api = fakeApi([
    {
      method: 'POST',
      path: /^\/assets\.getOnlineStatus$/,
      reply: { body: [{ assetId: 7, ...status }] },
    },
  ]);
  renderWithRouter([{ path: '/', element: <LastHeardFrom assetId={7} timeZone="UTC" /> }]);
  return api;
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

  it('turns to sending as soon as a value of the unit arrives live, without waiting for the next status', async () => {
    const api = renderStatus({ isOnline: false, lastSeenAt: null });
    expect(await screen.findByRole('status')).toHaveTextContent('No value has ever arrived from it.');
    const asked = api.requests.length;
    const fake = live.transport;
    if (!fake) throw new Error('The live connection was not created');
    // The page's rows subscribe the unit's metrics; another unit's value says nothing of this one.
    const { getSharedLiveSubscriber } = await import('../live/sharedLiveSubscriber.ts');
    getSharedLiveSubscriber().subscribe(['7/10', '8/10']);
    act(() => fake.server().connected());
    act(() => fake.send('8/10', 19.5, Date.now()));
    expect(screen.getByRole('status')).toHaveTextContent('No value has ever arrived from it.');
    act(() => fake.send('7/10', 18.4, Date.now()));
    expect(screen.getByText('Sending')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText(/^last value \d+s ago$/)).toBeInTheDocument();
    // Told by the stream, not by another status call.
    expect(api.requests.length).toBe(asked);
  });
});
