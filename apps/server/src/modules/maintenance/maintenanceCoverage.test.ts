import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetStateSchema } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, makeAsset, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { activeMaintenanceAssetIds } from './maintenanceCoverage.ts';
import {
  HOUR,
  insertWindowRow,
  listOutput,
  maintenanceApi,
  windowBody,
  windowOf,
} from './maintenanceTestFixture.ts';

describe('maintenance windows: coverage, health and lists', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof maintenanceApi>;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    call = maintenanceApi(server);
  });
  afterAll(() => server.close());

  const healthOf = async (assetIds: number[]) => {
    const answer = await call.states(fleet.users.adminA, assetIds);
    expect(answer.status).toBe(200);
    return new Map(
      z
        .array(assetStateSchema)
        .parse(answer.body)
        .map((state) => [state.assetId, state.health]),
    );
  };

  it('turns every unit under a data hall to MAINTENANCE_MODE while its window is active, units added later too', async () => {
    const { users, ids, companyA } = fleet;
    const db = server.database.db;
    // Upcoming: nothing is in maintenance yet; it becomes active when its start passes.
    const soon = windowOf(
      await call.create(users.adminA, {
        ...windowBody(ids.hallA1, 0, 1),
        timeWindow: {
          from: new Date(Date.now() + 1500).toISOString(),
          to: new Date(Date.now() + HOUR).toISOString(),
        },
      }),
    );
    expect(soon.state).toBe('UPCOMING');
    expect((await healthOf([ids.unitA1])).get(ids.unitA1)).not.toBe('MAINTENANCE_MODE');
    await new Promise((resolve) => setTimeout(resolve, 1600));

    const later = await makeAsset(db, {
      companyId: companyA.companyId,
      assetTypeId: ASSET_TYPE.unit,
      parentAssetId: ids.hallA1,
      name: 'AN-CRAH-09',
    });
    const health = await healthOf([ids.unitA1, ids.unitA2, later, ids.hallA1, ids.unitA3, ids.siteA1]);
    expect(health.get(ids.unitA1)).toBe('MAINTENANCE_MODE');
    // Under a split unit in the hall: covered through two levels.
    expect(health.get(ids.unitA2)).toBe('MAINTENANCE_MODE');
    expect(health.get(later)).toBe('MAINTENANCE_MODE');
    expect(health.get(ids.hallA1)).toBe('MAINTENANCE_MODE');
    // Another hall, and the site above: not covered.
    expect(health.get(ids.unitA3)).not.toBe('MAINTENANCE_MODE');
    expect(health.get(ids.siteA1)).not.toBe('MAINTENANCE_MODE');

    const listed = listOutput.parse((await call.list(users.adminA, { filter: { assetIds: [later] } })).body);
    expect(listed.content.map((window) => [window.assetMaintenanceWindowId, window.state])).toEqual([
      [soon.assetMaintenanceWindowId, 'ACTIVE'],
    ]);

    // Canceled: the units leave maintenance mode at once.
    await call.cancel(users.adminA, [
      { assetMaintenanceWindowId: soon.assetMaintenanceWindowId, cancelReason: 'Postponed' },
    ]);
    expect((await healthOf([ids.unitA1, later])).get(later)).not.toBe('MAINTENANCE_MODE');
  });

  it('answers the covered units for the rest of the server: direct, through ancestors, never past or canceled', async () => {
    const { users, ids, companyA, companyB } = fleet;
    const db = server.database.db;
    const by = users.adminA.userId;
    await insertWindowRow(db, {
      companyId: companyA.companyId,
      assetId: ids.unitA3,
      createdBy: by,
      fromHours: -1,
      toHours: 1,
    });
    await insertWindowRow(db, {
      companyId: companyA.companyId,
      assetId: ids.siteA1,
      createdBy: by,
      fromHours: -3,
      toHours: -1,
    });
    await insertWindowRow(db, {
      companyId: companyB.companyId,
      assetId: ids.siteB,
      createdBy: by,
      fromHours: -1,
      toHours: 1,
    });
    const now = new Date();
    const covered = await activeMaintenanceAssetIds(
      db,
      [ids.unitA1, ids.unitA2, ids.unitA3, ids.unitB, ids.mauA],
      now,
    );
    expect([...covered].sort((a, b) => a - b)).toEqual([ids.unitA3, ids.unitB].sort((a, b) => a - b));
    // An hour ago the site window was active: the whole site was covered.
    const earlier = await activeMaintenanceAssetIds(
      db,
      [ids.unitA1, ids.unitA2],
      new Date(now.getTime() - 2 * HOUR),
    );
    expect(earlier).toEqual(new Set([ids.unitA1, ids.unitA2]));
    expect(await activeMaintenanceAssetIds(db, [], now)).toEqual(new Set());
  });

  it('lists with states, text, time and paging; past windows say so', async () => {
    const { users } = fleet;
    const all = listOutput.parse((await call.list(users.adminA)).body);
    expect(all.pageable).toMatchObject({ pageNumber: 0, pageSize: 25 });
    expect(all.pageable.totalSize).toBe(all.content.length);
    // Active first, then upcoming, then past and canceled.
    const rank = { ACTIVE: 0, UPCOMING: 1, PAST: 2, CANCELED: 2 };
    const ranks = all.content.map((window) => rank[window.state]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Company B's window is not Ada's to see.
    expect(all.content.every((window) => window.companyId === fleet.companyA.companyId)).toBe(true);

    const past = listOutput.parse((await call.list(users.adminA, { filter: { states: ['PAST'] } })).body);
    expect(past.content.length).toBeGreaterThan(0);
    expect(past.content.every((window) => window.state === 'PAST' && window.isPast)).toBe(true);

    const canceled = listOutput.parse(
      (await call.list(users.adminA, { filter: { text: 'postPONED' } })).body,
    );
    expect(canceled.content.map((window) => [window.state, window.cancelReason])).toEqual([
      ['CANCELED', 'Postponed'],
    ]);
    const noMatch = listOutput.parse((await call.list(users.adminA, { filter: { text: '100%_' } })).body);
    expect(noMatch.content).toEqual([]);

    const paged = listOutput.parse(
      (
        await call.list(users.adminA, {
          pageableQuery: {
            type: 'PAGED',
            pageSize: 1,
            pageNumber: 1,
            sort: [{ property: 'timeWindow.from', direction: 'ASC' }],
          },
        })
      ).body,
    );
    expect(paged.content).toHaveLength(1);
    expect(paged.pageable).toEqual({ totalSize: all.pageable.totalSize, pageSize: 1, pageNumber: 1 });
    const byStart = [...all.content].sort(
      (a, b) => Date.parse(a.timeWindow.from) - Date.parse(b.timeWindow.from),
    );
    expect(paged.content[0]?.assetMaintenanceWindowId).toBe(byStart[1]?.assetMaintenanceWindowId);

    // Only windows overlapping the last half hour: none of the ones that ended an hour or more ago.
    const recent = listOutput.parse(
      (await call.list(users.adminA, { filter: { from: new Date(Date.now() - HOUR / 2).toISOString() } }))
        .body,
    );
    expect(recent.content.every((window) => Date.parse(window.timeWindow.to) > Date.now() - HOUR / 2)).toBe(
      true,
    );
  });

  it('lists a unit’s windows with those of the assets above it, or only its own', async () => {
    const { users, ids } = fleet;
    const related = listOutput.parse(
      (await call.list(users.adminA, { filter: { assetIds: [ids.unitA1] } })).body,
    );
    expect(new Set(related.content.map((window) => window.assetId))).toEqual(
      new Set([ids.hallA1, ids.siteA1]),
    );
    const own = listOutput.parse(
      (await call.list(users.adminA, { filter: { assetIds: [ids.unitA1], includeRelated: false } })).body,
    );
    expect(own.content).toEqual([]);
    // A site's list holds the windows of what is beneath it.
    const site = listOutput.parse(
      (await call.list(users.adminA, { filter: { assetIds: [ids.siteA1] } })).body,
    );
    expect(site.content.map((window) => window.assetId)).toContain(ids.hallA1);
  });

  it('shows windows only to those who may read the asset: company, access groups, permission', async () => {
    const { users, ids } = fleet;
    const bravo = listOutput.parse((await call.list(users.adminB)).body);
    expect(bravo.content.map((window) => window.assetId)).toEqual([ids.siteB]);
    const asked = listOutput.parse(
      (await call.list(users.adminB, { filter: { assetIds: [ids.unitA1] } })).body,
    );
    expect(asked.content).toEqual([]);
    // The operator's group holds hall A1: its windows, not the site's above nor the other hall's.
    const operator = listOutput.parse((await call.list(users.operatorA)).body);
    expect(new Set(operator.content.map((window) => window.assetId))).toEqual(new Set([ids.hallA1]));
    const refused = await call.list(users.noRolesA);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).message).toBe('You need the assets:read permission to do this.');
    const badSort = await call.list(users.adminA, {
      pageableQuery: {
        type: 'PAGED',
        pageSize: 10,
        pageNumber: 0,
        sort: [{ property: 'companyId', direction: 'ASC' }],
      },
    });
    expect(badSort.status).toBe(400);
    const badRange = await call.list(users.adminA, {
      filter: { from: '2025-06-02T00:00:00Z', to: '2025-06-01T00:00:00Z' },
    });
    expect(errorOf(badRange).message).toContain('to must not be before from');
  });
});
