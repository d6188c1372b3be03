import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { buildTelemetryFleet, type TelemetryFleet } from '../modules/telemetry/telemetryTestFixture.ts';
import { BACKFILL_MS, backfillPlan, continueFromHistory, writeHistory } from './demoBackfill.ts';
import { DEMO_METRICS } from './metricCatalogue.ts';
import type { UnitSimulation } from './unitSimulation.ts';

const CATALOGUE = DEMO_METRICS.slice(0, 10);

describe('demo history beside the stream', () => {
  let server: TestServer;
  let fleet: TelemetryFleet;
  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildTelemetryFleet(server.database.db);
  });
  afterAll(() => server.close());

  it('fixes its plan once, stores history only before its end, and the stream continues it exactly', async () => {
    const { db } = server.database;
    const unit = { assetId: fleet.ids.unitA1, name: 'CRAH 1', serialNumber: 'SN-1', model: 'CW-120' };
    const startedAt = Date.now();
    const plan = await backfillPlan(db, [unit], startedAt);
    if (!plan) throw new Error('A first start plans history');
    expect(plan.end).toBeLessThanOrEqual(startedAt);
    // A restart before the history is written keeps the same end and draws: the same batches, nothing past the end.
    expect(await backfillPlan(db, [unit], startedAt + 5 * 60_000)).toEqual(plan);

    const stored: number[] = [];
    const insert = server.timeseries.insertColumns.bind(server.timeseries);
    vi.spyOn(server.timeseries, 'insertColumns').mockImplementation((points, options) => {
      for (const ts of points.timestamps) stored.push(ts);
      return insert(points, options);
    });
    let history: UnitSimulation | undefined;
    const finished = await writeHistory(
      { db, timeseries: server.timeseries, log: server.app.log },
      plan,
      CATALOGUE,
      (_unit, simulation) => (history = simulation),
      () => false,
    );
    vi.restoreAllMocks();
    expect(finished).toBe(true);
    expect(Math.max(...stored)).toBeLessThan(plan.end);
    expect(Math.min(...stored)).toBe(plan.end - BACKFILL_MS);

    // The unit the stream takes on is where the stored history left it: its next reading is the history's own.
    const live = await continueFromHistory(unit, CATALOGUE, plan);
    const next = plan.end + 10_000;
    expect(live.sample(next)).toEqual(history?.sample(next));
    // Written once: a later start plans nothing.
    expect(await backfillPlan(db, [unit], Date.now())).toBeNull();
  });
});
