/**
 * The tickets list's speed (issue 13, item 8) over 200,000 tickets with 2,000,000 comments: the first page with
 * the default filters, a sort on another column and text searches, each through the list's own function
 * (listTickets: page, count and the page's owners, assets and comment counts), against the same questions written
 * naively in the same run (ORDER BY an unindexed expression with OFFSET, ILIKE '%word%' over title, description
 * and a join to the comments, count(*) of that). Figures, not pass/fail: the machine is shared.
 *
 *   npx tsx bench/ticketList.ts
 *
 * Environment: TICKETS_BENCH_DATABASES (pglite,postgres), TICKETS_BENCH_TICKETS (200000),
 * TICKETS_BENCH_COMMENTS (2000000), TICKETS_BENCH_RUNS (60), TICKETS_BENCH_NAIVE_RUNS (3, after one warm-up).
 * PostgreSQL is the one at KELVIN_TEST_DATABASE_URL, in a schema of its own that is dropped afterwards.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { DEFAULT_TICKET_STATUS_VALUES, billingStates } from '@kelvin/contract';
import { repoRoot } from '../apps/server/src/config.ts';
import { openDatabase, type Database, type Db } from '../apps/server/src/platform/db/database.ts';
import { users } from '../apps/server/src/platform/db/schema.ts';
import { listTickets } from '../apps/server/src/modules/tickets/ticketList.ts';
import { loadPermissions } from '../apps/server/src/modules/users/permissionsRepository.ts';
import { seedTicketBench } from './ticketList/seedTicketBench.ts';

const COMMAND = 'npx tsx bench/ticketList.ts';
const POSTGRES_URL = process.env.KELVIN_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const TICKETS = numberEnv('TICKETS_BENCH_TICKETS', 200_000);
const COMMENTS = numberEnv('TICKETS_BENCH_COMMENTS', 2_000_000);
const RUNS = numberEnv('TICKETS_BENCH_RUNS', 60);
// The naive searches take a minute each over 2 million comments on PGlite: a few runs say enough.
const NAIVE_RUNS = numberEnv('TICKETS_BENCH_NAIVE_RUNS', 3);
const KINDS = (process.env.TICKETS_BENCH_DATABASES ?? 'pglite,postgres').split(',');

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

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

const DEFAULT_FILTER = {
  statusIds: [...DEFAULT_TICKET_STATUS_VALUES],
  netSuiteBillingStates: [...billingStates],
};
const statusList = sql.raw(DEFAULT_TICKET_STATUS_VALUES.join(','));

/** The naive list: the page over a join, sorted by an expression no index serves, with OFFSET, and count(*). */
function naiveList(db: Db, options: { order: SQL; where?: SQL; join?: boolean }) {
  const where = options.where ?? sql`true`;
  const from = options.join
    ? sql`tickets t left join ticket_comments c on c.ticket_id = t.ticket_id and not c.is_deleted`
    : sql`tickets t`;
  return async () => {
    await db.execute(sql`
      select distinct t.ticket_id, t.title, t.updated_at, t.priority_value, co.name as company_name,
             (select u.name from ticket_users tu join users u on u.user_id = tu.user_id
               where tu.ticket_id = t.ticket_id and tu.relation_type_value = 1) as owner,
             (select count(*) from ticket_comments cc where cc.ticket_id = t.ticket_id and not cc.is_deleted) as comments,
             ${options.order} as sort_key
        from ${from} join companies co on co.company_id = t.company_id
       where t.status_value in (${statusList}) and ${where}
       order by sort_key, t.ticket_id desc offset 0 limit 25`);
    await db.execute(
      sql`select count(distinct t.ticket_id) from ${from} where t.status_value in (${statusList}) and ${where}`,
    );
  };
}

const ilikeAll = (word: string) => {
  const pattern = `%${word}%`;
  return sql`(t.title ilike ${pattern} or t.description ilike ${pattern} or c.comment ilike ${pattern})`;
};

interface Case {
  name: string;
  ours: () => Promise<unknown>;
  naive: () => Promise<unknown>;
  /** How many tickets match, as the list says it: '275+' where it stopped counting. */
  matches: () => Promise<string>;
}

