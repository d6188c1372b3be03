import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@kelvin/contract';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { metrics } from '../../platform/db/schema.ts';
import { loadOrCreateSigningKeys } from '../../platform/identity/signingKeys.ts';
import { openDuckDbStore } from '../../platform/timeseries/duckdb/duckDbStore.ts';
import { serverProcessEnv, startServerProcess, type ServerProcess } from '../../testing/serverProcess.ts';
import { freePort, mintTestIdToken } from '../../testing/testServer.ts';
import { buildTelemetryFleet } from './telemetryTestFixture.ts';

/**
 * Nothing acknowledged is lost in a crash, nothing is stored twice when agents resend, and nothing is blank after
 * it: the real server (`src/main.ts` on PGlite and DuckDB files, as `npm start` runs it) is killed with SIGKILL
 * while agents are sending, and started again on the same data directory.
 */

const SENDERS = 4;
const POINTS_PER_BATCH = 250;
/** Points are 2 ms apart from here, numbered by their value: each point says which one it is. */
const STEP_MS = 2;
const ALIASES = ['temperature.supplyAir', 'temperature.returnAir'];

interface Batch {
  batchId: string;
  points: { assetId: number; alias: string; ts: number; value: number }[];
}

describe('a crash in the middle of acknowledged ingestion', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-crash-'));
  const running: ServerProcess[] = [];
  let port = 0;
  let agentKey = '';
  let token = '';
  let unitIds: number[] = [];
  let metricIds = new Map<string, number>();
  const base = Date.now() - 5 * 60_000;

  beforeAll(async () => {
    port = await freePort();
    // The child owns the PGlite files while it runs: the fleet and a user's session are written first.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
    const fleet = await buildTelemetryFleet(database.db);
    agentKey = fleet.agentKeyA;
    unitIds = [fleet.ids.unitA1, fleet.ids.unitA2];
    const rows = await database.db
      .select({ alias: metrics.alias, metricId: metrics.metricId })
      .from(metrics)
      .where(inArray(metrics.alias, ALIASES));
    metricIds = new Map(rows.map((row) => [row.alias, row.metricId]));
    const config = loadConfig(serverProcessEnv(port, dataDir));
    const signingKeys = await loadOrCreateSigningKeys(database.db);
    token = await mintTestIdToken(
      { db: database.db, config, signingKeys },
      fleet.users.providerAdmin.identityId,
      { expiresIn: '30m' },
    );
    await database.close();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop('SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startServerProcess(serverProcessEnv(port, dataDir));
    running.push(server);
    return server;
  };

  /** The n-th batch of a sender: its points' values are their global numbers, their times follow from them. */
  const batchOf = (sender: number, n: number): Batch => {
    const points = Array.from({ length: POINTS_PER_BATCH }, (_, index) => {
      const number = (n * SENDERS + sender) * POINTS_PER_BATCH + index;
      return {
        assetId: unitIds[number % unitIds.length] ?? 0,
        alias: ALIASES[Math.floor(number / unitIds.length) % ALIASES.length] ?? '',
        ts: base + number * STEP_MS,
        value: number,
      };
    });
    return { batchId: `crash-${sender}-${n}`, points };
  };

  const send = (server: ServerProcess, batch: Batch) =>
    fetch(`${server.url}/api/telemetry.ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-agent-key': agentKey },
      body: JSON.stringify(batch),
    }).then(async (response) => ({
      status: response.status,
      body: response.ok ? contract.telemetryIngest.output.parse(await response.json()) : null,
    }));

  /** A user's call, its answer checked against the contract's output schema. */
  const api = async <T>(
    server: ServerProcess,
    route: string,
    output: { parse(data: unknown): T },
    body: unknown,
  ) => {
    const response = await fetch(`${server.url}/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(response.status, route).toBe(200);
    return output.parse(await response.json());
  };

  it('keeps every acknowledged point exactly once, warms last values at once, and stores resent batches once', async () => {
    const first = await start();
    const sent: Batch[] = [];
    const acked = new Set<string>();
    // An object, so that the senders' loops read what the test writes after they started.
    const crash = { killed: false };
    const crashed = () => crash.killed;
    // Agents send back to back until the server dies under them; a batch is acknowledged by its 200 alone.
    const sender = async (index: number) => {
      for (let n = 0; !crashed(); n++) {
        const batch = batchOf(index, n);
        sent.push(batch);
        const answer = await send(first, batch).catch(() => null);
        if (answer?.status === 200) acked.add(batch.batchId);
        else if (!crashed()) throw new Error(`batch ${batch.batchId}: ${JSON.stringify(answer)}`);
      }
    };
    const senders = Array.from({ length: SENDERS }, (_, index) => sender(index));
    await expect.poll(() => acked.size, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(40);
    crash.killed = true;
    expect(await first.stop('SIGKILL')).toBeNull();
    await Promise.all(senders);
    // Some batches were in flight when the process died: sent, never acknowledged.
    expect(sent.length).toBeGreaterThan(acked.size);

    const second = await start();
    // Before anything new arrives: every series answers its newest acknowledged point (or a newer one that was
    // stored but whose answer was lost with the process), and its unit is online.
    const newestAcked = new Map<string, number>();
    for (const batch of sent.filter((candidate) => acked.has(candidate.batchId))) {
      for (const point of batch.points) {
        const key = `${metricIds.get(point.alias) ?? 0}/${point.assetId}`;
        newestAcked.set(key, Math.max(newestAcked.get(key) ?? 0, point.value));
      }
    }
    const table = await api(second, '/assets/metrics/lastValue', contract.lastValues.output, {
      assetIds: unitIds,
    });
    for (const [key, newest] of newestAcked) {
      const [metricId = '', assetId = ''] = key.split('/');
      const last = table[metricId]?.[assetId];
      expect(last, key).toBeDefined();
      const value = Number(last?.value);
      expect(value, key).toBeGreaterThanOrEqual(newest);
      expect(last?.timestamp, key).toBe(base + value * STEP_MS);
    }
    const online = await api(
      second,
      '/assets.getOnlineStatus',
      contract.assetsGetOnlineStatus.output,
      unitIds,
    );
    expect(online.map(({ assetId, isOnline }) => ({ assetId, isOnline }))).toEqual(
      unitIds.map((assetId) => ({ assetId, isOnline: true })),
    );

    // Agents resend what they have no answer for, and may resend what they have: acknowledged ids store nothing.
    for (const batch of sent) {
      const answer = await send(second, batch);
      expect(answer.status, batch.batchId).toBe(200);
      if (acked.has(batch.batchId)) expect(answer.body, batch.batchId).toMatchObject({ duplicate: true });
    }
    await second.stop('SIGTERM');
    running.length = 0;

    const store = await openDuckDbStore({ directory: dataDir });
    try {
      const lastNumber = sent.length * POINTS_PER_BATCH;
      const series = await store.query({
        assetIds: unitIds,
        metrics: [...metricIds.values()].map((metricId) => ({ metricId, aggregation: 'RAW' as const })),
        from: base,
        to: base + lastNumber * STEP_MS + 1,
        intervalMs: 1,
      });
      const stored = series.flatMap((one) => one.values.filter((value) => value !== null));
      const counts = new Map<number, number>();
      for (const value of stored) counts.set(value, (counts.get(value) ?? 0) + 1);
      const twice = [...counts].filter(([, count]) => count > 1).map(([value]) => value);
      expect(twice).toEqual([]);
      const expected = sent.flatMap((batch) => batch.points.map((point) => point.value));
      expect(stored.length).toBe(expected.length);
      expect(new Set(stored)).toEqual(new Set(expected));
    } finally {
      await store.close();
    }
  }, 120_000);
});
