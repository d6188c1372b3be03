/**
 * Device logs search: our time-series store (DuckDB, and ClickHouse when reachable) against a PostgreSQL table
 * with a pg_trgm GIN index holding the same records, measured in the same run. Figures, not pass/fail.
 *
 *   npx tsx bench/logsSearch.ts [--records=10000000]
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; the server must read the CSV this
 * writes under the system temp directory, as a local PostgreSQL does), CLICKHOUSE_URL (default
 * http://127.0.0.1:8123; skipped when unreachable). Takes about 12 minutes for 10 M records on 2 cores.
 */
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEFAULT_MEMORY_MB, splitMemoryBudget } from '../apps/server/src/platform/memory/memoryBudget.ts';
import type { DeviceLogQuery } from '../apps/server/src/platform/timeseries/deviceLogStore.ts';
import { DATASET, logBatches } from './logs/logsDataset.ts';
import {
  exportCsv,
  loadClickHouseCsv,
  loadDuckDb,
  openClickHouseLogs,
  openDuckDbLogs,
  type ClickHouseLogs,
} from './logs/logsEngines.ts';
import { ingestRate, measureWithin, printLogsTable, type LogsRow } from './logs/logsMeasure.ts';
import { openPostgresLogs } from './logs/postgresLogs.ts';

const records = z.coerce
  .number()
  .int()
  .min(100_000)
  .parse(process.argv.find((arg) => arg.startsWith('--records='))?.slice('--records='.length) ?? 10_000_000);
const postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const clickhouseUrl = process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:8123';

const DAY = 86_400_000;
const END = Date.UTC(2025, 0, 31);
const CHATTY = DATASET.chattyUnit;
const TYPICAL = 7;
const month = { from: END - 30 * DAY, to: END, limit: 100 };
const week = { from: END - 7 * DAY, to: END, limit: 100 };

/** Representative searches of the logs tab: what opening it, filtering and searching ask. */
const CASES: { label: string; query: DeviceLogQuery }[] = [
  {
    label: 'newest page, 24 h, chatty unit',
    query: { assetId: CHATTY, from: END - DAY, to: END, limit: 100 },
  },
  { label: 'newest page, 30 d, typical unit', query: { assetId: TYPICAL, ...month } },
  {
    label: 'ERROR + FATAL, 30 d, chatty unit',
    query: { assetId: CHATTY, ...month, levels: ['ERROR', 'FATAL'] },
  },
  { label: 'source modbus, 7 d, chatty unit', query: { assetId: CHATTY, ...week, sources: ['modbus'] } },
  { label: "common text 'timeout', 7 d, chatty", query: { assetId: CHATTY, ...week, search: 'Timeout' } },
  { label: 'rare text, 30 d, chatty unit', query: { assetId: CHATTY, ...month, search: 'rare-4711' } },
  { label: 'rare text, 30 d, typical unit', query: { assetId: TYPICAL, ...month, search: 'rare-4711' } },
  { label: 'absent text, 30 d, chatty unit', query: { assetId: CHATTY, ...month, search: 'no such text' } },
  {
    label: 'keyset page 3 d back, chatty unit',
    query: { assetId: CHATTY, ...month, before: { ts: END - 3 * DAY, seq: Number.MAX_SAFE_INTEGER } },
  },
];
const INGEST_MORE = 200_000;
const SOURCES_CASE = { assetId: CHATTY, from: END - 30 * DAY, to: END, limit: 500 };

const budget = splitMemoryBudget(DEFAULT_MEMORY_MB, availableParallelism());
console.log(
  `Device logs search benchmark: ${records.toLocaleString('en-US')} records, ${DATASET.units} units over ${DATASET.days} days (unit ${CHATTY} holds ${DATASET.chattyShare * 100}%), DuckDB at the default budget (${budget.duckdbMemoryLimitMb} MB, ${budget.duckdbThreads} threads)`,
);

