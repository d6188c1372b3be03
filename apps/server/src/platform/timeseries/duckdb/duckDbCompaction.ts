import { DAY_MS } from '@kelvin/domain';
import type { DuckDBConnection } from '@duckdb/node-api';
import { DUCKDB_ROLLUP_COLUMNS } from '../sql/dialect.ts';
import { RAW_TABLE, ROLLUP_TABLES } from '../sql/pointSql.ts';
import {
  COMPACTION_PERIOD_MS,
  DAYS_TABLE,
  DIRTY_TABLE,
  foldedRollupColumns,
  ROLLUPS,
} from './duckDbSchema.ts';
import { compactTilesSql } from './duckDbTiles.ts';
import type { Serialized } from './writerQueue.ts';

const HOURS_PER_DAY = DAY_MS / COMPACTION_PERIOD_MS;
/** Points per compaction transaction: a few seconds of work and a few hundred megabytes of temporary data. */
export const COMPACTION_RUN_POINTS = 20_000_000;
/**
 * A closed day is rewritten whole only while it is recent (closed at most this many days ago, so that a job that
 * missed a day catches up). Points that arrive later for an older day are compacted by the hour: rewriting every
 * series of a past day for one unit's upload would cost far more than the bytes it saves.
 */
const WHOLE_DAY_WINDOW_DAYS = 2;

/**
 * A transaction's worth of compaction: hours [first, last], all series or only the assets in `assets` (a day too
 * big for one transaction is rewritten in asset ranges, in asset order, so the day still ends up sorted).
 */
export interface CompactionRun {
  first: number;
  last: number;
  assets?: { min: number; max: number } | undefined;
  /** The last run over its hours clears their dirty marks, and for whole days marks the days sorted. */
  completes: 'hours' | 'days' | null;
}

/**
 * Rewrites a run sorted by series and folds its rollup partials to one row per bucket. Batches arrive interleaved
 * (every series, a few minutes at a time) and are appended as they come; sorted, zone maps on asset_id and
 * metric_id prune row groups, and each column compresses as one series rather than a mix. Row groups left fully
 * deleted are dropped at the next checkpoint. Runs are rewritten whole (up to a size) rather than hour by hour: a
 * sparse hour alone would make a tiny row group, and hours sharing a row group would leave it half deleted.
 */
export function compactRunSql(run: CompactionRun): string[] {
  const from = run.first * COMPACTION_PERIOD_MS;
  const to = (run.last + 1) * COMPACTION_PERIOD_MS;
  const assets = run.assets ? ` AND asset_id >= ${run.assets.min} AND asset_id <= ${run.assets.max}` : '';
  const completion =
    run.completes === null
      ? []
      : [`DELETE FROM ${DIRTY_TABLE} WHERE period >= ${run.first} AND period <= ${run.last}`];
  if (run.completes === 'days')
    completion.push(
      `UPDATE ${DAYS_TABLE} SET sorted = true
      WHERE day >= ${run.first / HOURS_PER_DAY} AND day <= ${(run.last + 1) / HOURS_PER_DAY - 1}`,
    );
  return [
    'BEGIN TRANSACTION',
    `CREATE OR REPLACE TEMP TABLE ts_compact_raw AS
    SELECT * FROM ${RAW_TABLE} WHERE ts >= ${from} AND ts < ${to}${assets}`,
    `DELETE FROM ${RAW_TABLE} WHERE ts >= ${from} AND ts < ${to}${assets}`,
    `INSERT INTO ${RAW_TABLE} SELECT * FROM ts_compact_raw ORDER BY asset_id, metric_id, ts`,
    ...ROLLUPS.flatMap(([table]) => [
      `CREATE OR REPLACE TEMP TABLE ts_compact_rollup AS
      SELECT asset_id, metric_id, bucket, ${foldedRollupColumns(DUCKDB_ROLLUP_COLUMNS)}
      FROM ${table} WHERE bucket >= ${from} AND bucket < ${to}${assets}
      GROUP BY asset_id, metric_id, bucket`,
      `DELETE FROM ${table} WHERE bucket >= ${from} AND bucket < ${to}${assets}`,
      `INSERT INTO ${table} SELECT * FROM ts_compact_rollup ORDER BY asset_id, metric_id, bucket`,
    ]),
    ...compactTilesSql(from, to, assets),
    ...completion,
    'COMMIT',
    'DROP TABLE ts_compact_raw',
    'DROP TABLE ts_compact_rollup',
  ];
}

/**
 * Items grouped into runs of at most COMPACTION_RUN_POINTS (a single bigger item is a run of its own), a run
 * continuing only while `continues(previous, next)`.
 */
export function boundedRuns<T extends { points: number }>(
  items: readonly T[],
  continues: (previous: T, next: T) => boolean,
  runPoints = COMPACTION_RUN_POINTS,
): T[][] {
  const runs: { items: T[]; points: number }[] = [];
  for (const item of items) {
    const current = runs.at(-1);
    const previous = current?.items.at(-1);
    if (current && previous && continues(previous, item) && current.points + item.points <= runPoints) {
      current.items.push(item);
      current.points += item.points;
    } else {
      runs.push({ items: [item], points: item.points });
    }
  }
  return runs.map((run) => run.items);
}

/** Consecutive periods (hours or days) grouped into runs of bounded size. */
export function compactionRuns(
  periods: readonly { period: number; points: number }[],
  runPoints = COMPACTION_RUN_POINTS,
): { first: number; last: number }[] {
  return boundedRuns(periods, (previous, next) => next.period === previous.period + 1, runPoints).map(
    (run) => ({
      first: run[0]?.period ?? 0,
      last: run.at(-1)?.period ?? 0,
    }),
  );
}

