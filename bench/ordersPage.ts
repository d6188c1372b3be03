/**
 * The orders page's speed (issue 24, item 8) over 50,000 tickets: the first page of the pending tab through the
 * tab's own function (listSalesOrdersTab: the page of 20, its count, each row's reason and blockers), without and
 * with the index the page asks for on (net_suite_billing_state, updated_at desc, ticket_id desc), against the naive
 * query in the same run: every pending ticket joined to its consumables to find blockers, sorted, OFFSET paged,
 * and count(*) over the same join. Also a deep page (page 300). Figures, not pass/fail: the machine is shared.
 * Goal: p99 ≤ 50 ms for the first page.
 *
 *   npx tsx bench/ordersPage.ts
 *
 * Environment: ORDERS_BENCH_TICKETS (50000), ORDERS_BENCH_RUNS (60), ORDERS_BENCH_NAIVE_RUNS (10).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { repoRoot } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/platform/db/database.ts';
import { users } from '../apps/server/src/platform/db/schema.ts';
import { listSalesOrdersTab } from '../apps/server/src/modules/salesOrders/salesOrdersList.ts';
import { loadPermissions } from '../apps/server/src/modules/users/permissionsRepository.ts';
import { seedOrdersBench } from './ordersPage/seedOrdersBench.ts';

const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const TICKETS = numberEnv('ORDERS_BENCH_TICKETS', 50_000);
const RUNS = numberEnv('ORDERS_BENCH_RUNS', 60);
const NAIVE_RUNS = numberEnv('ORDERS_BENCH_NAIVE_RUNS', 10);

/**
 * The index the pending tab's default order reads a page from, as migration 0027 makes it: the bench drops it for
 * the run without, and makes it again.
 */
export const ORDERS_INDEX_SQL =
  'create index tickets_billing_state_idx on tickets (net_suite_billing_state, updated_at desc, ticket_id desc)';

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

async function time(runs: number, task: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 2; i += 1) await task();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** The naive tab: blockers for every pending ticket by a join, sorted, OFFSET paged, and count(*) of the join. */
function naiveTab(db: Db, pageNumber: number) {
  return async () => {
    await db.execute(sql`
      select t.ticket_id, t.title, c.name as company_name, t.description, t.created_at, t.updated_at,
             bool_or(tc.sales_price is null or tc.sales_price <= 0) as blocked
        from tickets t join companies c on c.company_id = t.company_id
        left join ticket_consumables tc on tc.ticket_id = t.ticket_id
       where t.net_suite_billing_state = 'PENDING_SALES_ORDER'
       group by t.ticket_id, c.name
       order by t.updated_at desc, t.ticket_id desc offset ${pageNumber * 20} limit 20`);
    await db.execute(sql`
      select count(*) from (select t.ticket_id from tickets t left join ticket_consumables tc on tc.ticket_id = t.ticket_id
       where t.net_suite_billing_state = 'PENDING_SALES_ORDER' group by t.ticket_id) x`);
  };
}

async function main() {
  const pgliteDir = path.join(repoRoot, '.tmp', `bench-orders-${process.pid}`);
  const database = await openDatabase({ pgliteDir });
  const log = (line: string) => console.log(`[pglite] ${line}`);
  try {
    const db = database.db;
    const data = await seedOrdersBench(db, TICKETS, log);
    const [user] = await db.select().from(users).where(eq(users.userId, data.adminId));
    if (!user) throw new Error('bench admin missing');
    const auth = { user, permissions: await loadPermissions(db, user.userId, user.companyId) };
    const ours = (pageNumber: number) => () =>
      listSalesOrdersTab(db, auth, {
        tab: 'PENDING',
        filter: {},
        pageableQuery: { type: 'PAGED', pageSize: 20, pageNumber, sort: [] },
      });
    const first = await ours(0)();
    log(
      `pending tickets: ${first.pageable.totalSize.toLocaleString('en')}; first page rows: ${first.content.length}`,
    );

    const results: [string, number[]][] = [];
    await db.execute(sql`drop index if exists tickets_billing_state_idx`);
    await db.execute(sql`analyze tickets`);
    results.push(['naive: join, OFFSET, count(*) — first page', await time(NAIVE_RUNS, naiveTab(db, 0))]);
    results.push(['ours without the index — first page', await time(RUNS, ours(0))]);
    await db.execute(sql.raw(ORDERS_INDEX_SQL));
    await db.execute(sql`analyze tickets`);
    results.push(['ours with the index — first page', await time(RUNS, ours(0))]);
    results.push(['ours with the index — page 300', await time(RUNS, ours(300))]);
    results.push(['naive with the index — first page', await time(NAIVE_RUNS, naiveTab(db, 0))]);

    const naiveP99 = percentile(results[0]?.[1] ?? [], 0.99);
    console.log(`\nOrders page, pending tab, ${TICKETS.toLocaleString('en')} tickets (PGlite), ms:\n`);
    console.log('| query | p50 | p95 | p99 | naive p99 / p99 |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [name, samples] of results) {
      const p99 = percentile(samples, 0.99);
      const cells = [name, percentile(samples, 0.5), percentile(samples, 0.95), p99].map((cell) =>
        typeof cell === 'number' ? cell.toFixed(1) : cell,
      );
      console.log(`| ${cells.join(' | ')} | ${(naiveP99 / p99).toFixed(1)}× |`);
    }
    const plan: unknown = await db.execute(sql`explain select * from tickets t
      where t.net_suite_billing_state = 'PENDING_SALES_ORDER' order by t.updated_at desc, t.ticket_id desc limit 20`);
    console.log('\nPlan of the page with the index:\n', JSON.stringify(plan));
  } finally {
    await database.close();
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}

await main();
