import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectedProblemsEndpoints } from '@kelvin/contract';
import { agentHeartbeats } from '../../../platform/db/problemsSchema.ts';
import { startTestServer, type TestServer } from '../../../testing/testServer.ts';
import { apiAs } from '../../assets/assetsTestFixture.ts';
import {
  buildTelemetryFleet,
  postIngest,
  type TelemetryFleet,
} from '../../telemetry/telemetryTestFixture.ts';
import { monitorWithReturnAirRule } from './returnAirRule.ts';

const alertViewOutput = detectedProblemsEndpoints.detectedProblemsListAlertView.output;

/** The server as it runs: evaluation on (a short cycle), readings through the ingest call, answers over HTTP. */
describe('a breach sent through the ingest call', () => {
  let server: TestServer;
  let fleet: TelemetryFleet;

  beforeAll(async () => {
    server = await startTestServer({
      env: { KELVIN_PROBLEMS_EVALUATE: 'true', KELVIN_PROBLEMS_CYCLE_SECONDS: '5' },
    });
    fleet = await buildTelemetryFleet(server.database.db);
    await monitorWithReturnAirRule(server.database.db, fleet, fleet.ids.unitA1);
  });
  afterAll(() => server.close());

  it('opens a problem the console lists, and records the agent as heard from', async () => {
    const api = apiAs(server);
    // The first cycle takes the rules; a reading past the limit is then judged within a second or so.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    const sent = await postIngest(
      server,
      {
        points: [{ assetId: fleet.ids.unitA1, alias: 'temperature.returnAir', ts: Date.now(), value: 47.5 }],
      },
      { headers: { 'x-agent-key': fleet.agentKeyA } },
    );
    expect(sent.status).toBe(200);
    let view = alertViewOutput.parse({ alerts: [], detectedProblems: [], uncategorizedAlertIds: [] });
    for (let waited = 0; view.alerts.length === 0 && waited < 15_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const answer = await api(fleet.users.adminA, 'POST', '/detectedProblems.listAlertView', {
        assetIds: [fleet.ids.unitA1],
        activeInterval: 'PT10M',
      });
      view = alertViewOutput.parse(answer.body);
    }
    expect(view.alerts).toHaveLength(1);
    expect(view.alerts[0]).toMatchObject({
      type: 'METRIC',
      level: 'CRITICAL',
      status: 'ACTIVE',
      firstEventValue: 47.5,
    });
    expect(view.detectedProblems).toMatchObject([
      { name: 'Return air hot', assetId: fleet.ids.unitA1, closedAt: null },
    ]);
    const states = await api(fleet.users.adminA, 'POST', '/assets.state.list', {
      assetIds: [fleet.ids.unitA1],
      activeInterval: 'PT10M',
    });
    expect(states.body).toMatchObject([{ health: 'CRITICAL' }]);
    const heartbeats = await server.database.db.select().from(agentHeartbeats);
    expect(heartbeats.map((row) => row.assetId)).toEqual([fleet.ids.agentA1]);
  });
});
