import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/database.ts';
import { openTestDatabase } from '../testing/testServer.ts';
import { DEVICE_LAYOUTS, placementError } from '@kelvin/domain';
import { accessGroupAssetIds } from '../modules/access/assetAccess.ts';
import {
  assetArtifacts,
  assetProperties,
  assets,
  assetTypeProperties,
  companies,
  events,
  thresholdGroups,
  users,
} from '../platform/db/schema.ts';
import { verifyPassword } from '../platform/identity/passwords.ts';
import { seedDemo } from './seedDemo.ts';

describe('seedDemo', () => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  it('creates the provider (id 1), three customers with a fleet, users, access groups and audit events', async () => {
    database = await openTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-seed-'));
    const summary = await seedDemo(database.db, { dataDir, password: 'correct horse battery' });
    expect(summary.created).toBe(true);

    const allCompanies = await database.db.select().from(companies).orderBy(companies.companyId);
    expect(allCompanies.map((c) => [c.companyId, c.name])).toEqual([
      [1, 'Kelvin Services'],
      [2, 'Northwind Data Centers'],
      [3, 'Fjord Colocation'],
      [4, 'Meridian Cloud'],
    ]);
    const fleet = await database.db.select().from(assets);
    const ofType = (type: number) => fleet.filter((asset) => asset.assetTypeId === type);
    expect(ofType(1)).toHaveLength(6);
    expect(ofType(4).length).toBeGreaterThanOrEqual(38);
    expect(ofType(67)).toHaveLength(3);
    expect(ofType(70)).toHaveLength(2);
    expect(ofType(61)).toHaveLength(ofType(3).length);
    for (const customerId of [2, 3, 4]) {
      const types = fleet.filter((asset) => asset.companyId === customerId).map((asset) => asset.assetTypeId);
      expect(types.filter((type) => type === 1).length).toBeGreaterThanOrEqual(2);
      expect(types).toContain(61);
    }
    // Every asset sits where the hierarchy rules allow, within its own company.
    const byId = new Map(fleet.map((asset) => [asset.assetId, asset]));
    for (const asset of fleet) {
      const parent = asset.parentAssetId === null ? undefined : byId.get(asset.parentAssetId);
      expect(placementError(asset.assetTypeId, parent?.assetTypeId ?? null)).toBeNull();
      if (parent) expect(parent.companyId).toBe(asset.companyId);
    }
    // Customer users see their whole company fleet through their default access groups.
    for (const demoUser of summary.users.filter((user) => user.role.startsWith('Customer'))) {
      const [user] = await database.db.select().from(users).where(eq(users.email, demoUser.email));
      if (!user) throw new Error(`missing ${demoUser.email}`);
      const visible = await accessGroupAssetIds(database.db, user.userId);
      expect(visible.size).toBe(fleet.filter((asset) => asset.companyId === user.companyId).length);
    }
    // Each customer's units are held to its threshold group, so charts can show limits from the first start.
    const groups = await database.db.select().from(thresholdGroups);
    expect(groups.map((group) => group.companyId).sort()).toEqual([2, 3, 4]);
    for (const unit of ofType(4)) {
      const group = groups.find((one) => one.thresholdGroupId === unit.thresholdGroupId);
      expect(group?.companyId).toBe(unit.companyId);
    }
    // Every layout the data hall view draws is found in some hall; units record their hall's layout.
    const layoutOf = async (assetId: number) =>
      (
        await database?.db
          .select()
          .from(assetProperties)
          .where(and(eq(assetProperties.assetId, assetId), eq(assetProperties.name, 'deviceLayout')))
      )?.[0]?.value;
    const hallLayouts = await Promise.all(ofType(3).map((hall) => layoutOf(hall.assetId)));
    expect(new Set(hallLayouts)).toEqual(new Set(DEVICE_LAYOUTS));
    const firstUnit = ofType(4)[0];
    expect(await layoutOf(firstUnit?.assetId ?? 0)).toBe(await layoutOf(firstUnit?.parentAssetId ?? 0));
    // No agent polls the make-up-air units: not monitored, so their silence raises nothing.
    expect(ofType(70).map((mau) => mau.isMonitored)).toEqual([false, false]);
    const metadata = await database.db.select().from(assetArtifacts);
    expect(metadata).toHaveLength(ofType(61).length);
    expect((await database.db.select().from(assetTypeProperties)).length).toBeGreaterThan(20);
    expect(summary.users.map((user) => user.role)).toEqual([
      'Provider Administrator',
      'Provider Service Technician',
      'Customer Administrator',
      'Customer Operator',
      'Customer Administrator',
      'Customer Operator',
      'Customer Administrator',
      'Customer Operator',
    ]);
    const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@kelvin.example'));
    expect(await verifyPassword(admin?.passwordHash, 'correct horse battery')).toBe(true);
    expect(readFileSync(path.join(dataDir, 'demo-password.txt'), 'utf8').trim()).toBe(
      'correct horse battery',
    );
    const [eventCount] = await database.db.select({ n: count() }).from(events);
    expect(eventCount?.n).toBeGreaterThan(fleet.length);
  });

  it('keeps the data and the first password on a second start', async () => {
    database = await openTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-seed-'));
    const first = await seedDemo(database.db, { dataDir });
    expect(first.password).toMatch(/^[\w-]{16}$/);
    const second = await seedDemo(database.db, { dataDir, password: 'a different one' });
    expect(second.created).toBe(false);
    expect(second.password).toBe(first.password);
    const [companyCount] = await database.db.select({ n: count() }).from(companies);
    expect(companyCount?.n).toBe(4);
  });
});
