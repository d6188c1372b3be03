import type { DeviceLogEntry } from '../../apps/server/src/platform/timeseries/deviceLogStore.ts';
import { percentile, type Latencies } from '../timeseries/measure.ts';

/**
 * Runs a query until `runs` runs or `maxSeconds` have passed, whichever first, but at least `minRuns` times: a
 * query that takes seconds on one engine must not stretch the whole benchmark. One warm-up run is not counted.
 */
export async function measureWithin(
  run: () => Promise<unknown>,
  { runs = 30, minRuns = 5, maxSeconds = 10 } = {},
): Promise<Latencies> {
  await run();
  const times: number[] = [];
  const started = performance.now();
  while (times.length < minRuns || (times.length < runs && performance.now() - started < maxSeconds * 1000)) {
    const at = performance.now();
    await run();
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), runs: times.length };
}

export interface LogsRow {
  label: string;
  /** Records (or sources) the query answered on our store. */
  found: number;
  /** Whether every engine answered the same records in the same order. */
  agree: boolean;
  duckdb: Latencies;
  postgres: Latencies;
  clickhouse: Latencies | null;
}

const ms = (value: number) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
/** How many times faster than PostgreSQL (above 1: faster; below 1: slower). */
const ratio = (ours: number, baseline: number) => `${(baseline / ours).toFixed(1)}x`;

/** p50 and p99 in milliseconds per engine, and the ratio of PostgreSQL's time to ours. */
export function printLogsTable(rows: readonly LogsRow[]): void {
  const header = [
    'search',
    'found',
    'same',
    'DuckDB p50/p99',
    'PG p50/p99',
    'PG/DuckDB p50, p99',
    'ClickHouse p50/p99',
    'PG/CH p50, p99',
  ];
  const lines = rows.map((row) => [
    row.label,
    String(row.found),
    row.agree ? 'yes' : 'NO',
    `${ms(row.duckdb.p50)} / ${ms(row.duckdb.p99)}`,
    `${ms(row.postgres.p50)} / ${ms(row.postgres.p99)}`,
    `${ratio(row.duckdb.p50, row.postgres.p50)}, ${ratio(row.duckdb.p99, row.postgres.p99)}`,
    row.clickhouse ? `${ms(row.clickhouse.p50)} / ${ms(row.clickhouse.p99)}` : '-',
    row.clickhouse
      ? `${ratio(row.clickhouse.p50, row.postgres.p50)}, ${ratio(row.clickhouse.p99, row.postgres.p99)}`
      : '-',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const render = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(
    'Milliseconds per query (a page of 100, newest first; runs in the same process, one after another):',
  );
  console.log(render(header));
  console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const line of lines) console.log(render(line));
}

/**
 * Records per second while `total` more records arrive `batch` at a time, one batch after another, into a table
 * that already holds the dataset (and, for PostgreSQL, its two indexes).
 */
export async function ingestRate(
  insert: (entries: readonly DeviceLogEntry[]) => Promise<void>,
  batches: Iterable<DeviceLogEntry[]>,
): Promise<number> {
  let records = 0;
  const started = performance.now();
  for (const batch of batches) {
    await insert(batch);
    records += batch.length;
  }
  return records / ((performance.now() - started) / 1000);
}
