import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { fleetAssetsQuery, fleetHealthQuery } from './fleetQueries.ts';
import { prefetchFleet } from './prefetchFleet.ts';

const routes = [
  { method: 'GET', path: /^\/assets\/fleet$/, reply: { body: [] } },
  { method: 'POST', path: /^\/assets\.fleet\.state$/, reply: { body: [] } },
];

afterEach(() => vi.unstubAllGlobals());

describe('prefetchFleet', () => {
  it("starts the fleet's two calls for a user who may see the fleet, and a screen mounting on them asks nothing again", async () => {
    const { requests } = fakeApi(routes);
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, buildCurrentUser(['assets:read', 'metrics:read']));
    await prefetchFleet(queryClient);
    expect(requests.map((request) => request.path).sort()).toEqual(['/assets.fleet.state', '/assets/fleet']);
    // What the screens' hooks do on mount: the prefetched answers are fresh, so no second call.
    await queryClient.query(fleetAssetsQuery);
    await queryClient.query(fleetHealthQuery);
    expect(requests).toHaveLength(2);
  });

  it('asks nothing for a user the overview would refuse', async () => {
    const { requests } = fakeApi(routes);
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, buildCurrentUser(['tickets:read']));
    await prefetchFleet(queryClient);
    expect(requests).toEqual([]);
  });
});
