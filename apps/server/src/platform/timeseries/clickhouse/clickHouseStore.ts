import { createClient } from '@clickhouse/client';
import { chooseSource } from '@kelvin/domain';
import { z } from 'zod';
import { pointColumnsProblem, pointProblem, toPointColumns } from '../points.ts';
import { detailProblem } from '../readingDetails.ts';
import { runRegionsQuery, runTimeSeriesQuery, type SqlEngine } from '../queryExecution.ts';
import { clickHouseDialect } from '../sql/dialect.ts';
import type {
  InsertOptions,
  InsertResult,
  PointColumns,
  RetentionPolicy,
  TimeSeriesPoint,
  TimeSeriesStore,
} from '../timeSeriesStore.ts';
import { CLICKHOUSE_BATCHES_SCHEMA_SQL, createClickHouseBatchLog } from './clickHouseBatches.ts';
import { telemetryBatch } from './clickHouseIngestRows.ts';
import { insertDetails, latestFromClickHouse } from './clickHouseLatest.ts';
import {
  selectNumberColumns,
  selectPointRows,
  selectPointRowsBinary,
  selectSlotRows,
} from './clickHouseRows.ts';
import { createClickHouseHourCache } from './clickHouseHourCache.ts';
import { createClickHouseSeriesCache } from './clickHouseSeriesCache.ts';
import { CLICKHOUSE_LOGS_SCHEMA_SQL, createClickHouseLogStore } from './clickHouseLogs.ts';
import {
  CLICKHOUSE_SCHEMA_SQL,
  DISK_BYTES_SQL,
  INGEST_TABLE,
  PENDING_MUTATIONS_SQL,
  retentionSql,
} from './clickHouseSchema.ts';

export interface ClickHouseStoreOptions {
  url: string;
  /** Created when missing; tests use one of their own. */
  database?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  /** Memory for raw series of refreshing charts (clickHouseSeriesCache.ts); 0 turns the cache off. */
  seriesCacheBytes?: number | undefined;
}

/** A day of 2 Hz points is 3.5 MB a series: room for the charts a process serves at once. */
const DEFAULT_SERIES_CACHE_BYTES = 256 * 1024 * 1024;

export interface ClickHouseTimeSeriesStore extends TimeSeriesStore {
  readonly kind: 'clickhouse';
  /** Drops the store's database (tests and benchmarks clean up with it). */
  dropDatabase(): Promise<void>;
  /** Bytes of the store's active parts on disk (the benchmark's bytes per point). */
  diskBytes(): Promise<number>;
}

// 64-bit integers come back quoted in JSON; all of ours fit a double exactly.
const numeric = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i)
    .transform(Number),
]);
const pendingRow = z.object({ pending: numeric });

/** Rows per INSERT: bounded so that one request body stays a few tens of megabytes. */
const INSERT_ROWS = 200_000;

