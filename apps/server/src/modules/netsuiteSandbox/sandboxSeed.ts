import { count, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { netsuiteSandboxRecords } from '../../platform/db/netsuiteSandboxSchema.ts';
import { customerCompaniesDemo } from '../../demo/demoFleet.ts';
import { seedCatalogue } from './sandboxSeedCatalogue.ts';

/** Where the seeded items' and projects' internal ids start (customers keep the demo companies' own ids). */
const FIRST_ITEM_ID = 1001;
const FIRST_JOB_ID = 20001;
/** Each site's projects below the site's own. */
const SITE_PROJECTS = ['2026 Service Agreement', '2026 Repairs and Call-outs'] as const;

type NewRecord = typeof netsuiteSandboxRecords.$inferInsert;

/** External id of a Kelvin company's customer record (demo companies are linked by their NetSuite id). */
export const companyExternalId = (companyId: number) => `kelvin-company-${companyId}`;

/**
 * A customer per demo company at the internal id the company already names (netSuiteCustomerInternalId), and a
 * project tree below each: 'General Service', and per site the site and two projects of the year
 * ('Northwind Data Centers : Northwind Ashburn : 2026 Service Agreement').
 */
function seedEntities(): NewRecord[] {
  const records: NewRecord[] = [];
  let jobId = FIRST_JOB_ID;
  const job = (
    entityId: string,
    parent: { id: number; name: string; chain: string },
    customer: { id: number; name: string },
  ) => {
    const internalId = jobId;
    jobId += 1;
    const chain = `${parent.chain} : ${entityId}`;
    records.push({
      internalId,
      recordType: 'job',
      externalId: `PRJ-${internalId}`,
      searchText: chain,
      parentId: parent.id,
      body: {
        entityId,
        companyName: entityId,
        parent: { id: String(parent.id), refName: parent.name },
        customer: { id: String(customer.id), refName: customer.name },
        isInactive: false,
      },
    });
    return { id: internalId, name: entityId, chain };
  };
  for (const company of customerCompaniesDemo) {
    const customerId = Number(company.netSuiteCustomerInternalId);
    if (!Number.isInteger(customerId) || customerId <= 0) continue;
    const customer = { id: customerId, name: company.name, chain: company.name };
    records.push({
      internalId: customerId,
      recordType: 'customer',
      externalId: null,
      searchText: company.name,
      body: {
        entityId: company.name,
        companyName: company.name,
        email: company.users[0]?.email,
        isInactive: false,
      },
    });
    job('General Service', customer, customer);
    for (const site of company.sites) {
      const siteJob = job(site.name, customer, customer);
      for (const project of SITE_PROJECTS) job(project, siteJob, customer);
    }
  }
  return records;
}

function seedItems(): NewRecord[] {
  return seedCatalogue().map((item, index) => ({
    internalId: FIRST_ITEM_ID + index,
    recordType: item.type,
    // An item's external id is its item id, so that callers can address it as eid:PRT-10001.
    externalId: item.itemId,
    searchText: item.searchText,
    body: item.body,
  }));
}

/**
 * Seeds the sandbox once: when its records table is empty. Two processes starting together do not both seed: the
 * transaction holds an advisory lock while it checks and inserts. Answers whether it seeded now.
 */
export async function seedSandboxRecords(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('netsuite-sandbox-seed'))`);
    const [existing] = await tx.select({ n: count() }).from(netsuiteSandboxRecords);
    if ((existing?.n ?? 0) > 0) return false;
    await tx.insert(netsuiteSandboxRecords).values([...seedEntities(), ...seedItems()]);
    await syncRecordIdSequence(tx);
    return true;
  });
}

/** After explicit internal ids: new records continue above the highest one. */
export async function syncRecordIdSequence(db: DbOrTx): Promise<void> {
  await db.execute(
    sql`select setval(pg_get_serial_sequence('netsuite_sandbox_records', 'internal_id'), (select max(internal_id) from netsuite_sandbox_records))`,
  );
}

/**
 * Gives each customer whose internal id a Kelvin company names (netSuiteCustomerInternalId) the external id
 * `kelvin-company-<companyId>`, when it has none. By the company's own link rather than by id order, since
 * company ids depend on what was created first; run once companies exist (the sandbox's first call).
 */
export async function linkCompanyCustomers(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    update netsuite_sandbox_records r
       set external_id = 'kelvin-company-' || c.company_id
      from companies c
     where r.record_type = 'customer'
       and r.external_id is null
       and c.net_suite_customer_internal_id = r.internal_id::text
       and not exists (
         select 1 from netsuite_sandbox_records taken
          where taken.record_type = 'customer' and taken.external_id = 'kelvin-company-' || c.company_id
       )`);
}

/** Seeds (when empty) and links: what the sandbox does before its first record or SuiteQL call. */
export async function ensureSandboxSeeded(db: Db): Promise<void> {
  await seedSandboxRecords(db);
  await linkCompanyCustomers(db);
}
