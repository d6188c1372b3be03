import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { postgresAvailable, openTestDatabase } from '../../testing/testServer.ts';
import type { Database } from './database.ts';

const withPostgres = await postgresAvailable();

async function poolApplicationNames(database: Database): Promise<string[]> {
  const result: unknown = await database.db.execute(sql`select current_setting('application_name') as name`);
  const parsed = z.object({ rows: z.array(z.object({ name: z.string() })) }).parse(result);
  return parsed.rows.map((row) => row.name);
}

describe.skipIf(!withPostgres)('PostgreSQL pool', () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it('survives the server ending an idle connection and answers the next query', async () => {
    database = await openTestDatabase('postgres');
    await database.ping();
    const [applicationName] = await poolApplicationNames(database);
    // End this pool's idle connections only (other test files share the server): its client loses its connection.
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
    await admin.connect();
    const { rows } = await admin.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1 and state = 'idle'`,
      [applicationName],
    );
    await admin.end();
    expect(rows.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
