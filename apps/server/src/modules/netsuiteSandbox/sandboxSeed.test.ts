import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { netsuiteSandboxRecords } from '../../platform/db/netsuiteSandboxSchema.ts';
import { buildCompany } from '../../testing/factories.ts';
import { openTestDatabase } from '../../testing/testServer.ts';
import { companyExternalId, ensureSandboxSeeded, seedSandboxRecords } from './sandboxSeed.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const recordCount = async () =>
  (await database.db.select({ n: count() }).from(netsuiteSandboxRecords))[0]?.n ?? 0;

describe('the sandbox seed', () => {
  it('seeds once, also when two starts race, with deterministic ids', async () => {
    const results = await Promise.all([seedSandboxRecords(database.db), seedSandboxRecords(database.db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const seeded = await recordCount();
    expect(seeded).toBeGreaterThan(90);
    expect(await seedSandboxRecords(database.db)).toBe(false);
    expect(await recordCount()).toBe(seeded);

    const [part] = await database.db
      .select({ id: netsuiteSandboxRecords.internalId })
      .from(netsuiteSandboxRecords)
      .where(eq(netsuiteSandboxRecords.externalId, 'PRT-10001'));
    expect(part?.id).toBe(1001);
  });

  it('links the customer a company names to that company by external id', async () => {
    const company = await buildCompany(database.db, {
      name: 'Fjord Colocation',
      netSuiteCustomerInternalId: '10472',
    });
    await ensureSandboxSeeded(database.db);
    const [customer] = await database.db
      .select({ externalId: netsuiteSandboxRecords.externalId })
      .from(netsuiteSandboxRecords)
      .where(
        and(eq(netsuiteSandboxRecords.recordType, 'customer'), eq(netsuiteSandboxRecords.internalId, 10472)),
      );
    expect(customer?.externalId).toBe(companyExternalId(company.companyId));
    const [other] = await database.db
      .select({ externalId: netsuiteSandboxRecords.externalId })
      .from(netsuiteSandboxRecords)
      .where(eq(netsuiteSandboxRecords.internalId, 10451));
    expect(other?.externalId).toBeNull();
  });
});
