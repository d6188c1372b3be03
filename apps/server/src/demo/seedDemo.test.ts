import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../platform/db/database.ts';
import { assets, companies, events, users } from '../platform/db/schema.ts';
import { verifyPassword } from '../platform/identity/passwords.ts';
import { seedDemo } from './seedDemo.ts';

describe('seedDemo', () => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  it('creates the provider (id 1), two customers with a site tree, users, and audit events', async () => {
    database = await openDatabase({});
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-seed-'));
    const summary = await seedDemo(database.db, { dataDir, password: 'correct horse battery' });
    expect(summary.created).toBe(true);

    const allCompanies = await database.db.select().from(companies).orderBy(companies.companyId);
    expect(allCompanies.map((c) => [c.companyId, c.name])).toEqual([
      [1, 'Kelvin Services'],
      [2, 'Northwind Data Centers'],
      [3, 'Fjord Colocation'],
    ]);
    for (const customerId of [2, 3]) {
      const types = (await database.db.select().from(assets).where(eq(assets.companyId, customerId))).map(
        (asset) => asset.assetTypeId,
      );
      expect(types.filter((type) => type === 1)).toHaveLength(1);
      expect(types.filter((type) => type === 4).length).toBeGreaterThanOrEqual(3);
      expect(types).toContain(61);
    }
    expect(summary.users.map((user) => user.role)).toEqual([
      'Provider Administrator',
      'Provider Service Technician',
      'Customer Administrator',
      'Customer Operator',
      'Customer Administrator',
      'Customer Operator',
    ]);
    const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@kelvin.example'));
    expect(await verifyPassword(admin?.passwordHash, 'correct horse battery')).toBe(true);
    expect(readFileSync(path.join(dataDir, 'demo-password.txt'), 'utf8').trim()).toBe('correct horse battery');
    const [eventCount] = await database.db.select({ n: count() }).from(events);
    expect(eventCount?.n).toBeGreaterThan(20);
  });

  it('keeps the data and the first password on a second start', async () => {
    database = await openDatabase({});
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-seed-'));
    const first = await seedDemo(database.db, { dataDir });
    expect(first.password).toMatch(/^[\w-]{16}$/);
    const second = await seedDemo(database.db, { dataDir, password: 'a different one' });
    expect(second.created).toBe(false);
    expect(second.password).toBe(first.password);
    const [companyCount] = await database.db.select({ n: count() }).from(companies);
    expect(companyCount?.n).toBe(3);
  });
});
