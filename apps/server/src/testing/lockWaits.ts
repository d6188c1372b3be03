import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Db } from '../platform/db/database.ts';

const TEST_POSTGRES_URL = process.env.KELVIN_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** How often, and how many times, a race test looks for a call waiting on a lock: 5 s in all, then it fails. */
const LOCK_WAIT_POLL_MS = 50;
const LOCK_WAIT_POLLS = 100;

/** The schema a PostgreSQL test database lives in; its server connections carry it as their application name. */
export async function currentSchema(db: Db): Promise<string> {
  const result = await db.execute(sql`select current_schema() as schema`);
  return (
    z.object({ rows: z.array(z.object({ schema: z.string() })) }).parse(result).rows[0]?.schema ?? 'public'
  );
}

/** How many of the server's connections (named after the test schema) wait for a lock. */
export async function lockWaiters(db: Db, schema: string): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and application_name = ${schema}`,
  );
  return z.object({ rows: z.array(z.object({ n: z.number() })) }).parse(result).rows[0]?.n ?? 0;
}

/**
 * Resolves once at least `count` of the server's connections wait for a lock, and throws when they never do:
 * a race test then proves the call really waited, instead of hoping a fixed pause was long enough.
 */
export async function untilLockWaiters(db: Db, schema: string, count: number): Promise<void> {
  for (let tries = 0; tries < LOCK_WAIT_POLLS; tries += 1) {
    if ((await lockWaiters(db, schema)) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_POLL_MS));
  }
  throw new Error(`fewer than ${count} calls waited for a lock`);
}

/**
 * Runs `act` on a second connection inside an open transaction, playing another write in flight: it holds the
 * locks it takes until `act` commits (or until the connection ends, which rolls back).
 */
export async function withLockHolder<T>(schema: string, act: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    await client.query('begin');
    return await act(client);
  } finally {
    await client.end();
  }
}
