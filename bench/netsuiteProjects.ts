/**
 * The project search of the orders page's Process dialog (issue 24, item 8) over 20,000 projects in the NetSuite
 * sandbox: SuiteQL as `netsuite.projects.list` sends it (every search word LIKE'd against the 'Parent : Name'
 * chain, ordered by it, 20 rows a page) through real HTTP, against the naive way in the same run (read every
 * project, 1000 a page, and filter and sort them in JavaScript). Figures, not pass/fail: the machine is shared.
 *
 *   npx tsx bench/netsuiteProjects.ts
 *
 * Environment: NETSUITE_BENCH_DATABASES (pglite; add postgres for the one at KELVIN_TEST_DATABASE_URL),
 * NETSUITE_BENCH_PROJECTS (20000), NETSUITE_BENCH_RUNS (40), NETSUITE_BENCH_NAIVE_RUNS (5).
 */
import { z } from 'zod';
import { sandboxIssueServerTokens } from '../apps/server/src/modules/netsuiteSandbox/sandboxGrants.ts';
import { SANDBOX_PREFIX } from '../apps/server/src/modules/netsuiteSandbox/sandboxRoutes.ts';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../apps/server/src/testing/testServer.ts';
import { seedBenchProjects } from './netsuiteProjects/seedProjects.ts';

const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const PROJECTS = numberEnv('NETSUITE_BENCH_PROJECTS', 20_000);
const RUNS = numberEnv('NETSUITE_BENCH_RUNS', 40);
const NAIVE_RUNS = numberEnv('NETSUITE_BENCH_NAIVE_RUNS', 5);
const KINDS = (process.env.NETSUITE_BENCH_DATABASES ?? 'pglite').split(',');
const PAGE = 20;

/** What users type: nothing (the dialog's first page), a city, two words, a rare pair, a common word, no match. */
const SEARCHES = ['', 'frankfurt', 'northwind ashburn', 'helix retrofit 2025', 'service', 'no-such-project'];

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

async function time(runs: number, task: () => Promise<unknown>, warmUps = 2): Promise<number[]> {
  for (let i = 0; i < warmUps; i += 1) await task();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  return samples;
}

const rowSchema = z.object({ id: z.string(), fullname: z.string().optional() }).loose();
const pageSchema = z.object({ hasMore: z.boolean(), totalResults: z.number(), items: z.array(rowSchema) });

/** Words as the accounting module writes them into SuiteQL (modules/accounting/suiteqlText.ts). */
function searchCondition(search: string): string {
  const words = search.split(/\s+/).filter((word) => word !== '');
  return words
    .map((word) => `(UPPER(fullname) LIKE '%${word.replace(/%/g, '').replace(/'/g, "''").toUpperCase()}%')`)
    .join(' AND ');
}

function sandboxQuery(server: TestServer, token: string) {
  return async (q: string, limit: number, offset: number) => {
    const response = await fetch(
      `${server.url}${SANDBOX_PREFIX}/services/rest/query/v1/suiteql?limit=${limit}&offset=${offset}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          prefer: 'transient',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ q }),
      },
    );
    if (!response.ok) throw new Error(`SuiteQL answered ${response.status}: ${await response.text()}`);
    return pageSchema.parse(await response.json());
  };
}

async function runOn(kind: string): Promise<string[]> {
  if (kind === 'postgres' && !(await postgresAvailable())) return [`| ${kind} | not available | | | | | | |`];
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`Unknown database kind ${kind}`);
  const databaseKind: TestDatabaseKind = kind;
  const server = await startTestServer({ database: databaseKind });
  try {
    const { accessToken } = await sandboxIssueServerTokens(server.database.db);
    const query = sandboxQuery(server, accessToken);
    await query('SELECT id FROM job', 1, 0); // seeds the sandbox
    const seeded = await seedBenchProjects(server.database.db, PROJECTS);
    const total = (await query('SELECT id FROM job', 1, 0)).totalResults;
    process.stderr.write(`${kind}: ${seeded} bench projects, ${total} projects in all\n`);

    const lines: string[] = [];
    for (const search of SEARCHES) {
      const where = searchCondition(search);
      const q = `SELECT id, entityid, fullname, customer FROM job${where ? ` WHERE ${where}` : ''} ORDER BY fullname ASC`;
      let matches = 0;
      const searched = await time(RUNS, async () => {
        matches = (await query(q, PAGE, 0)).totalResults;
      });
      const words = search
        .toUpperCase()
        .split(/\s+/)
        .filter((word) => word !== '');
      const naive = await time(
        NAIVE_RUNS,
        async () => {
          const all: z.infer<typeof rowSchema>[] = [];
          for (let offset = 0; ; offset += 1000) {
            const page = await query('SELECT id, entityid, fullname, customer FROM job', 1000, offset);
            all.push(...page.items);
            if (!page.hasMore) break;
          }
          return all
            .filter((row) => words.every((word) => (row.fullname ?? '').toUpperCase().includes(word)))
            .sort((a, b) => (a.fullname ?? '').localeCompare(b.fullname ?? ''))
            .slice(0, PAGE);
        },
        1,
      );
      const ratio = percentile(naive, 0.5) / percentile(searched, 0.5);
      lines.push(
        `| ${kind} | '${search}' (${matches}) | ${fixed(percentile(searched, 0.5))} | ${fixed(percentile(searched, 0.95))} | ${fixed(percentile(searched, 0.99))} | ${fixed(percentile(naive, 0.5))} | ${fixed(percentile(naive, 0.99))} | ${fixed(ratio)}× |`,
      );
    }
    return lines;
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const lines = [
    `Project search over ${PROJECTS} projects through the NetSuite sandbox (HTTP, SuiteQL, ${PAGE} rows a page); ms`,
    '',
    '| database | search (matches) | p50 | p95 | p99 | naive p50 | naive p99 | naive / search (p50) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const kind of KINDS) lines.push(...(await runOn(kind)));
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
