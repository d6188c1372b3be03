import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectedProblemsEndpoints } from '@kelvin/contract';
import { alerts, detectedProblems, problemRuleDefinitions } from '../../platform/db/problemsSchema.ts';
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

  it('answers the alerts overlapping the window with their problems, and alerts of no problem as Uncategorized', async () => {
    const db = server.database.db;
    const { unitA1, unitA3 } = fleet.ids;
    const companyId = fleet.companyA.companyId;
    const [rule] = await db
      .insert(problemRuleDefinitions)
      .values({
        companyId,
        name: 'Supply air too warm',
        description: 'Average over 5 minutes',
        kind: 'THRESHOLD',
        condition: {
          kind: 'THRESHOLD',
          metricAlias: 'temperature.supplyAir',
          aggregation: 'AVERAGE',
          limits: { source: 'THRESHOLD_GROUP' },
        },
        timeWindow: 'PT5M',
        recoveryDuration: 'PT2M',
        impactLevel: 'CRITICAL',
      })
      .returning();
    const ruleId = rule?.problemRuleDefinitionId ?? 0;
    const at = (iso: string) => new Date(iso);
    const [problem] = await db
      .insert(detectedProblems)
      .values({
        companyId,
        assetId: unitA1,
        problemRuleDefinitionId: ruleId,
        name: 'Supply air too warm',
        level: 'CRITICAL',
        firstEventAt: at('2026-11-24T10:00:00Z'),
        lastEventAt: at('2026-11-24T11:00:00Z'),
      })
      .returning();
    const base = {
      companyId,
      problemRuleDefinitionId: ruleId,
      type: 'METRIC',
      evaluatedAt: at('2026-11-24T11:00:00Z'),
    };
    const inserted = await db
      .insert(alerts)
      .values([
        // In the problem and the window, resolved.
        {
          ...base,
          assetId: unitA1,
          detectedProblemId: problem?.detectedProblemId,
          level: 'CRITICAL',
          status: 'RESOLVED',
          groupingKey: 'a',
          firstEventAt: at('2026-11-24T10:00:00Z'),
          lastEventAt: at('2026-11-24T10:30:00Z'),
          resolvedAt: at('2026-11-24T10:35:00Z'),
          firstEventValue: 28.456,
          lastEventValue: 29.001,
          numberOfOccurrences: 3,
        },
        // In the problem, before the window: not listed, though its id is the problem's.
        {
          ...base,
          assetId: unitA1,
          detectedProblemId: problem?.detectedProblemId,
          level: 'WARNING',
          status: 'RESOLVED',
          groupingKey: 'b',
          firstEventAt: at('2026-11-20T10:00:00Z'),
          lastEventAt: at('2026-11-20T10:30:00Z'),
          resolvedAt: at('2026-11-20T10:35:00Z'),
        },
        // Of no problem: one warning, one critical, on unitA3.
        {
          ...base,
          assetId: unitA3,
          level: 'WARNING',
          status: 'RESOLVED',
          groupingKey: 'c',
          firstEventAt: at('2026-11-24T08:00:00Z'),
          lastEventAt: at('2026-11-24T09:00:00Z'),
          resolvedAt: at('2026-11-24T09:05:00Z'),
        },
        {
          ...base,
          assetId: unitA3,
          level: 'CRITICAL',
          status: 'ACTIVE',
          groupingKey: 'd',
          firstEventAt: at('2026-11-24T12:00:00Z'),
          lastEventAt: at('2026-11-24T13:00:00Z'),
        },
      ])
      .returning({ alertId: alerts.alertId });
    const [inWindow, before, orphanWarning, orphanCritical] = inserted.map((row) => row.alertId);

    const answer = await api(fleet.users.adminA, 'POST', PATH, {
      assetIds: [unitA1, unitA3],
      timeWindow: window,
    });
    expect(answer.status).toBe(200);
    const view = answerSchema.parse(answer.body);
    expect(view.alerts.map((alert) => alert.kyotoEventDetailId)).toEqual([
      orphanWarning,
      inWindow,
      orphanCritical,
    ]);
    expect(view.alerts.find((alert) => alert.kyotoEventDetailId === inWindow)).toMatchObject({
      monitorId: ruleId,
      monitorName: 'Supply air too warm',
      monitorDescription: 'Average over 5 minutes',
      monitorMetadata: { timeWindow: 'PT5M', impactLevel: 'CRITICAL' },
      status: 'RESOLVED',
      firstEventValue: 28.46,
      lastEventValue: 29,
      numberOfOccurrences: 3,
      type: 'METRIC',
    });
    expect(view.uncategorizedAlertIds).toEqual([orphanWarning, orphanCritical]);
    const [real, synthetic] = view.detectedProblems;
    expect(real).toMatchObject({
      detectedProblemId: problem?.detectedProblemId,
      alertIds: [inWindow, before],
    });
    expect(synthetic).toMatchObject({
      detectedProblemId: -unitA3,
      name: 'Uncategorized',
      assetId: unitA3,
      level: 'CRITICAL',
      alertIds: [orphanWarning, orphanCritical],
      firstEventAt: '2026-11-24T08:00:00.000Z',
      lastEventAt: '2026-11-24T13:00:00.000Z',
      closedAt: null,
    });

    // Active within the interval: only the active alert, whatever the window.
    const active = answerSchema.parse(
      (await api(fleet.users.adminA, 'POST', PATH, { assetIds: [unitA1, unitA3], activeInterval: 'PT10M' }))
        .body,
    );
    expect(active.alerts.map((alert) => alert.kyotoEventDetailId)).toEqual([orphanCritical]);
    // Tickets come later: no problem is on one yet.
    const onTicket = answerSchema.parse(
      (await api(fleet.users.adminA, 'POST', PATH, { assetIds: [unitA1], ticketIds: [1] })).body,
    );
    expect(onTicket.alerts).toEqual([]);
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