/** Rows of (key, points): periods or assets with their point counts, read from the small hour rollup. */
type Counted = { period: number; points: number };
export interface CompactionAccess {
  read(sql: string): Promise<Counted[]>;
  /** Runs statements in the writer queue, rolling back if one fails. */
  write(statements: readonly string[]): Promise<void>;
  /** The size of a run; COMPACTION_RUN_POINTS but in tests. */
  runPoints: number;
}

/** Compaction's reads on a reader connection and its writes on the writer, in the writer's queue. */
export function createCompactionAccess(
  writer: DuckDBConnection,
  withReader: <T>(work: (connection: DuckDBConnection) => Promise<T>) => Promise<T>,
  serialized: Serialized,
  runPoints = COMPACTION_RUN_POINTS,
): CompactionAccess {
  return {
    read: (sql) =>
      withReader(async (connection) =>
        (await connection.runAndReadAll(sql))
          .getRows()
          .map(([period, points]) => ({ period: Number(period), points: Number(points) })),
      ),
    write: (statements) =>
      serialized(async () => {
        try {
          for (const sql of statements) await writer.run(sql);
        } catch (error) {
          await writer.run('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    runPoints,
  };
}

/**
 * The points stored in each of `periods` (ascending), counted from the hour rollup over their span only: a range
 * the rollup's zone maps prune, where a join on the period would read all of it.
 */
async function pointsPerPeriod(
  access: CompactionAccess,
  periods: readonly number[],
  periodMs: number,
): Promise<Counted[]> {
  const first = periods[0];
  const last = periods.at(-1);
  if (first === undefined || last === undefined) return [];
  const counted = await access.read(`SELECT bucket // ${periodMs} AS period, sum(count_value) AS points
    FROM ${ROLLUP_TABLES.hour} WHERE bucket >= ${first * periodMs} AND bucket < ${(last + 1) * periodMs}
    GROUP BY period`);
  const points = new Map(counted.map((row) => [row.period, row.points]));
  return periods.map((period) => ({ period, points: points.get(period) ?? 0 }));
}

/** Runs that rewrite each recently closed, unsorted day whole: consecutive days together, a big day by assets. */
export async function wholeDayRuns(access: CompactionAccess, today: number): Promise<CompactionRun[]> {
  const unsorted = (
    await access.read(`SELECT day, 0 FROM ${DAYS_TABLE} WHERE NOT sorted AND day < ${today} ORDER BY day`)
  ).map((row) => row.period);
  const stale = unsorted.filter((day) => day < today - WHOLE_DAY_WINDOW_DAYS);
  if (stale.length > 0)
    await access.write([`UPDATE ${DAYS_TABLE} SET sorted = true WHERE day IN (${stale.join(', ')})`]);
  const recent = await pointsPerPeriod(
    access,
    unsorted.filter((day) => day >= today - WHOLE_DAY_WINDOW_DAYS),
    DAY_MS,
  );
  const runs: CompactionRun[] = [];
  for (const days of compactionRuns(recent, access.runPoints)) {
    const hours = { first: days.first * HOURS_PER_DAY, last: (days.last + 1) * HOURS_PER_DAY - 1 };
    const points = recent.find((day) => day.period === days.first)?.points ?? 0;
    if (days.first < days.last || points <= access.runPoints) {
      runs.push({ ...hours, completes: 'days' });
      continue;
    }
    const from = hours.first * COMPACTION_PERIOD_MS;
    const assets = boundedRuns(
      await access.read(`SELECT asset_id AS period, sum(count_value) AS points FROM ${ROLLUP_TABLES.hour}
        WHERE bucket >= ${from} AND bucket < ${from + DAY_MS} GROUP BY asset_id ORDER BY asset_id`),
      () => true,
      access.runPoints,
    );
    assets.forEach((range, index) =>
      runs.push({
        ...hours,
        assets: { min: range[0]?.period ?? 0, max: range.at(-1)?.period ?? 0 },
        completes: index === assets.length - 1 ? 'days' : null,
      }),
    );
  }
  return runs;
}

/**
 * DuckDB's periodic compaction: recently closed days are rewritten whole, sorted by series (2 Hz data takes
 * ~0.25 bytes a point so, against ~1.1 sorted hour by hour, where every row group mixes a dozen series), then
 * dirty closed hours of the day still open are sorted by the hour, so that the last hours are prunable by series
 * soon after they arrive. One run per turn of the writer queue, so that ingest is not held up for the backlog.
 * Says how many whole-day runs it wrote: they are what frees much of the file (duckDbReclaim.ts).
 */
export async function compactDuckDb(access: CompactionAccess, now: number): Promise<{ dayRuns: number }> {
  const dayRuns = await wholeDayRuns(access, Math.floor(now / DAY_MS));
  for (const run of dayRuns) await access.write(compactRunSql(run));
  const closedHour = Math.floor(now / COMPACTION_PERIOD_MS);
  const dirtyHours = await access.read(
    `SELECT DISTINCT period, 0 FROM ${DIRTY_TABLE} WHERE period < ${closedHour} ORDER BY period`,
  );
  const dirty = await pointsPerPeriod(
    access,
    dirtyHours.map((row) => row.period),
    COMPACTION_PERIOD_MS,
  );
  for (const run of compactionRuns(dirty, access.runPoints))
    await access.write(compactRunSql({ ...run, completes: 'hours' }));
  return { dayRuns: dayRuns.length };
}
