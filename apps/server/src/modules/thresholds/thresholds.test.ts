import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thresholdGroupSchema, thresholdsEndpoints } from '@kelvin/contract';
import { assets, events } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';

const supplyLimits = {
  metricAlias: 'temperature.supplyAir',
  criticalLow: 12,
  warningLow: 15,
  warningHigh: 24,
  criticalHigh: 27,
};

describe('threshold groups', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  const create = (user: { identityId: string }, body: Record<string, unknown>) =>
    api(user, 'POST', '/thresholdGroups.create', body);
  const groupEvents = (groupId: number) =>
    server.database.db
      .select()
      .from(events)
      .where(and(eq(events.subjectType, 'thresholdGroup'), eq(events.subjectId, String(groupId))));

  it('creates, lists, updates and attaches a group; the asset answers its limits; every change is audited', async () => {
    const created = await create(fleet.users.adminA, {
      companyId: fleet.companyA.companyId,
      name: 'CRAH supply',
      limits: [supplyLimits, { metricAlias: 'humidity.return', criticalLow: null, warningHigh: 60 }],
    });
    expect(created.status).toBe(200);
    const group = thresholdGroupSchema.parse(created.body);
    expect(group.limits[1]).toEqual({
      metricAlias: 'humidity.return',
      criticalLow: null,
      warningLow: null,
      warningHigh: 60,
      criticalHigh: null,
    });

    const attach = await api(fleet.users.adminA, 'POST', '/assets.update', {
      assetId: fleet.ids.unitA1,
      thresholdGroupId: group.thresholdGroupId,
    });
    expect(attach.status).toBe(200);
    const held = await api(fleet.users.operatorA, 'GET', `/assets/${fleet.ids.unitA1}/thresholds`);
    expect(held.status).toBe(200);
    expect(thresholdsEndpoints.assetThresholds.output.parse(held.body)).toMatchObject({
      thresholdGroupId: group.thresholdGroupId,
      name: 'CRAH supply',
      limits: [supplyLimits, expect.objectContaining({ metricAlias: 'humidity.return' })],
    });

    const updated = await api(fleet.users.adminA, 'POST', '/thresholdGroups.update', {
      thresholdGroupId: group.thresholdGroupId,
      limits: [{ ...supplyLimits, warningHigh: 25 }],
    });
    expect(updated.status).toBe(200);
    expect(thresholdGroupSchema.parse(updated.body)).toMatchObject({ assetCount: 1, name: 'CRAH supply' });

    const listed = await api(fleet.users.adminA, 'GET', '/thresholdGroups');
    expect(listed.status).toBe(200);
    expect(
      thresholdGroupSchema
        .array()
        .parse(listed.body)
        .map((one) => one.name),
    ).toEqual(['CRAH supply']);
    expect((await groupEvents(group.thresholdGroupId)).map((event) => event.name)).toEqual([
      'thresholdGroups.create',
      'thresholdGroups.update',
    ]);
  });

  it('keeps groups to their company: not listed, not changed, not attached across companies', async () => {
    const ownB = thresholdGroupSchema.parse(
      (await create(fleet.users.adminB, { companyId: fleet.companyB.companyId, name: 'Bravo' })).body,
    );
    const listedForA = thresholdGroupSchema
      .array()
      .parse((await api(fleet.users.adminA, 'GET', '/thresholdGroups')).body);
    expect(listedForA.map((one) => one.companyId)).not.toContain(fleet.companyB.companyId);
    const change = await api(fleet.users.adminA, 'POST', '/thresholdGroups.update', {
      thresholdGroupId: ownB.thresholdGroupId,
      name: 'Mine now',
    });
    expect(change.status).toBe(404);
    expect(errorOf(change).message).toBe('Threshold group not found.');
    const attach = await api(fleet.users.adminA, 'POST', '/assets.update', {
      assetId: fleet.ids.unitA3,
      thresholdGroupId: ownB.thresholdGroupId,
    });
    expect(attach.status).toBe(400);
    expect(errorOf(attach).details?.[0]?.field).toBe('body.thresholdGroupId');
    const [unit] = await server.database.db.select().from(assets).where(eq(assets.assetId, fleet.ids.unitA3));
    expect(unit?.thresholdGroupId).toBeNull();
    expect(
      (await create(fleet.users.adminA, { companyId: fleet.companyB.companyId, name: 'X' })).status,
    ).toBe(404);
    // An operator reads limits but may not write them.
    expect(
      (await create(fleet.users.operatorA, { companyId: fleet.companyA.companyId, name: 'X' })).status,
    ).toBe(403);
  });

  it('refuses limits out of order, a metric twice, or none set, naming the field', async () => {
    const cases: [unknown[], string, string][] = [
      [
        [{ ...supplyLimits, warningHigh: 10 }],
        'body.limits.0.warningHigh',
        'Warning high must not be below Critical low',
      ],
      [
        [{ ...supplyLimits, criticalHigh: 20 }],
        'body.limits.0.criticalHigh',
        'Critical high must not be below Warning high',
      ],
      [[supplyLimits, supplyLimits], 'body.limits.1.metricAlias', 'Each metric once per group'],
      [[{ metricAlias: 'fan.1.speed' }], 'body.limits.0.warningHigh', 'Set at least one limit'],
    ];
    for (const [limits, field, message] of cases) {
      const answer = await create(fleet.users.adminA, {
        companyId: fleet.companyA.companyId,
        name: 'Bad',
        limits,
      });
      expect(answer.status, field).toBe(400);
      expect(errorOf(answer).details).toContainEqual({ field, message });
    }
  });

  it('refuses to delete a group in use, and deletes it once no asset uses it', async () => {
    const group = thresholdGroupSchema.parse(
      (await create(fleet.users.adminA, { companyId: fleet.companyA.companyId, name: 'Short-lived' })).body,
    );
    await api(fleet.users.adminA, 'POST', '/assets.update', {
      assetId: fleet.ids.unitA2,
      thresholdGroupId: group.thresholdGroupId,
    });
    const refused = await api(fleet.users.adminA, 'POST', '/thresholdGroups.delete', {
      thresholdGroupId: group.thresholdGroupId,
    });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toBe('1 asset uses this threshold group: attach them to another first.');
    await api(fleet.users.adminA, 'POST', '/assets.update', {
      assetId: fleet.ids.unitA2,
      thresholdGroupId: null,
    });
    const deleted = await api(fleet.users.adminA, 'POST', '/thresholdGroups.delete', {
      thresholdGroupId: group.thresholdGroupId,
    });
    expect(deleted.status).toBe(200);
    const names = thresholdGroupSchema
      .array()
      .parse((await api(fleet.users.adminA, 'GET', '/thresholdGroups')).body)
      .map((one) => one.name);
    expect(names).not.toContain('Short-lived');
  });

  it('answers no limits for an asset without a group, and 404 for another company’s asset', async () => {
    const none = await api(fleet.users.adminA, 'GET', `/assets/${fleet.ids.unitA3}/thresholds`);
    expect(none.body).toEqual({ thresholdGroupId: null, name: null, limits: [] });
    expect((await api(fleet.users.adminA, 'GET', `/assets/${fleet.ids.unitB}/thresholds`)).status).toBe(404);
  });
});
