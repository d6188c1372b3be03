import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../platform/db/database.ts';

const nameRows = z.object({ rows: z.array(z.object({ name: z.string() })) });
const sequenceRows = z.object({
  rows: z.array(z.object({ last_value: z.coerce.number(), is_called: z.boolean() })),
});

export interface DatabaseSnapshot {
  /** Puts every table and sequence of the schema back as it was when the snapshot was taken. */
  restore(): Promise<void>;
}

async function names(db: Db, query: ReturnType<typeof sql>): Promise<string[]> {
  return nameRows.parse(await db.execute(query)).rows.map((row) => row.name);
}

/**
 * Copies every table of the schema the connection works in (and its sequences' positions) aside, so that tests
 * sharing one seeded database can each start from the seed: opening a migrated database took seconds on these
 * machines, a restore takes milliseconds. The copies live in a schema of their own (`<schema>_seed`).
 */
export async function snapshotDatabase(db: Db): Promise<DatabaseSnapshot> {
  const [schema] = await names(db, sql`select current_schema() as name`);
  if (!schema) throw new Error('No current schema');
  const seedSchema = `${schema}_seed`;
  const tables = await names(
    db,
    sql`select table_name as name from information_schema.tables
         where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const sequences = await names(
    db,
    sql`select sequence_name as name from information_schema.sequences
         where sequence_schema = current_schema() order by sequence_name`,
  );
  await db.execute(sql`drop schema if exists ${sql.identifier(seedSchema)} cascade`);
  await db.execute(sql`create schema ${sql.identifier(seedSchema)}`);
  const seeded: string[] = [];
  for (const table of tables) {
    await db.execute(
      sql`create table ${sql.identifier(seedSchema)}.${sql.identifier(table)}
            as select * from ${sql.identifier(schema)}.${sql.identifier(table)}`,
    );
    const [row] = await names(
      db,
      sql`select count(*)::text as name from ${sql.identifier(seedSchema)}.${sql.identifier(table)}`,
    );
    if (row !== '0') seeded.push(table);
  }
  const positions: { sequence: string; last_value: number; is_called: boolean }[] = [];
  for (const sequence of sequences) {
    const [position] = sequenceRows.parse(
      await db.execute(
        sql`select last_value, is_called from ${sql.identifier(schema)}.${sql.identifier(sequence)}`,
      ),
    ).rows;
    if (position) positions.push({ sequence, ...position });
  }

  return {
    async restore() {
      await db.transaction(async (tx) => {
        // Rows go back in any order: foreign keys (system triggers) are not checked while replicating.
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(
          sql`truncate ${sql.join(
            tables.map((table) => sql`${sql.identifier(schema)}.${sql.identifier(table)}`),
            sql`, `,
          )}`,
        );
        for (const table of seeded) {
          await tx.execute(
            sql`insert into ${sql.identifier(schema)}.${sql.identifier(table)}
                  select * from ${sql.identifier(seedSchema)}.${sql.identifier(table)}`,
          );
        }
        for (const { sequence, last_value, is_called } of positions) {
          const qualified = `${schema}.${sequence}`;
          await tx.execute(sql`select setval(${qualified}::regclass, ${last_value}, ${is_called})`);
        }
      });
    },
  };
}