const duck = await openDuckDbLogs(budget);
const notes: string[] = [];
const postgres = await openPostgresLogs(postgresUrl);
let clickhouse: ClickHouseLogs | null = null;
try {
  const load = await loadDuckDb(duck, records, END);
  notes.push(
    `DuckDB: ${Math.round(load.perSecond).toLocaleString('en-US')} records/s through DeviceLogStore.insert (50,000 a call), closed days sorted by unit in ${load.compactSeconds.toFixed(0)} s`,
  );
  const csv = await exportCsv(duck);
  const pg = await postgres.load(csv.postgres);
  notes.push(
    `PostgreSQL: COPY in ${pg.loadSeconds.toFixed(0)} s, btree and GIN trigram indexes in ${pg.indexSeconds.toFixed(0)} s`,
  );
  clickhouse = await openClickHouseLogs(clickhouseUrl);
  if (clickhouse) {
    const seconds = await loadClickHouseCsv(clickhouseUrl, clickhouse, csv.clickhouse);
    notes.push(
      `ClickHouse: CSV insert in ${seconds.toFixed(0)} s (the same rows, search column as the store wrote it)`,
    );
  } else notes.push(`ClickHouse: not reachable at ${clickhouseUrl}, skipped`);
  await csv.remove();

  const rows: LogsRow[] = [];
  for (const { label, query } of CASES) {
    const ours = (await duck.query(query)).map(({ ts, seq }) => `${ts}-${seq}`);
    // PostgreSQL answers limit + 1 rows, as the stores ask for, to tell whether more follow.
    const theirs = (await postgres.query(query)).slice(0, query.limit).map(({ ts, seq }) => `${ts}-${seq}`);
    const chs = clickhouse ? (await clickhouse.query(query)).map(({ ts, seq }) => `${ts}-${seq}`) : ours;
    const agree =
      JSON.stringify(ours) === JSON.stringify(theirs) && JSON.stringify(ours) === JSON.stringify(chs);
    rows.push({
      label,
      found: ours.length,
      agree,
      duckdb: await measureWithin(() => duck.query(query)),
      postgres: await measureWithin(() => postgres.query(query)),
      clickhouse: clickhouse
        ? await measureWithin(() => clickhouse?.query(query) ?? Promise.resolve())
        : null,
    });
  }
  rows.push({
    label: 'sources of a month, chatty unit',
    found: (await duck.sources(SOURCES_CASE)).length,
    agree:
      JSON.stringify(await duck.sources(SOURCES_CASE)) ===
      JSON.stringify(await postgres.sources(SOURCES_CASE)),
    duckdb: await measureWithin(() => duck.sources(SOURCES_CASE)),
    postgres: await measureWithin(() => postgres.sources(SOURCES_CASE)),
    clickhouse: clickhouse
      ? await measureWithin(() => clickhouse?.sources(SOURCES_CASE) ?? Promise.resolve())
      : null,
  });
  printLogsTable(rows);
  // Logs are written far more than read: what the same month's next records cost to add to each, indexes and all.
  const more = () => logBatches(INGEST_MORE, END + 2 * DAY, 10_000);
  const rates = [
    `DuckDB ${Math.round(await ingestRate((batch) => duck.insert(batch), more())).toLocaleString('en-US')}`,
    `PostgreSQL ${Math.round(await ingestRate((batch) => postgres.insert(batch), more())).toLocaleString('en-US')}`,
    ...(clickhouse
      ? [
          `ClickHouse ${Math.round(await ingestRate((batch) => clickhouse?.insert(batch) ?? Promise.resolve(), more())).toLocaleString('en-US')}`,
        ]
      : []),
  ];
  notes.push(
    `Adding ${INGEST_MORE.toLocaleString('en-US')} more records, 10,000 a batch, records/s: ${rates.join(', ')}`,
  );
  notes.push(
    `Sizes: DuckDB ${((await duck.bytes()) / 1e6) | 0} MB, PostgreSQL ${((await postgres.bytes()) / 1e6) | 0} MB (table and indexes)${clickhouse ? `, ClickHouse ${((await clickhouse.bytes()) / 1e6) | 0} MB` : ''}`,
  );
  for (const note of notes) console.log(`- ${note}`);
} finally {
  await clickhouse?.dispose();
  await postgres.drop();
  await duck.dispose();
}
