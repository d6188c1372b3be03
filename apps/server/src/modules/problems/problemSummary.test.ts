import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemListsEndpoints } from '@kelvin/contract';
import { detectedProblems } from '../../platform/db/problemsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { buildProblemsFleet, type ProblemsFleet } from './problemsTestFixture.ts';

const assetSummaries = problemListsEndpoints.assetsDetectedProblemSummary.output;
const fleetSummary = problemListsEndpoints.detectedProblemsSummary.output;
const NONE = {
  open: 0,
  critical: 0,
  warning: 0,
  info: 0,
  unacknowledged: 0,
  muted: 0,
  escalated: 0,
  worstLevel: null,
};

describe('problem summaries', () => {
  let server: TestServer;
  let data: ProblemsFleet;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    server = await startTestServer();
    data = await buildProblemsFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  const summaryOf = async (user: { identityId: string }, body: Record<string, unknown>) => {
    const answer = await api(user, 'POST', '/detectedProblems.summary', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return fleetSummary.parse(answer.body);
  };

  it('counts the open problems of each asset asked about, zeros for one without any', async () => {
    const { unitA1, unitA3 } = data.fleet.ids;
    const answer = await api(data.users.adminA, 'POST', '/assets.detectedProblemSummary', {
      assetIds: [unitA1, unitA3, unitA1],
      activeInterval: 'PT10M',
    });
    expect(answer.status).toBe(200);
    expect(assetSummaries.parse(answer.body)).toEqual([
      {
        assetId: unitA1,
        ...NONE,
        open: 1,
        critical: 1,
        unacknowledged: 1,
        worstLevel: 'CRITICAL',
        lastEventAt: data.problems.supplyAirA1.lastEventAt.toISOString(),
      },
      { assetId: unitA3, ...NONE, lastEventAt: null },
    ]);
    // A longer interval reaches the closed problem's last event; the counts stay those of open problems.
    const day = await api(data.users.adminA, 'POST', '/assets.detectedProblemSummary', {
      assetIds: [unitA3],
      activeInterval: 'P1D',
    });
    expect(assetSummaries.parse(day.body)).toEqual([
      { assetId: unitA3, ...NONE, lastEventAt: data.problems.humidityA3.lastEventAt.toISOString() },
    ]);
  });

  it("refuses another company's asset (404), no permission (403) and bad input (400)", async () => {
    const { unitA1, unitB } = data.fleet.ids;
    const foreign = await api(data.users.adminA, 'POST', '/assets.detectedProblemSummary', {
      assetIds: [unitA1, unitB],
      activeInterval: 'PT10M',
    });
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).message).toBe('Asset not found.');
    const denied = await api(data.users.noRolesA, 'POST', '/assets.detectedProblemSummary', {
      assetIds: [unitA1],
      activeInterval: 'PT10M',
    });
    expect(denied.status).toBe(403);
    for (const body of [{ assetIds: [], activeInterval: 'PT10M' }, { assetIds: [unitA1] }]) {
      const bad = await api(data.users.adminA, 'POST', '/assets.detectedProblemSummary', body);
      expect(bad.status).toBe(400);
    }
    expect(
      (await api(data.users.noRolesA, 'POST', '/detectedProblems.summary', { activeInterval: 'PT10M' }))
        .status,
    ).toBe(403);
    expect(
      (await api(data.users.adminA, 'POST', '/detectedProblems.summary', { activeInterval: 'soon' })).status,
    ).toBe(400);
  });

  it('sums every problem the caller may see for the all-devices summary', async () => {
    const latest = data.problems.supplyAirB.lastEventAt.toISOString();
    expect(await summaryOf(data.users.adminA, { activeInterval: 'PT10M' })).toEqual({
      ...NONE,
      open: 2,
      critical: 1,
      warning: 1,
      unacknowledged: 2,
      worstLevel: 'CRITICAL',
      lastEventAt: data.problems.supplyAirA1.lastEventAt.toISOString(),
    });
    expect(await summaryOf(data.users.providerAdmin, { activeInterval: 'PT10M' })).toMatchObject({
      open: 3,
      critical: 2,
      lastEventAt: latest,
    });
    expect(
      await summaryOf(data.users.providerAdmin, {
        activeInterval: 'PT10M',
        companyIds: [data.fleet.companyB.companyId],
      }),
    ).toMatchObject({ open: 1, critical: 1, warning: 0 });
    // A customer asking for another company's summary gets their own scope: nothing.
    expect(
      await summaryOf(data.users.adminA, {
        activeInterval: 'PT10M',
        companyIds: [data.fleet.companyB.companyId],
      }),
    ).toEqual({ ...NONE, lastEventAt: null });
  });

  it('counts acknowledged, muted and escalated problems', async () => {
    const { adminA } = data.users;
    const { supplyAirA1, filterA2 } = data.problems;
    expect(
      (
        await api(adminA, 'POST', '/detectedProblems.acknowledge', {
          detectedProblemIds: [supplyAirA1.detectedProblemId],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(adminA, 'POST', '/detectedProblems.mute', {
          detectedProblemIds: [filterA2.detectedProblemId],
        })
      ).status,
    ).toBe(200);
    await server.database.db
      .update(detectedProblems)
      .set({ escalatedAt: new Date() })
      .where(eq(detectedProblems.detectedProblemId, filterA2.detectedProblemId));
    expect(await summaryOf(adminA, { activeInterval: 'PT10M' })).toMatchObject({
      open: 2,
      unacknowledged: 1,
      muted: 1,
      escalated: 1,
    });
  });
});
