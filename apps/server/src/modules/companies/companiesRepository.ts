import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { companies } from '../../platform/db/schema.ts';

export type CompanyRow = typeof companies.$inferSelect;

export async function findCompany(db: DbOrTx, companyId: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.companyId, companyId));
  return row;
}

/** After inserting an explicit company id (the provider's is 1), move the serial on so inserts do not collide. */
export async function syncCompanyIdSequence(db: DbOrTx): Promise<void> {
  await db.execute(
    sql`select setval(pg_get_serial_sequence('companies', 'company_id'), (select max(company_id) from companies))`,
  );
}
