import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../apps/server/src/platform/db/database.ts';
import { netsuiteSandboxRecords } from '../../apps/server/src/platform/db/netsuiteSandboxSchema.ts';
import { syncRecordIdSequence } from '../../apps/server/src/modules/netsuiteSandbox/sandboxSeed.ts';

/**
 * Projects for the project search benchmark, in the sandbox's own rows: customers, each with sites, each site with
 * projects of the year (3 levels, as the seed's trees), named from word lists so that searches match some, many or
 * few. Deterministic: the same names every run.
 */
const PREFIXES = [
  'Northwind',
  'Fjord',
  'Meridian',
  'Atlas',
  'Boreal',
  'Cobalt',
  'Delta',
  'Equinox',
  'Granite',
  'Helix',
];
const SUFFIXES = [
  'Data Centers',
  'Colocation',
  'Cloud',
  'Hosting',
  'Compute',
  'Networks',
  'Digital',
  'Infrastructure',
];
const CITIES = [
  'Frankfurt',
  'Amsterdam',
  'London',
  'Paris',
  'Dublin',
  'Stockholm',
  'Oslo',
  'Madrid',
  'Milan',
  'Warsaw',
  'Ashburn',
  'Dallas',
  'Chicago',
  'Phoenix',
  'Toronto',
  'Singapore',
  'Tokyo',
  'Sydney',
  'Mumbai',
  'Zurich',
];
const PROJECTS = [
  'Service Agreement',
  'Repairs and Call-outs',
  'Chiller Retrofit',
  'CRAH Replacement',
  'Filter Programme',
  'Refrigerant Audit',
  'Controls Upgrade',
  'Commissioning',
  'Thermal Survey',
];

type NewRecord = typeof netsuiteSandboxRecords.$inferInsert;

/** Inserts `count` projects (site projects and their children) under new customers; answers how many it made. */
export async function seedBenchProjects(db: Db, count: number): Promise<number> {
  const result: unknown = await db.execute(
    sql`select coalesce(max(internal_id), 0)::int as id from netsuite_sandbox_records`,
  );
  let nextId = (z.object({ rows: z.array(z.object({ id: z.number() })) }).parse(result).rows[0]?.id ?? 0) + 1;
  const rows: NewRecord[] = [];
  let projects = 0;
  for (let customerIndex = 0; projects < count; customerIndex += 1) {
    const customerName = `${PREFIXES[customerIndex % PREFIXES.length] ?? ''} ${SUFFIXES[Math.floor(customerIndex / PREFIXES.length) % SUFFIXES.length] ?? ''} ${customerIndex + 1}`;
    const customerId = nextId++;
    rows.push({
      internalId: customerId,
      recordType: 'customer',
      externalId: `bench-customer-${customerIndex + 1}`,
      searchText: customerName,
      body: { entityId: customerName, companyName: customerName, isInactive: false },
    });
    for (let siteIndex = 0; siteIndex < 10 && projects < count; siteIndex += 1) {
      const city = CITIES[(customerIndex * 7 + siteIndex) % CITIES.length] ?? 'Site';
      const siteName = `${city} Campus ${siteIndex + 1}`;
      const siteId = nextId++;
      const customer = { id: String(customerId), refName: customerName };
      const siteChain = `${customerName} : ${siteName}`;
      rows.push(job(siteId, siteName, siteChain, { id: customerId, name: customerName }, customer));
      projects += 1;
      for (let projectIndex = 0; projectIndex < PROJECTS.length && projects < count; projectIndex += 1) {
        const name = `${2024 + ((siteIndex + projectIndex) % 3)} ${PROJECTS[projectIndex] ?? ''}`;
        rows.push(job(nextId++, name, `${siteChain} : ${name}`, { id: siteId, name: siteName }, customer));
        projects += 1;
      }
    }
  }
  for (let at = 0; at < rows.length; at += 1000)
    await db.insert(netsuiteSandboxRecords).values(rows.slice(at, at + 1000));
  await syncRecordIdSequence(db);
  return projects;
}

function job(
  internalId: number,
  entityId: string,
  chain: string,
  parent: { id: number; name: string },
  customer: { id: string; refName: string },
): NewRecord {
  return {
    internalId,
    recordType: 'job',
    externalId: `PRJ-${internalId}`,
    searchText: chain,
    parentId: parent.id,
    body: {
      entityId,
      companyName: entityId,
      parent: { id: String(parent.id), refName: parent.name },
      customer,
      isInactive: false,
    },
  };
}
