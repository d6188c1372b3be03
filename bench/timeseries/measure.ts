/** Latency figures over repeated runs of one query. */
export interface Latencies {
  p50: number;
  p99: number;
  runs: number;
}

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * Runs the query `runs` times, and on until `minSeconds` have passed: a background load with a period (a fleet
 * reporting every 10 s) must be sampled over at least one whole period.
 */
export async function measureLatencies(
  runs: number,
  run: () => Promise<unknown>,
  minSeconds = 0,
): Promise<Latencies> {
  await run(); // warm caches and plans; not counted
  const times: number[] = [];
  const started = performance.now();
  while (times.length < runs || performance.now() - started < minSeconds * 1000) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), runs: times.length };
}

export interface Row {
  figure: string;
  target: string;
  duckdb: number | null;
  postgres: number | null;
  clickhouse: number | null;
  unit: string;
  /** Whether a bigger figure is better (rates) or worse (latency, size): decides how the ratio reads. */
  higherIsBetter: boolean;
}

function format(value: number | null): string {
  if (value === null || Number.isNaN(value)) return '-';
  if (value >= 1000) return Math.round(value).toLocaleString('en-US');
  return value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/** The ratio says how many times better DuckDB does than PostgreSQL on this figure. */
function ratio(row: Row): string {
  if (row.duckdb === null || row.postgres === null || row.duckdb === 0 || row.postgres === 0) return '-';
  const better = row.higherIsBetter ? row.duckdb / row.postgres : row.postgres / row.duckdb;
  return `${better.toFixed(1)}x`;
}

export function printTable(rows: readonly Row[]): void {
  const header = ['figure', 'unit', 'target', 'DuckDB', 'PostgreSQL', 'DuckDB vs PG', 'ClickHouse'];
  const lines = rows.map((row) => [
    row.figure,
    row.unit,
    row.target,
    format(row.duckdb),
    format(row.postgres),
    ratio(row),
    format(row.clickhouse),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const render = (cells: readonly string[]): string =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(render(header));
  console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const line of lines) console.log(render(line));
}
