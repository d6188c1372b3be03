import type { DuckDBConnection } from '@duckdb/node-api';
import { RAW_TABLE } from '../sql/pointSql.ts';
import { seriesKey } from '../rawSeriesCache.ts';
import type { PointColumns } from '../timeSeriesStore.ts';

/** What the writer did while a snapshot was being read: commits to merge, and retention to apply again. */
export interface MissedWrites {
  batches: PointColumns[];
  rawCutoff: number | null;
  hourCutoff: number | null;
}

export interface SnapshotLoader {
  /**
   * Reads with `read` in a snapshot taken between two commits, without holding up the writer while it reads,
   * then runs `install` in the writer queue with what was committed since the snapshot: what a cache installs
   * from the two together is exact, and no commit can fall between install and the commits it follows next.
   */
  load<T, R>(
    read: (connection: DuckDBConnection) => Promise<T>,
    install: (result: T, missed: MissedWrites) => R,
  ): Promise<R>;
  /** In the writer queue, after each commit. */
  committed(columns: PointColumns): void;
  /** In the writer queue, after retention deleted points before these times. */
  trimmed(cutoffs: { raw: number; hour: number }): void;
}

export function createSnapshotLoader(
  withReader: <T>(work: (connection: DuckDBConnection) => Promise<T>) => Promise<T>,
  serialized: <T>(work: () => Promise<T>) => Promise<T>,
  /** Tests only: runs after the snapshot is taken and before it is read, e.g. to commit points meanwhile. */
  beforeRead?: () => Promise<void>,
): SnapshotLoader {
  const open = new Set<MissedWrites>();
  return {
    load<T, R>(
      read: (connection: DuckDBConnection) => Promise<T>,
      install: (result: T, missed: MissedWrites) => R,
    ): Promise<R> {
      return withReader(async (connection) => {
        const missed: MissedWrites = { batches: [], rawCutoff: null, hourCutoff: null };
        await serialized(async () => {
          // DuckDB takes a transaction's snapshot when it first reads the database, not at BEGIN.
          await connection.run('BEGIN TRANSACTION');
          await connection.run(`SELECT 1 FROM ${RAW_TABLE} LIMIT 0`);
          open.add(missed);
        });
        let result: T;
        try {
          await beforeRead?.();
          result = await read(connection);
          await connection.run('COMMIT');
        } catch (error) {
          open.delete(missed);
          await connection.run('ROLLBACK').catch(() => undefined);
          throw error;
        }
        return serialized(() => {
          open.delete(missed);
          return Promise.resolve(install(result, missed));
        });
      });
    },
    committed(columns) {
      for (const missed of open) missed.batches.push(columns);
    },
    trimmed(cutoffs) {
      for (const missed of open) {
        missed.rawCutoff = cutoffs.raw;
        missed.hourCutoff = cutoffs.hour;
      }
    },
  };
}

/** The points of `missed` batches that belong to the given series (seriesKey), as one batch. */
export function missedPointsOf(missed: MissedWrites, keys: ReadonlySet<number>): PointColumns {
  const batches = missed.batches;
  let total = 0;
  for (const batch of batches) total += batch.timestamps.length;
  const out: PointColumns = {
    assetIds: new Int32Array(total),
    metricIds: new Int32Array(total),
    timestamps: new Float64Array(total),
    values: new Float64Array(total),
    statuses: new Int32Array(total),
  };
  let length = 0;
  for (const batch of batches) {
    for (let index = 0; index < batch.timestamps.length; index++) {
      const assetId = batch.assetIds[index] ?? 0;
      const metricId = batch.metricIds[index] ?? 0;
      if (!keys.has(seriesKey(assetId, metricId))) continue;
      out.assetIds[length] = assetId;
      out.metricIds[length] = metricId;
      out.timestamps[length] = batch.timestamps[index] ?? 0;
      out.values[length] = batch.values[index] ?? 0;
      out.statuses[length] = batch.statuses[index] ?? 0;
      length++;
    }
  }
  return {
    assetIds: out.assetIds.slice(0, length),
    metricIds: out.metricIds.slice(0, length),
    timestamps: out.timestamps.slice(0, length),
    values: out.values.slice(0, length),
    statuses: out.statuses.slice(0, length),
  };
}

/**
 * Brings a cache's newly installed series (`keys`) up to what the writer did while their snapshot was read. A
 * cache that cannot follow is emptied, never left stale.
 */
export function followMissedWrites(
  cache: { apply(columns: PointColumns): void; trimBefore(cutoff: number): void; clear(): void },
  missed: MissedWrites,
  keys: ReadonlySet<number>,
  cutoff: number | null,
): void {
  try {
    if (keys.size > 0 && missed.batches.length > 0) cache.apply(missedPointsOf(missed, keys));
    if (cutoff !== null) cache.trimBefore(cutoff);
  } catch {
    cache.clear();
  }
}
