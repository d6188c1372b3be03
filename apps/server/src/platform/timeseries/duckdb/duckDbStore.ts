import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { chooseSource, HOUR_MS } from '@kelvin/domain';
import { pointColumnsProblem, pointProblem, toPointColumns } from '../points.ts';
import { detailProblem } from '../readingDetails.ts';
import { runRegionsQuery, runTimeSeriesQuery, type SqlEngine } from '../queryExecution.ts';
import { duckDbDialect } from '../sql/dialect.ts';
import { orderedSql, type SeriesSelection } from '../sql/pointSql.ts';
import type {
  InsertOptions,
  InsertResult,
  PointColumns,
  RetentionPolicy,
  TimeSeriesPoint,
  TimeSeriesStore,
} from '../timeSeriesStore.ts';
import { createRawSeriesCache } from '../rawSeriesCache.ts';
import { createRollupSeriesCache } from '../rollupSeriesCache.ts';
import { cachedRawM4 } from './duckDbCachedM4.ts';
import { cachedHourM4 } from './duckDbCachedRollupM4.ts';
import { compactDuckDb, createCompactionAccess } from './duckDbCompaction.ts';
import { latestFromDuckDb } from './duckDbLatest.ts';
import { createDuckDbLogStore, DUCKDB_LOGS_SCHEMA_SQL } from './duckDbLogs.ts';
import { createGroupCommit } from './duckDbGroupCommit.ts';
import { reclaimFreeBlocks, type ReclaimOptions, type ReclaimResult } from './duckDbReclaim.ts';
import { createSnapshotLoader } from './duckDbSnapshotLoad.ts';
import { tiledRawM4Sql, untiledHoursSql } from './duckDbTileM4.ts';
import { BACKFILL_TILES_SQL, STAGE_TILES_SCHEMA_SQL, TILES_NEED_BACKFILL_SQL } from './duckDbTiles.ts';
import { selectPointRows, selectSlotRows } from './duckDbRows.ts';
import {
  BATCH_ID_RETENTION_MS,
  DUCKDB_SCHEMA_SQL,
  retentionSql,
  ROLLUP_NULLABLE_SQL,
} from './duckDbSchema.ts';
import { createWriterQueue } from './writerQueue.ts';

export interface DuckDbStoreOptions {
  /** Directory of `timeseries.duckdb`; in memory when absent (tests). */
  directory?: string | undefined;
  /** DuckDB worker threads; defaults to the number of cores. */
  threads?: number | undefined;
  /** DuckDB's memory_limit in MB; DuckDB's default (80% of the machine) when absent. */
  memoryLimitMb?: number | undefined;
  /** Memory for raw points of recently charted series (rawSeriesCache.ts); 0 turns the cache off. */
  seriesCacheBytes?: number | undefined;
  /** Whether compaction ends by giving freed blocks back to the file system (duckDbReclaim.ts); default true. */
  reclaimFreeBlocks?: boolean | undefined;
  /** Tests only: runs while a cache load's snapshot is open, before it is read (duckDbSnapshotLoad.ts). */
  beforeSnapshotRead?: () => Promise<void>;
}

export const DEFAULT_SERIES_CACHE_BYTES = 256 * 1024 * 1024;

export interface DuckDbTimeSeriesStore extends TimeSeriesStore {
  readonly kind: 'duckdb';
  readonly filePath: string | null;
  /** Writes the WAL into the database file (the benchmark measures the file after this). */
  checkpoint(): Promise<void>;
  /** Bytes in use inside the file: the file keeps blocks freed by compaction and retention for reuse. */
  usedBytes(): Promise<number>;
  /** Moves the row groups at the file's tail into its free blocks and truncates it (duckDbReclaim.ts). */
  reclaimSpace(options?: ReclaimOptions): Promise<ReclaimResult | null>;
  /** DuckDB's own memory_limit and threads, as it reports them (the limit as text, e.g. '768.0 MiB'). */
  engineSettings(): Promise<{ memoryLimit: string; threads: number }>;
  /** What the in-memory series cache holds. */
  seriesCache(): { series: number; bytes: number; hourSeries: number };
}

