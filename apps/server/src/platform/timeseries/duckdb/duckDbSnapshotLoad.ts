import type { DuckDBConnection } from '@duckdb/node-api';
import { RAW_TABLE } from '../sql/pointSql.ts';
import { seriesKey } from '../rawSeriesCache.ts';
import type { PointColumns } from '../timeSeriesStore.ts';
import type { Serialized } from './writerQueue.ts';

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
  serialized: Serialized,
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

/** The rows of `batch` that belong to the given series (seriesKey); null when none do. */
export function rowsOfSeries(batch: PointColumns, keys: ReadonlySet<number>): PointColumns | null {
  const rows: number[] = [];
  for (let index = 0; index < batch.timestamps.length; index++) {
    if (keys.has(seriesKey(batch.assetIds[index] ?? 0, batch.metricIds[index] ?? 0))) rows.push(index);
  }
  if (rows.length === 0) return null;
  const pick = <T extends Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer>>(column: T, into: T): T => {
    rows.forEach((row, at) => {
      into[at] = column[row] ?? 0;
    });
    return into;
  };
  return {
    assetIds: pick(batch.assetIds, new Int32Array(rows.length)),
    metricIds: pick(batch.metricIds, new Int32Array(rows.length)),
    timestamps: pick(batch.timestamps, new Float64Array(rows.length)),
    values: pick(batch.values, new Float64Array(rows.length)),
    statuses: pick(batch.statuses, new Int32Array(rows.length)),
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
    if (keys.size > 0) {
      for (const batch of missed.batches) {
        const rows = rowsOfSeries(batch, keys);
        if (rows) cache.apply(rows);
      }
    }
    if (cutoff !== null) cache.trimBefore(cutoff);
  } catch {
    cache.clear();
  }
}