export async function openClickHouseStore(
  options: ClickHouseStoreOptions,
): Promise<ClickHouseTimeSeriesStore> {
  const database = options.database ?? 'kelvin';
  if (!/^[a-z_][a-z0-9_]*$/i.test(database)) throw new Error(`Invalid ClickHouse database name ${database}`);
  const credentials = { username: options.username ?? 'default', password: options.password ?? '' };
  const admin = createClient({ url: options.url, ...credentials });
  try {
    await admin.command({ query: `CREATE DATABASE IF NOT EXISTS ${database}` });
  } finally {
    await admin.close();
  }
  // The server closes idle keep-alive sockets after 3 s (18.16's keep_alive_timeout); reusing one just then
  // fails the request with EPIPE, so the client retires its idle sockets well before, and also when a busy event
  // loop let the timer that would retire one run late (a benchmark died of EPIPE so, on a loaded machine).
  const client = createClient({
    url: options.url,
    database,
    ...credentials,
    keep_alive: { idle_socket_ttl: 1000, eagerly_destroy_stale_sockets: true },
    // DROP DATABASE and big inserts can outlast the default 30 s on a busy 2-core machine (above 60 s the client
    // warns unless progress headers are on, which 18.16 sends differently).
    request_timeout: 60_000,
  });
  for (const sql of [
    ...CLICKHOUSE_SCHEMA_SQL,
    ...CLICKHOUSE_BATCHES_SCHEMA_SQL,
    ...CLICKHOUSE_LOGS_SCHEMA_SQL,
  ])
    await client.command({ query: sql });
  const batches = createClickHouseBatchLog({ url: options.url, database, ...credentials });

  const select = async (sql: string): Promise<unknown[]> => {
    const result = await client.query({ query: sql, format: 'JSONEachRow' });
    return z.array(z.unknown()).parse(await result.json());
  };
  const cacheBytes = options.seriesCacheBytes ?? DEFAULT_SERIES_CACHE_BYTES;
  const selectNumbers = (sql: string, count: number) => selectNumberColumns(client, sql, count);
  // Three quarters for raw points, a quarter for hour buckets, as on DuckDB.
  const seriesCache =
    cacheBytes > 0
      ? createClickHouseSeriesCache(
          selectNumbers,
          (sql) => selectPointRowsBinary(client, sql),
          Math.floor(cacheBytes * 0.75),
        )
      : null;
  const hourCache =
    cacheBytes > 0 ? createClickHouseHourCache(selectNumbers, Math.floor(cacheBytes / 4)) : null;
  const engine: SqlEngine = {
    dialect: clickHouseDialect,
    selectPoints: (sql) => selectPointRows(client, sql),
    selectSlots: (sql) => selectSlotRows(client, sql),
    selectRawM4: (selection, width) => seriesCache?.rawM4(selection, width) ?? Promise.resolve(null),
    selectAggregatedM4: (query, width) =>
      hourCache && chooseSource(query.intervalMs, query.aggregation) === 'hour'
        ? hourCache.hourM4(query, width)
        : Promise.resolve(null),
  };

  const writeColumns = async (columns: PointColumns): Promise<void> => {
    for (let offset = 0; offset < columns.timestamps.length; offset += INSERT_ROWS) {
      const end = Math.min(offset + INSERT_ROWS, columns.timestamps.length);
      const values = [];
      for (let index = offset; index < end; index++) {
        values.push({
          asset_id: columns.assetIds[index],
          metric_id: columns.metricIds[index],
          ts: columns.timestamps[index],
          value: columns.values[index],
          status: columns.statuses[index],
        });
      }
      await client.insert({ table: INGEST_TABLE, values, format: 'JSONEachRow' });
    }
  };
  const insertBatch = async (columns: PointColumns, options: InsertOptions = {}): Promise<InsertResult> => {
    const details = options.details ?? [];
    const problem =
      pointColumnsProblem(columns) ?? details.map(detailProblem).find((found) => found !== null);
    if (problem) throw new Error(problem);
    if (options.batchId !== undefined) {
      // Points, details and the id in one INSERT, however many points: split, it would reopen the crash window.
      return batches.insert(options.batchId, telemetryBatch(columns, details));
    }
    await writeColumns(columns);
    await insertDetails(client, details);
    return { duplicate: false };
  };

  return {
    kind: 'clickhouse',
    logs: createClickHouseLogStore(client, batches, () => waitForMutations(select)),
    insertColumns: insertBatch,
    insert: async (points: readonly TimeSeriesPoint[], options?: InsertOptions) => {
      const problem = points.map(pointProblem).find((found) => found !== null);
      if (problem) throw new Error(problem);
      return insertBatch(toPointColumns(points), options);
    },
    query: (query) => runTimeSeriesQuery(engine, query),
    regions: (query) => runRegionsQuery(engine, query),
    latest: (since) => latestFromClickHouse(select, (sql) => engine.selectPoints(sql), since),
    applyRetention: async (policy: RetentionPolicy) => {
      const now = policy.now ?? Date.now();
      const cutoffs = { raw: now - policy.rawMs, minute: now - policy.minuteMs, hour: now - policy.hourMs };
      for (const sql of [...retentionSql(cutoffs), batches.retentionSql(now)]) {
        await client.command({ query: sql });
      }
      await waitForMutations(select);
      seriesCache?.clear();
      hourCache?.clear();
    },
    compact: () => Promise.resolve(),
    diskBytes: async () => {
      const [row] = z.array(z.object({ bytes: numeric })).parse(await select(DISK_BYTES_SQL));
      return row?.bytes ?? 0;
    },
    dropDatabase: async () => {
      await client.command({ query: `DROP DATABASE IF EXISTS ${database}` });
    },
    close: () => client.close(),
  };
}

async function waitForMutations(select: (sql: string) => Promise<unknown[]>): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const [row] = z.array(pendingRow).parse(await select(PENDING_MUTATIONS_SQL));
    if (!row || row.pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('ClickHouse retention mutations did not finish within 30 s');
}

/** Whether a ClickHouse server answers at `url` (tests skip, or fail under KELVIN_REQUIRE_SERVICES=1). */
export async function clickHouseReachable(url: string): Promise<boolean> {
  const client = createClient({ url, request_timeout: 2000 });
  try {
    return (await client.ping()).success;
  } catch {
    return false;
  } finally {
    await client.close();
  }
}
