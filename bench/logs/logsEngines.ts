import { chmodSync, createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DuckDBInstance } from '@duckdb/node-api';
import type { MemoryBudget } from '../../apps/server/src/platform/memory/memoryBudget.ts';
import {
  clickHouseReachable,
  openClickHouseStore,
} from '../../apps/server/src/platform/timeseries/clickhouse/clickHouseStore.ts';
import type {
  DeviceLogEntry,
  DeviceLogQuery,
  DeviceLogStore,
  LogSourceCount,
} from '../../apps/server/src/platform/timeseries/deviceLogStore.ts';
import {
  openDuckDbStore,
  type DuckDbTimeSeriesStore,
} from '../../apps/server/src/platform/timeseries/duckdb/duckDbStore.ts';
import { logBatches } from './logsDataset.ts';

const DAY = 86_400_000;
const INSERT_ENTRIES = 50_000;

/** A store under test, through DeviceLogStore, plus its size and cleanup. */
export interface LogsEngine {
  insert(entries: readonly DeviceLogEntry[]): Promise<void>;
  query(query: DeviceLogQuery): Promise<{ ts: number; seq: number }[]>;
  sources(query: { assetId: number; from: number; to: number; limit: number }): Promise<LogSourceCount[]>;
  bytes(): Promise<number>;
  dispose(): Promise<void>;
}

function engineOf(logs: () => DeviceLogStore, bytes: () => Promise<number>, dispose: () => Promise<void>) {
  return {
    insert: async (entries: readonly DeviceLogEntry[]) => {
      await logs().insert(entries);
    },
    query: async (query: DeviceLogQuery) => (await logs().query(query)).entries,
    sources: (query: { assetId: number; from: number; to: number; limit: number }) => logs().sources(query),
    bytes,
    dispose,
  };
}

export interface DuckDbLogs extends LogsEngine {
  directory: string;
  store(): DuckDbTimeSeriesStore;
  reopen(): Promise<void>;
  close(): Promise<void>;
}

/** DuckDB on a file in a directory the PostgreSQL server can read (it loads the CSV exported there). */
export async function openDuckDbLogs(budget: MemoryBudget): Promise<DuckDbLogs> {
  const directory = mkdtempSync(path.join(tmpdir(), 'kelvin-logs-bench-'));
  chmodSync(directory, 0o755);
  const open = () =>
    openDuckDbStore({
      directory,
      memoryLimitMb: budget.duckdbMemoryLimitMb,
      threads: budget.duckdbThreads,
      seriesCacheBytes: 0,
    });
  let store = await open();
  let open_ = true;
  return {
    ...engineOf(
      () => store.logs,
      async () => {
        await store.checkpoint();
        return store.filePath ? statSync(store.filePath).size : 0;
      },
      async () => {
        if (open_) await store.close();
        rmSync(directory, { recursive: true, force: true });
      },
    ),
    directory,
    store: () => store,
    close: async () => {
      await store.close();
      open_ = false;
    },
    reopen: async () => {
      store = await open();
      open_ = true;
    },
  };
}

/** The records through DeviceLogStore.insert, then closed days sorted (what the maintenance job does). */
export async function loadDuckDb(engine: DuckDbLogs, records: number, end: number) {
  const started = performance.now();
  for (const batch of logBatches(records, end, INSERT_ENTRIES)) await engine.store().logs.insert(batch);
  const seconds = (performance.now() - started) / 1000;
  const compacting = performance.now();
  await engine.store().logs.compact(end + DAY);
  await engine.store().checkpoint();
  return { perSecond: records / seconds, compactSeconds: (performance.now() - compacting) / 1000 };
}

/**
 * The stored rows as CSV, so that the baselines hold exactly the same records (same ids): for PostgreSQL without
 * the search column, for ClickHouse with it. The store is closed meanwhile (one process opens a file once).
 */
export async function exportCsv(engine: DuckDbLogs) {
  await engine.close();
  const files = {
    postgres: path.join(engine.directory, 'postgres.csv'),
    clickhouse: path.join(engine.directory, 'clickhouse.csv'),
  };
  const instance = await DuckDBInstance.create(path.join(engine.directory, 'timeseries.duckdb'));
  const connection = await instance.connect();
  try {
    await connection.run(
      `COPY (SELECT asset_id, ts, seq, level, source, message, fields FROM device_logs) TO '${files.postgres}' (HEADER false)`,
    );
    await connection.run(`COPY device_logs TO '${files.clickhouse}' (HEADER false)`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  await engine.reopen();
  return {
    ...files,
    remove: () => {
      rmSync(files.postgres, { force: true });
      rmSync(files.clickhouse, { force: true });
      return Promise.resolve();
    },
  };
}

export interface ClickHouseLogs extends LogsEngine {
  database: string;
}

export async function openClickHouseLogs(url: string): Promise<ClickHouseLogs | null> {
  if (!(await clickHouseReachable(url))) return null;
  const database = `kelvin_logs_bench_${process.pid}`;
  const store = await openClickHouseStore({ url, database });
  return {
    ...engineOf(
      () => store.logs,
      () => store.diskBytes(),
      async () => {
        await store.dropDatabase();
        await store.close();
      },
    ),
    database,
  };
}

/** The CSV streamed over HTTP into the store's table, then merged to one part a partition (its steady state). */
export async function loadClickHouseCsv(url: string, engine: ClickHouseLogs, file: string): Promise<number> {
  const started = performance.now();
  const post = (query: string, body?: Readable) =>
    new Promise<void>((resolve, reject) => {
      const target = `${url}/?database=${engine.database}&query=${encodeURIComponent(query)}`;
      const outgoing = request(target, { method: 'POST' }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`ClickHouse answered ${text}`)),
        );
      });
      outgoing.on('error', reject);
      if (body) body.on('error', reject).pipe(outgoing);
      else outgoing.end();
    });
  await post('INSERT INTO device_logs FORMAT CSV', createReadStream(file));
  await post('OPTIMIZE TABLE device_logs FINAL');
  return (performance.now() - started) / 1000;
}
