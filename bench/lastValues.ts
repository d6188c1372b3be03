/**
 * Last values for 1,000 units × 200 metrics (issue 4, item 8: target ≤ 20 ms), against a PostgreSQL btree table
 * holding the same 200,000 last values, in the same run. Figures, not pass/fail.
 *
 *   npx tsx bench/lastValues.ts
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; the baseline is skipped when
 * unreachable).
 */
import pg from 'pg';
import { metricsEndpoints } from '@kelvin/contract';
import type { IngestedValue } from '../apps/server/src/platform/events/telemetryBus.ts';
import { createLastValueTable } from '../apps/server/src/platform/live/lastValueTable.ts';
import { startLiveInstance } from '../apps/server/src/modules/liveValues/liveTestKit.ts';
import { assets } from '../apps/server/src/platform/db/schema.ts';
import { buildUser, providerCompany } from '../apps/server/src/testing/factories.ts';
import { startTestServer } from '../apps/server/src/testing/testServer.ts';

const ASSETS = 1000;
const METRICS = 200;
const RUNS = 30;
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function measure(run: () => unknown): Promise<{ p50: number; p99: number }> {
  await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (fraction: number) =>
    times[Math.min(times.length - 1, Math.ceil(fraction * times.length) - 1)] ?? NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

function readings(assetIds: readonly number[], now: number): IngestedValue[] {
  const values: IngestedValue[] = [];
  for (const assetId of assetIds) {
    for (let metricId = 1; metricId <= METRICS; metricId++) {
      const kind = metricId % 10;
      const value =
        kind === 0 ? 'COOLING' : kind === 1 ? metricId % 3 === 0 : Math.round(Math.random() * 1e4) / 100;
      values.push({
        assetId,
        metricId,
        value,
        timestamp: now - (metricId % 7) * 1000,
        status: 0,
        units: '°C',
      });
    }
  }
  return values;
}

async function postgresBaseline(values: readonly IngestedValue[], assetIds: readonly number[]) {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    await client.query('drop table if exists bench_last_values');
    await client.query(`create table bench_last_values (
      asset_id int not null, metric_id int not null, ts bigint not null, value jsonb, status int not null,
      units text, primary key (asset_id, metric_id))`);
    for (let start = 0; start < values.length; start += 10_000) {
      const chunk = values.slice(start, start + 10_000);
      await client.query(
        `insert into bench_last_values select * from unnest($1::int[], $2::int[], $3::bigint[], $4::jsonb[], $5::int[], $6::text[])`,
        [
          chunk.map((v) => v.assetId),
          chunk.map((v) => v.metricId),
          chunk.map((v) => v.timestamp),
          chunk.map((v) => JSON.stringify(v.value)),
          chunk.map((v) => v.status),
          chunk.map((v) => v.units),
        ],
      );
    }
    await client.query('analyze bench_last_values');
    return await measure(() =>
      client.query('select * from bench_last_values where asset_id = any($1::int[])', [assetIds]),
    );
  } finally {
    await client.query('drop table if exists bench_last_values');
    await client.end();
  }
}

const now = Date.now();
const server = await startTestServer();
const db = server.database.db;
await providerCompany(db);
const admin = await buildUser(db, { companyId: 1, roles: ['Provider Administrator'] });
const rows = await db
  .insert(assets)
  .values(
    Array.from({ length: ASSETS }, (_, index) => ({
      companyId: 1,
      assetTypeId: 4,
      parentAssetId: null,
      name: `U${index}`,
    })),
  )
  .returning({ assetId: assets.assetId });
const assetIds = rows.map((row) => row.assetId);
const values = readings(assetIds, now);

const table = createLastValueTable();
const applyStarted = performance.now();
table.apply(values);
const applyMs = performance.now() - applyStarted;

const read = await measure(() => table.read({ assetIds }));
const answer = table.read({ assetIds });
const outputParse = await measure(() => metricsEndpoints.lastValues.output.parse(answer));
const serialize = await measure(() => JSON.stringify(answer));
// What a pre-serialized table could do: each cell's JSON kept next to it at apply time, the answer concatenated.
const fragments = new Map<number, Map<number, string>>();
for (const [metricKey, byAsset] of Object.entries(answer)) {
  const cells = new Map<number, string>();
  for (const [assetKey, cell] of Object.entries(byAsset)) cells.set(Number(assetKey), JSON.stringify(cell));
  fragments.set(Number(metricKey), cells);
}
const concatenated = await measure(() => {
  const parts: string[] = [];
  for (const [metricId, cells] of fragments) {
    const inner: string[] = [];
    for (const [assetId, json] of cells) inner.push(`"${assetId}":${json}`);
    parts.push(`"${metricId}":{${inner.join(',')}}`);
  }
  return `{${parts.join(',')}}`.length;
});

const instance = await startLiveInstance(server);
instance.table.apply(values);
const token = await server.mintIdToken(admin.identityId, { expiresIn: '1h' });
const body = JSON.stringify({ assetIds });
let bytes = 0;
const http = await measure(async () => {
  const response = await fetch(`${instance.url}/api/assets/metrics/lastValue`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  bytes = (await response.arrayBuffer()).byteLength;
});
const baseline = await postgresBaseline(values, assetIds);

const fmt = (value: number) => value.toFixed(1).padStart(8);
console.log(
  `last values: ${ASSETS} assets × ${METRICS} metrics = ${values.length.toLocaleString('en-US')} cells, ${RUNS} runs`,
);
console.log(`table fill (one apply of all cells): ${applyMs.toFixed(0)} ms`);
console.log('figure                                   p50 ms   p99 ms');
console.log(`table read (target ≤ 20 ms)            ${fmt(read.p50)} ${fmt(read.p99)}`);
console.log(`contract output parse (zod)            ${fmt(outputParse.p50)} ${fmt(outputParse.p99)}`);
console.log(`JSON.stringify of the answer           ${fmt(serialize.p50)} ${fmt(serialize.p99)}`);
console.log(`answer joined from pre-serialized cells ${fmt(concatenated.p50)} ${fmt(concatenated.p99)}`);
console.log(
  `whole HTTP call (${(bytes / 1e6).toFixed(1)} MB)              ${fmt(http.p50)} ${fmt(http.p99)}`,
);
if (baseline) {
  console.log(`PostgreSQL btree select of same rows   ${fmt(baseline.p50)} ${fmt(baseline.p99)}`);
  console.log(`ratio PostgreSQL / table read (p50)    ${(baseline.p50 / read.p50).toFixed(0).padStart(8)}×`);
} else {
  console.log('PostgreSQL baseline: skipped (not reachable)');
}
await instance.close();
await server.close();
