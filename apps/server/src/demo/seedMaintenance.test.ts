import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceWindowState, toZonedLocal } from '@kelvin/domain';
import { activeMaintenanceAssetIds } from '../modules/maintenance/maintenanceCoverage.ts';
import type { Database } from '../platform/db/database.ts';
import { openTestDatabase } from '../testing/testServer.ts';
import { assetMaintenanceWindows } from '../platform/db/maintenanceSchema.ts';
import { assets } from '../platform/db/schema.ts';
import { seedDemo } from './seedDemo.ts';

describe('demo maintenance windows', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemo(database.db, {
      dataDir: mkdtempSync(path.join(tmpdir(), 'kelvin-seed-')),
      password: 'pw',
    });
  });
  afterAll(() => database.close());

  it('gives each customer a past, an upcoming and a canceled window, in its site’s zone, and none active', async () => {
    const windows = await database.db.select().from(assetMaintenanceWindows);
    const now = Date.now();
    for (const companyId of [2, 3, 4]) {
      const own = windows.filter((window) => window.companyId === companyId);
      const states = own.map((window) =>
        maintenanceWindowState(
          {
            from: window.startsAt.getTime(),
            to: window.endsAt.getTime(),
            canceledAt: window.canceledAt?.getTime() ?? null,
          },
          now,
        ),
      );
      expect(states.sort()).toEqual(['CANCELED', 'PAST', 'UPCOMING']);
      expect(own.find((window) => window.canceledAt !== null)?.cancelReason).toMatch(/postponed/);
    }
    const northwind = windows.filter((window) => window.companyId === 2);
    expect(new Set(northwind.map((window) => window.timeZoneId))).toEqual(new Set(['America/New_York']));
    // Planned at whole local hours, as a person would type them.
    for (const window of northwind)
      expect(toZonedLocal(window.startsAt.getTime(), 'America/New_York')).toMatch(/:00:00$/);
    // The simulator's problems stay visible: no demo unit starts in maintenance mode.
    const units = await database.db.select({ assetId: assets.assetId }).from(assets);
    expect(
      await activeMaintenanceAssetIds(
        database.db,
        units.map((unit) => unit.assetId),
        new Date(),
      ),
    ).toEqual(new Set());
  });
});
