import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@kelvin/contract';
import { openDatabase } from '../../platform/db/database.ts';
import { openDuckDbStore } from '../../platform/timeseries/duckdb/duckDbStore.ts';
import { serverProcessEnv, startServerProcess, type ServerProcess } from '../../testing/serverProcess.ts';
import { freePort } from '../../testing/testServer.ts';
import { buildLogsFleet, logRecord, postLogs } from './deviceLogsTestFixture.ts';

/**
 * "Acknowledged once durable": the real server (`src/main.ts` on PGlite and DuckDB files) is killed with SIGKILL
 * while agents send log batches, started again on the same data, and every acknowledged record is there exactly
 * once; re-sending acknowledged batches stores nothing.
 */

const SENDERS = 3;
const RECORDS_PER_BATCH = 200;
/**
 * Until 30 batches are acknowledged: the child server starts (migrations on PGlite files) and each batch waits
 * for its durable write; seconds when idle, many more on a loaded CI runner.
 */
const ACKED_BEFORE_CRASH_TIMEOUT_MS = 30_000;

interface Batch {
  batchId: string;
  records: Record<string, unknown>[];
}

describe('a crash in the middle of acknowledged log ingestion', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-logs-crash-'));
  const running: ServerProcess[] = [];
  let port = 0;
  let agentKey = '';
  let unitId = 0;
  const base = Date.now() - 10 * 60_000;

  beforeAll(async () => {
    port = await freePort();
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
    const fleet = await buildLogsFleet(database.db);
    agentKey = fleet.agentKeyA;
    unitId = fleet.ids.unitA1;
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

  /** Each record's message is its global number, so that a count per message finds losses and repeats. */
  const batchOf = (sender: number, n: number): Batch => ({
    batchId: `logs-crash-${sender}-${n}`,
    records: Array.from({ length: RECORDS_PER_BATCH }, (_, index) => {
      const number = (n * SENDERS + sender) * RECORDS_PER_BATCH + index;
      return logRecord(unitId, base + number, { message: `record ${number}` });
    }),
  });

  const send = (server: ServerProcess, batch: Batch) =>
    postLogs(server, batch, { headers: { 'x-agent-key': agentKey } }).then((answer) => ({
      status: answer.status,
      body: answer.status === 200 ? contract.deviceLogsIngest.output.parse(answer.body) : null,
    }));

  it('keeps every acknowledged record exactly once, and stores resent batches once', async () => {
    const first = await start();
    const sent: Batch[] = [];
    const acked = new Set<string>();
    const crash = { killed: false };
    const crashed = () => crash.killed;
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
    await expect
      .poll(() => acked.size, { timeout: ACKED_BEFORE_CRASH_TIMEOUT_MS, interval: 20 })
      .toBeGreaterThanOrEqual(30);
    crash.killed = true;
    expect(await first.stop('SIGKILL')).toBeNull();
    await Promise.all(senders);

    const second = await start();
    for (const batch of sent) {
      const answer = await send(second, batch);
      expect(answer.status, batch.batchId).toBe(200);
      if (acked.has(batch.batchId)) expect(answer.body, batch.batchId).toMatchObject({ duplicate: true });
    }
    await second.stop('SIGTERM');
    running.length = 0;

    const store = await openDuckDbStore({ directory: dataDir });
    try {
      const counts = new Map<string, number>();
      let before: { ts: number; seq: number } | undefined;
      for (;;) {
        const page = await store.logs.query({ assetId: unitId, from: base, limit: 500, before });
        for (const entry of page.entries) counts.set(entry.message, (counts.get(entry.message) ?? 0) + 1);
        const last = page.entries.at(-1);
        before = last ? { ts: last.ts, seq: last.seq } : undefined;
        if (!page.hasMore) break;
      }
      expect([...counts].filter(([, count]) => count > 1)).toEqual([]);
      const expected = sent.flatMap((batch) => batch.records.map((record) => String(record.message)));
      expect(new Set(counts.keys())).toEqual(new Set(expected));
    } finally {
      await store.close();
    }
  }, 120_000);
});