/** Readers beyond this wait; DuckDB parallelises each query over its threads anyway. */
const MAX_READERS = 4;
const ENGINE_SETTINGS_SQL = "SELECT current_setting('memory_limit'), current_setting('threads')";
const USED_BYTES_SQL = 'SELECT used_blocks * block_size FROM pragma_database_size()';

/** DuckDB's settings at open: only those given, so that tests and benchmarks keep DuckDB's defaults. */
function engineSettings(options: DuckDbStoreOptions): Record<string, string> {
  const settings: Record<string, string> = {};
  if (options.threads) settings.threads = String(options.threads);
  if (options.memoryLimitMb) settings.memory_limit = `${options.memoryLimitMb}MiB`;
  return settings;
}

export async function openDuckDbStore(options: DuckDbStoreOptions = {}): Promise<DuckDbTimeSeriesStore> {
  const filePath = options.directory ? path.join(options.directory, 'timeseries.duckdb') : null;
  if (options.directory) mkdirSync(options.directory, { recursive: true });
  const instance = await DuckDBInstance.create(filePath ?? ':memory:', engineSettings(options));
  const writer = await instance.connect();
  await writer.run(DUCKDB_SCHEMA_SQL);
  await writer.run(ROLLUP_NULLABLE_SQL);
  await writer.run(STAGE_TILES_SCHEMA_SQL);
  await writer.run(DUCKDB_LOGS_SCHEMA_SQL);
  const [needsTiles] = (await writer.runAndReadAll(TILES_NEED_BACKFILL_SQL)).getRows();
  if (needsTiles?.[0] === true) await writer.run(BACKFILL_TILES_SQL);

  const idle: DuckDBConnection[] = [];
  const waiting: ((connection: DuckDBConnection) => void)[] = [];
  let opened = 0;
  const withReader = async <T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> => {
    let connection = idle.pop();
    if (!connection && opened < MAX_READERS) {
      opened += 1;
      connection = await instance.connect();
    }
    connection ??= await new Promise<DuckDBConnection>((resolve) => waiting.push(resolve));
    try {
      return await work(connection);
    } finally {
      const next = waiting.shift();
      if (next) next(connection);
      else idle.push(connection);
    }
  };
  // One writer: the stage-tiles table belongs to its connection, and groups must not interleave in it.
  const serialized = createWriterQueue();

  const cacheBytes = options.seriesCacheBytes ?? DEFAULT_SERIES_CACHE_BYTES;
  // Three quarters for raw points (a day at 2 Hz is 3.5 MB a metric), a quarter for hour buckets (two years are
  // 0.9 MB a metric).
  const loader = createSnapshotLoader(withReader, serialized, options.beforeSnapshotRead);
  const cache = cacheBytes > 0 ? createRawSeriesCache(Math.floor(cacheBytes * 0.75)) : null;
  const hourCache = cacheBytes > 0 ? createRollupSeriesCache(Math.floor(cacheBytes / 4), HOUR_MS) : null;
  // When series were last asked for, per cache (admission on a second ask).
  const asked = new Map<string, number>();
  const askedHourly = new Map<string, number>();
  const engine: SqlEngine = {
    dialect: duckDbDialect,
    selectPoints: (sql) => withReader((connection) => selectPointRows(connection, sql)),
    selectSlots: (sql) => withReader((connection) => selectSlotRows(connection, sql)),
    // Charts that refresh are answered from memory; the rest from tiles and raw points in the database.
    selectRawM4: async (selection, width) => {
      const fromCache = cache
        ? await cachedRawM4(
            { cache, asked, budgetBytes: Math.floor(cacheBytes * 0.75), withReader, loader },
            selection,
            width,
          )
        : null;
      return fromCache ?? tiledRawM4(selection, width);
    },
    selectAggregatedM4: async (query, width) =>
      hourCache && chooseSource(query.intervalMs, query.aggregation) === 'hour'
        ? cachedHourM4(
            {
              cache: hourCache,
              asked: askedHourly,
              budgetBytes: Math.floor(cacheBytes / 4),
              withReader,
              loader,
            },
            query,
            width,
          )
        : null,
  };

  // One transaction, so that the untiled hours and the tiles are read from the same snapshot (a compaction in
  // between could otherwise move an hour from tiles to raw under the query).
  const tiledRawM4 = (selection: SeriesSelection, width: number) =>
    withReader(async (connection) => {
      await connection.run('BEGIN TRANSACTION');
      try {
        const marks = (await connection.runAndReadAll(untiledHoursSql(selection))).getRows();
        const sql = tiledRawM4Sql(
          selection,
          width,
          marks.map(([assetId, metricId, hour]) => ({
            assetId: Number(assetId),
            metricId: Number(metricId),
            hour: Number(hour),
          })),
        );
        const rows = sql === null ? null : await selectPointRows(connection, orderedSql(sql, true));
        await connection.run('COMMIT');
        return rows;
      } catch (error) {
        await connection.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });

  const compaction = createCompactionAccess(writer, withReader, serialized);

  const commitInGroup = createGroupCommit(writer, serialized, (columns) => {
    // The points are committed whatever happens here: a cache that could not follow is emptied, never stale.
    for (const held of [cache, hourCache]) {
      try {
        held?.apply(columns);
      } catch {
        held?.clear();
      }
    }
    loader.committed(columns);
  });
  const insertBatch = async (columns: PointColumns, options: InsertOptions = {}): Promise<InsertResult> => {
    const details = options.details ?? [];
    const problem =
      pointColumnsProblem(columns) ?? details.map(detailProblem).find((found) => found !== null);
    if (problem) throw new Error(problem);
    if (columns.timestamps.length === 0 && options.batchId === undefined && details.length === 0)
      return { duplicate: false };
    return commitInGroup(columns, options.batchId, details);
  };

  return {
    kind: 'duckdb',
    filePath,
    logs: createDuckDbLogStore({ writer, serialized, withReader }),
    insertColumns: insertBatch,
    insert: async (points: readonly TimeSeriesPoint[], options?: InsertOptions) => {
      const problem = points.map(pointProblem).find((found) => found !== null);
      if (problem) throw new Error(problem);
      return insertBatch(toPointColumns(points), options);
    },
    query: (query) => runTimeSeriesQuery(engine, query),
    regions: (query) => runRegionsQuery(engine, query),
    latest: (since) => withReader((connection) => latestFromDuckDb(connection, since)),
    applyRetention: (policy: RetentionPolicy) =>
      serialized(async () => {
        const now = policy.now ?? Date.now();
        const cutoffs = {
          raw: now - policy.rawMs,
          minute: now - policy.minuteMs,
          hour: now - policy.hourMs,
          batches: now - BATCH_ID_RETENTION_MS,
        };
        for (const sql of retentionSql(cutoffs)) await writer.run(sql);
        cache?.trimBefore(cutoffs.raw);
        hourCache?.trimBefore(cutoffs.hour);
        loader.trimmed(cutoffs);
      }),
    compact: async (now = Date.now()) => {
      const { dayRuns } = await compactDuckDb(compaction, now);
      // After a day's rewrite only: that frees most of a day's blocks at once. Hour rewrites free an hour that the
      // next hour's points refill, and moving data every hour left partly filled blocks behind (more in use).
      if (filePath && dayRuns > 0 && options.reclaimFreeBlocks !== false)
        await reclaimFreeBlocks(writer, serialized, filePath);
    },
    reclaimSpace: (reclaimOptions) =>
      filePath ? reclaimFreeBlocks(writer, serialized, filePath, reclaimOptions) : Promise.resolve(null),
    seriesCache: () => ({
      series: cache?.size ?? 0,
      bytes: cache?.bytes ?? 0,
      hourSeries: hourCache?.size ?? 0,
    }),
    usedBytes: () =>
      withReader(async (connection) => {
        const [row] = (await connection.runAndReadAll(USED_BYTES_SQL)).getRows();
        return Number(row?.[0] ?? 0);
      }),
    engineSettings: () =>
      withReader(async (connection) => {
        const [row] = (await connection.runAndReadAll(ENGINE_SETTINGS_SQL)).getRows();
        return { memoryLimit: String(row?.[0] ?? ''), threads: Number(row?.[1] ?? 0) };
      }),
    checkpoint: () =>
      serialized(async () => {
        await writer.run('CHECKPOINT');
      }),
    close: () =>
      serialized(() => {
        cache?.clear();
        hourCache?.clear();
        for (const connection of idle) connection.closeSync();
        writer.closeSync();
        instance.closeSync();
        return Promise.resolve();
      }),
  };
}
