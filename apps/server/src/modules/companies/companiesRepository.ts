import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assets, companies, users } from '../../platform/db/schema.ts';
import type { CompanyScope } from '../../http/authorize.ts';

export type CompanyRow = typeof companies.$inferSelect;

/** The fields a caller may set; the logo has its own calls. */
export interface CompanyFields {
  name: string;
  netSuiteCustomerInternalId: string | null;
  subscription: string;
}

export async function findCompany(db: DbOrTx, companyId: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.companyId, companyId));
  return row;
}

/**
 * Reads a company row and locks it until the transaction ends: `update` to delete it, `share` to add
 * something to it, so that a company is never deleted while a user is being added to it.
 */
export async function lockCompany(
  tx: DbOrTx,
  companyId: number,
  strength: 'update' | 'share',
): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.companyId, companyId)).for(strength);
  return row;
}

/** After inserting an explicit company id (the provider's is 1), move the serial on so inserts do not collide. */
export async function syncCompanyIdSequence(db: DbOrTx): Promise<void> {
  await db.execute(
    sql`select setval(pg_get_serial_sequence('companies', 'company_id'), (select max(company_id) from companies))`,
  );
}

export async function listCompanies(
  db: DbOrTx,
  filter: { scope: CompanyScope; companyIds: number[] | undefined; includeDeleted: boolean },
): Promise<CompanyRow[]> {
  const conditions: SQL[] = [];
  if (filter.scope !== 'ALL') conditions.push(inArray(companies.companyId, filter.scope));
  if (filter.companyIds) conditions.push(inArray(companies.companyId, filter.companyIds));
  if (!filter.includeDeleted) conditions.push(eq(companies.isDeleted, false));
  return db
    .select()
    .from(companies)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${companies.name})`), asc(companies.companyId));
}

export async function insertCompany(db: DbOrTx, fields: CompanyFields): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(fields).returning();
  if (!row) throw new Error('The company insert returned no row');
  return row;
}

export async function updateCompany(
  db: DbOrTx,
  companyId: number,
  changes: Partial<CompanyFields> & {
    logoFilePath?: string | null;
    logoContentType?: string | null;
    isDeleted?: boolean;
  },
): Promise<CompanyRow> {
  const [row] = await db
    .update(companies)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(companies.companyId, companyId))
    .returning();
  if (!row) throw new Error(`Company ${companyId} vanished during the update`);
  return row;
}

/** What still hangs on a company: deleting it is refused while either count is above zero. */
export async function countCompanyDependents(
  db: DbOrTx,
  companyId: number,
): Promise<{ activeUsers: number; activeAssets: number }> {
  const [userCount] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isDeleted, false)));
  const [assetCount] = await db
    .select({ n: count() })
    .from(assets)
    .where(and(eq(assets.companyId, companyId), eq(assets.isDeleted, false)));
  return { activeUsers: userCount?.n ?? 0, activeAssets: assetCount?.n ?? 0 };
}
