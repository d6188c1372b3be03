import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectedProblemsEndpoints } from '@kelvin/contract';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';

const PATH = '/detectedProblems.listAlertView';
const answerSchema = detectedProblemsEndpoints.detectedProblemsListAlertView.output;
const window = { from: '2026-11-24T00:00:00.000Z', to: '2026-11-25T00:00:00.000Z' };

describe('detectedProblems.listAlertView', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  it('answers the alert view of visible assets (no rule evaluates yet: empty lists)', async () => {
    const answer = await api(fleet.users.adminA, 'POST', PATH, {
      assetIds: [fleet.ids.unitA1, fleet.ids.unitA3],
      activeInterval: 'PT10M',
      timeWindow: window,
    });
    expect(answer.status).toBe(200);
    expect(answerSchema.parse(answer.body)).toEqual({
      alerts: [],
      detectedProblems: [],
      uncategorizedAlertIds: [],
    });
  });

  it("answers 404 naming no id for another company's asset, and for one outside an operator's group", async () => {
    const foreign = await api(fleet.users.adminA, 'POST', PATH, {
      assetIds: [fleet.ids.unitA1, fleet.ids.unitB],
    });
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).message).toBe('Asset not found.');
    const outside = await api(fleet.users.operatorA, 'POST', PATH, { assetIds: [fleet.ids.unitA3] });
    expect(outside.status).toBe(404);
    const inside = await api(fleet.users.operatorA, 'POST', PATH, { assetIds: [fleet.ids.unitA1] });
    expect(inside.status).toBe(200);
  });

  it('answers 403 without detectedProblems:read and 401 without a token', async () => {
    expect((await api(fleet.users.noRolesA, 'POST', PATH, { assetIds: [fleet.ids.unitA1] })).status).toBe(
      403,
    );
    const anonymous = await fetch(`${server.url}/api${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ assetIds: [fleet.ids.unitA1] }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ assetIds: [] }, 'assetIds'],
      [{ assetIds: [fleet.ids.unitA1], activeInterval: '10 minutes' }, 'activeInterval'],
      [{ assetIds: [fleet.ids.unitA1], timeWindow: { from: window.to, to: window.from } }, 'timeWindow.to'],
      [{ assetIds: [fleet.ids.unitA1], timeWindow: { from: 'yesterday', to: window.to } }, 'timeWindow.from'],
    ];
    for (const [body, field] of cases) {
      const answer = await api(fleet.users.adminA, 'POST', PATH, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
  });
});