async function runOn(kind: string): Promise<string[]> {
  const schemaName = `bench_tickets_${process.pid}`;
  const pgliteDir = path.join(repoRoot, '.tmp', `bench-tickets-${process.pid}`);
  let database: Database;
  if (kind === 'postgres') database = await openDatabase({ url: POSTGRES_URL, schemaName });
  else database = await openDatabase({ pgliteDir });
  const log = (line: string) => console.log(`[${kind}] ${line}`);
  try {
    const db = database.db;
    const data = await seedTicketBench(db, { tickets: TICKETS, comments: COMMENTS }, log);
    const [user] = await db.select().from(users).where(eq(users.userId, data.technicianId));
    if (!user) throw new Error('bench user missing');
    const auth = { user, permissions: await loadPermissions(db, user.userId, user.companyId) };
    const list = (body: Parameters<typeof listTickets>[2]) => () => listTickets(db, auth, body);
    const page = (sort: { property: string; direction: 'ASC' | 'DESC' }[]) => ({
      type: 'PAGED' as const,
      pageSize: 25,
      pageNumber: 0,
      sort,
    });
    const totalOf = async (body: Parameters<typeof listTickets>[2]) => {
      const { totalSize, totalSizeIsLowerBound } = (await listTickets(db, auth, body)).pageable;
      return `${totalSize.toLocaleString('en')}${totalSizeIsLowerBound ? '+' : ''}`;
    };
    const bodies = {
      first: { filter: DEFAULT_FILTER, pageableQuery: page([]) },
      title: { filter: DEFAULT_FILTER, pageableQuery: page([{ property: 'title', direction: 'ASC' }]) },
      priority: {
        filter: DEFAULT_FILTER,
        pageableQuery: page([{ property: 'priority', direction: 'DESC' }]),
      },
      deep: { filter: DEFAULT_FILTER, pageableQuery: { ...page([]), pageNumber: 200 } },
      part: { filter: { ...DEFAULT_FILTER, search: 'pn-4242' }, pageableQuery: page([]) },
      word: { filter: { ...DEFAULT_FILTER, search: 'condensate' }, pageableQuery: page([]) },
    };
    const cases: Case[] = [
      {
        name: 'first page, default filters (updated_at desc)',
        ours: list(bodies.first),
        naive: naiveList(db, { order: sql`-extract(epoch from t.updated_at)` }),
        matches: () => totalOf(bodies.first),
      },
      {
        name: 'sort by title',
        ours: list(bodies.title),
        naive: naiveList(db, { order: sql`lower(t.title)` }),
        matches: () => totalOf(bodies.title),
      },
      {
        name: 'sort by priority desc',
        ours: list(bodies.priority),
        naive: naiveList(db, { order: sql`-t.priority_value` }),
        matches: () => totalOf(bodies.priority),
      },
      {
        name: 'page 201 (offset 5,000), default order',
        ours: list(bodies.deep),
        naive: async () => {
          await db.execute(sql`select t.ticket_id from tickets t where t.status_value in (${statusList})
                                order by -extract(epoch from t.updated_at), t.ticket_id desc offset 5000 limit 25`);
          await db.execute(sql`select count(*) from tickets t where t.status_value in (${statusList})`);
        },
        matches: () => totalOf(bodies.deep),
      },
      {
        name: "search 'pn-4242' (a part number)",
        ours: list(bodies.part),
        naive: naiveList(db, {
          order: sql`-extract(epoch from t.updated_at)`,
          where: ilikeAll('pn-4242'),
          join: true,
        }),
        matches: () => totalOf(bodies.part),
      },
      {
        name: "search 'condensate' (a common word)",
        ours: list(bodies.word),
        naive: naiveList(db, {
          order: sql`-extract(epoch from t.updated_at)`,
          where: ilikeAll('condensate'),
          join: true,
        }),
        matches: () => totalOf(bodies.word),
      },
    ];
    const lines: string[] = [];
    for (const entry of cases) {
      const matches = await entry.matches();
      const ours = await time(RUNS, entry.ours);
      const naive = await time(NAIVE_RUNS, entry.naive, 1);
      const line = row([
        kind,
        entry.name,
        matches,
        `${fixed(percentile(ours, 0.5))} / ${fixed(percentile(ours, 0.99))}`,
        `${fixed(percentile(naive, 0.5))} / ${fixed(percentile(naive, 0.99))}`,
        `${fixed(percentile(naive, 0.5) / percentile(ours, 0.5))}×`,
      ]);
      log(line);
      lines.push(line);
    }
    return lines;
  } finally {
    await database.close();
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schemaName} cascade`);
      await client.end();
    } else rmSync(pgliteDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const lines: string[] = [];
  for (const kind of KINDS) lines.push(...(await runOn(kind)));
  console.log(
    [
      '',
      `\`${COMMAND}\`: ${TICKETS.toLocaleString('en')} tickets, ${COMMENTS.toLocaleString('en')} comments, ` +
        `${RUNS} runs of ours and ${NAIVE_RUNS} of the naive query per row (ms, p50 / p99); goal p99 ≤ 50 ms on PGlite`,
      '',
      row([
        'store',
        'query',
        'matching tickets',
        'listTickets p50 / p99',
        'naive p50 / p99',
        'naive ÷ ours (p50)',
      ]),
      row(['---', '---', '---:', '---:', '---:', '---:']),
      ...lines,
    ].join('\n'),
  );
}

await main();
