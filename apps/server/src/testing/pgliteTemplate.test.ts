import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from './testServer.ts';

const migrations = readdirSync(path.resolve(import.meta.dirname, '../../drizzle')).filter((name) =>
  name.endsWith('.sql'),
);
const countRows = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) });

describe('test databases from the migrated PGlite template', () => {
  it('start with every migration applied, and each is a database of its own', async () => {
    const [first, second] = [await openTestDatabase(), await openTestDatabase()];
    try {
      const applied = await first.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`);
      expect(countRows.parse(applied).rows[0]?.n).toBe(migrations.length);
      await first.db.execute(sql`insert into companies (name) values ('Only in the first')`);
      const named = (database: typeof first) =>
        database.db.execute(sql`select count(*) as n from companies where name = 'Only in the first'`);
      expect(countRows.parse(await named(first)).rows[0]?.n).toBe(1);
      expect(countRows.parse(await named(second)).rows[0]?.n).toBe(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
