import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLICKHOUSE_TEST_URL, clickHouseAvailable } from '../../../testing/testServices.ts';
import type { TimeSeriesStore } from '../timeSeriesStore.ts';
import { CRASH_METRICS, CRASH_POINTS_PER_METRIC, CRASH_T0, crashBatch } from './clickHouseCrashBatch.ts';
import { startKillProxy, type KillMoment } from './clickHouseKillProxy.ts';
import { openClickHouseStore, type ClickHouseTimeSeriesStore } from './clickHouseStore.ts';

/**
 * Batch ids on ClickHouse hold when the sending process dies at any moment of a batch: a child process sends one
 * batch through the store, a proxy in front of ClickHouse kills it with SIGKILL at an exact moment of its
 * traffic (half-way through a request, after a request, when an answer comes), and the batch is sent again with
 * the same id. Every point is then stored exactly once, in the raw table and in the rollups.
 */

const url = CLICKHOUSE_TEST_URL;
const reachable = await clickHouseAvailable();
const BATCH_POINTS = CRASH_METRICS * CRASH_POINTS_PER_METRIC;
const child = path.join(import.meta.dirname, 'clickHouseCrashChild.ts');

/** Raw points and the hour rollup's count of one asset's series (both must hold each point once). */
async function stored(store: TimeSeriesStore, assetId: number) {
  const query = (aggregation: 'RAW' | 'COUNT', intervalMs: number) =>
    store.query({
      assetIds: [assetId],
      metrics: Array.from({ length: CRASH_METRICS }, (_, index) => ({ metricId: index + 1, aggregation })),
      from: CRASH_T0,
      to: CRASH_T0 + CRASH_POINTS_PER_METRIC * 1000,
      intervalMs,
    });
  const raw = (await query('RAW', 1)).reduce((sum, series) => sum + series.timestamps.length, 0);
  const counted = (await query('COUNT', 3_600_000))
    .flatMap((series) => series.values)
    .reduce<number>((sum, value) => sum + (value ?? 0), 0);
  return { raw, counted };
}

describe.skipIf(!reachable)(`ClickHouse batch ids when the sender is killed (${url})`, () => {
  const database = `kelvin_test_${randomUUID().replaceAll('-', '')}`;
  let store: ClickHouseTimeSeriesStore;
  let proxy: Awaited<ReturnType<typeof startKillProxy>>;
  /** Every moment of a batch's traffic, found by the first test. */
  const moments: KillMoment[] = [];

  beforeAll(async () => {
    store = await openClickHouseStore({ url, database });
    proxy = await startKillProxy(Number(new URL(url).port || 8123));
  });
  afterAll(async () => {
    await proxy.close();
    await store.dropDatabase();
    await store.close();
  });

  /** Runs the child until "ready", arms the proxy, lets it send; resolves once it exited (killed or done). */
  const sendFromChild = async (assetId: number, batchId: string, moment: KillMoment | null) => {
    proxy.disarm();
    const process_ = spawn(process.execPath, ['--import', 'tsx', child], {
      env: {
        ...process.env,
        CRASH_URL: proxy.url,
        CRASH_DATABASE: database,
        CRASH_BATCH_ID: batchId,
        CRASH_ASSET: String(assetId),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => process_.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      process_.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready')) resolve();
      });
      process_.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      void exited.then(() => reject(new Error(`child exited before it was ready:\n${output}`)));
    });
    proxy.arm(moment, () => process_.kill('SIGKILL'));
    process_.stdin.write('go\n');
    const code = await exited;
    return { code, output, requests: proxy.requests() };
  };

  it('counts the requests of one batch', async () => {
    const { code, output, requests } = await sendFromChild(1, 'crash:dry', null);
    expect(code, output).toBe(0);
    expect(output).toContain('done {"duplicate":false}');
    expect(requests).toBeGreaterThan(0);
    expect(await stored(store, 1)).toEqual({ raw: BATCH_POINTS, counted: BATCH_POINTS });
    moments.push(
      ...Array.from({ length: requests }, (_, index): KillMoment[] => [
        { kind: 'mid-request', request: index + 1 },
        { kind: 'request-sent', request: index + 1 },
        { kind: 'response', request: index + 1 },
      ]).flat(),
    );
  }, 60_000);

  it('stores every point exactly once when the sender dies at any moment and the batch is sent again', async () => {
    expect(moments.length).toBeGreaterThan(0);
    for (const [index, moment] of moments.entries()) {
      const assetId = 10 + index;
      const batchId = `crash:${moment.kind}:${moment.request}`;
      const { code, output } = await sendFromChild(assetId, batchId, moment);
      const label = `${moment.kind} ${moment.request}`;
      expect(code, `${label}: ${output}`).toBeNull();
      // The agent had no answer and sends again, to a process that lives.
      await store.insert(crashBatch(assetId), { batchId });
      expect(await store.insert(crashBatch(assetId), { batchId }), label).toEqual({ duplicate: true });
      expect(await stored(store, assetId), label).toEqual({ raw: BATCH_POINTS, counted: BATCH_POINTS });
    }
  }, 180_000);
});
