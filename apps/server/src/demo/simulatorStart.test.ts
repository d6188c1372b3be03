import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverSettings } from '../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { buildTelemetryFleet } from '../modules/telemetry/telemetryTestFixture.ts';
import { issueDemoAgentKeys } from './demoAgentKeys.ts';
import { startSimulator } from './simulator.ts';

interface StoredBatch {
  history: boolean;
  first: number;
  last: number;
  /** The units the server had heard from live when the batch reached the store. */
  heard: number;
}

describe('demo simulator start: the stream first, the history beside it', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await buildTelemetryFleet(server.database.db);
  });
  afterAll(() => server.close());

  it("stores every unit's first live values before any history, and history only from before the stream", async () => {
    const { db } = server.database;
    const unitIds = (await issueDemoAgentKeys(db)).flatMap((agent) =>
      agent.units.map((unit) => unit.assetId),
    );
    expect(unitIds.length).toBeGreaterThan(1);
    const batches: StoredBatch[] = [];
    const insert = server.timeseries.insertColumns.bind(server.timeseries);
    vi.spyOn(server.timeseries, 'insertColumns').mockImplementation((points, options) => {
      const stamps = [...points.timestamps];
      batches.push({
        history: options?.batchId?.startsWith('demo-backfill:') ?? false,
        first: Math.min(...stamps),
        last: Math.max(...stamps),
        heard: server.lastValues.lastSeen(unitIds).size,
      });
      return insert(points, options);
    });
    const simulator = await startSimulator({
      db,
      timeseries: server.timeseries,
      log: server.app.log,
      baseUrl: server.url,
      // An hour between beats: only the beats of the start itself are sent.
      options: {
        enabled: true,
        intervalMs: 3_600_000,
        metricsPerUnit: 10,
        backfillUnits: 1,
        transport: 'http',
      },
    });
    try {
      const done = async () =>
        (await db.select().from(serverSettings).where(eq(serverSettings.key, 'demo.simulator.backfilledAt')))
          .length;
      await expect.poll(done, { timeout: 60_000, interval: 200 }).toBe(1);
    } finally {
      await simulator.stop();
      vi.restoreAllMocks();
    }

    const history = batches.filter((batch) => batch.history);
    const live = batches.filter((batch) => !batch.history);
    expect(history).toHaveLength(24);
    // Stream first: the first batch stored is live, and by the first hour of history every unit had been heard.
    expect(batches[0]?.history).toBe(false);
    expect(history[0]?.heard).toBe(unitIds.length);
    // Beside, never over: the history ends before the stream's first reading.
    expect(Math.max(...history.map((batch) => batch.last))).toBeLessThan(
      Math.min(...live.map((batch) => batch.first)),
    );
  });
});
