import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { useSessionStore } from '../../app/session/sessionStore.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildAsset } from '../../test/assetFactories.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { assetMetricIdsQuery, metricCatalogueQuery } from './diagnoseQueries.ts';
import { prefetchDiagnose } from './prefetchDiagnose.ts';

const routes = [
  { method: 'GET', path: /^\/metrics$/, reply: { body: [] } },
  {
    method: 'GET',
    path: /^\/assets\/12\?includeCoverage=true$/,
    reply: { body: buildAsset({ assetId: 12 }) },
  },
  {
    method: 'GET',
    path: /^\/assets\/metrics\?assetIds=12$/,
    reply: { body: [{ assetId: 12, metricIds: [1, 2] }] },
  },
];
const signedIn = () => useSessionStore.setState({ oidcUser: { id_token: 'token', profile: {} } });

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ oidcUser: null });
});

describe('prefetchDiagnose', () => {
  it('asks for the catalogue, the unit and its metrics, which the screen then reads without asking again', async () => {
    const { requests } = fakeApi(routes);
    const queryClient = createQueryClient();
    signedIn();
    queryClient.setQueryData(currentUserQueryKey, buildCurrentUser(['assets:read', 'metrics:read']));
    await prefetchDiagnose(queryClient, 12);
    expect(requests.map((request) => request.path).sort()).toEqual([
      '/assets/12?includeCoverage=true',
      '/assets/metrics?assetIds=12',
      '/metrics',
    ]);
    // What the screen's hooks ask on mount: fresh answers, no second call.
    await queryClient.query(metricCatalogueQuery);
    await queryClient.query(assetMetricIdsQuery([12]));
    expect(requests).toHaveLength(3);
  });

  it('asks nothing without a session (a call would sign out) or for a user the devices route refuses', async () => {
    const { requests } = fakeApi(routes);
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, buildCurrentUser(['assets:read', 'metrics:read']));
    await prefetchDiagnose(queryClient, 12);
    signedIn();
    queryClient.setQueryData(currentUserQueryKey, buildCurrentUser(['tickets:read']));
    await prefetchDiagnose(queryClient, 12);
    expect(requests).toEqual([]);
  });
});
