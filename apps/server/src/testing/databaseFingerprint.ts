import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../platform/db/database.ts';

const tableRows = z.object({ rows: z.array(z.object({ table_name: z.string() })) });
const hashRows = z.object({ rows: z.array(z.object({ name: z.string(), hash: z.string() })) });

/** Every base table of the schema the connection works in (tests isolate themselves by schema). */
async function tableNames(db: DbOrTx): Promise<string[]> {
  const result: unknown = await db.execute(sql`
    select table_name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE'
     order by table_name`);
  return tableRows.parse(result).rows.map((row) => row.table_name);
}

/**
 * A hash of every row of every table, by table: the proof that a refused request changed nothing, whatever
 * table it might have touched. Meant for test databases (it reads every row).
 */
export async function databaseFingerprint(db: DbOrTx): Promise<Map<string, string>> {
  const names = await tableNames(db);
  if (names.length === 0) return new Map();
  const parts = names.map(
    (name) =>
      sql`select ${name} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(name)} t`,
  );
  const result: unknown = await db.execute(sql.join(parts, sql` union all `));
  return new Map(hashRows.parse(result).rows.map((row) => [row.name, row.hash]));
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
