import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestResultSchema } from '@kelvin/contract';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import {
  buildTelemetryFleet,
  postIngest,
  type TelemetryFleet,
} from '../modules/telemetry/telemetryTestFixture.ts';
import { issueDemoAgentKeys } from './demoAgentKeys.ts';
import { DEMO_METRICS } from './metricCatalogue.ts';
import { seedMetricCatalogue } from './seedMetrics.ts';
import { createUnitSimulation } from './unitSimulation.ts';

describe('demo simulator', () => {
  let server: TestServer;
  let fleet: TelemetryFleet;
  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildTelemetryFleet(server.database.db);
  });
  afterAll(() => server.close());

  it('has hundreds of distinct aliases and seeds them idempotently', async () => {
    expect(DEMO_METRICS.length).toBeGreaterThanOrEqual(250);
    expect(new Set(DEMO_METRICS.map((metric) => metric.alias)).size).toBe(DEMO_METRICS.length);
    expect(await seedMetricCatalogue(server.database.db)).toEqual(
      await seedMetricCatalogue(server.database.db),
    );
  });

  it('issues one live key per agent, revoking the previous one, and finds the units of its hall', async () => {
    const [first] = await issueDemoAgentKeys(server.database.db);
    const [second] = await issueDemoAgentKeys(server.database.db);
    expect(second?.agentAssetId).toBe(fleet.ids.agentA1);
    expect(second?.units.map((unit) => unit.assetId).sort((a, b) => a - b)).toEqual(
      [fleet.ids.unitA1, fleet.ids.unitA2].sort((a, b) => a - b),
    );
    const point = { assetId: fleet.ids.unitA1, alias: 'fan.1.speed', ts: Date.now(), value: 1 };
    const revoked = await postIngest(
      server,
      { points: [point] },
      { headers: { 'x-agent-key': first?.key ?? '' } },
    );
    expect(revoked.status).toBe(401);
    const live = await postIngest(
      server,
      { points: [point] },
      { headers: { 'x-agent-key': second?.key ?? '' } },
    );
    expect(live.status).toBe(200);
  });

  it('produces values the ingestion call accepts in full, faults and all', async () => {
    const [agent] = await issueDemoAgentKeys(server.database.db);
    const start = Date.now() - 3 * 3_600_000;
    const simulation = createUnitSimulation(
      { assetId: fleet.ids.unitA1, serialNumber: 'KT19-1', model: 'CW-400' },
      DEMO_METRICS,
      start,
    );
    const points = [];
    // Three hours at one minute (under 50,000 points): long enough to meet state changes.
    for (let ts = start; ts < start + 3 * 3_600_000; ts += 60_000) {
      for (const point of simulation.sample(ts, { includeText: ts === start })) {
        points.push({ assetId: fleet.ids.unitA1, ts, ...point });
      }
    }
    const answer = await postIngest(
      server,
      { points },
      { gzip: true, headers: { 'x-agent-key': agent?.key ?? '' } },
    );
    expect(answer.status).toBe(200);
    const body = ingestResultSchema.parse(answer.body);
    expect(body.rejected).toEqual([]);
    expect(body.accepted).toBe(points.length);
  });
});
