import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { conflictsOf, scheduleBody, scheduleOf, schedulingApi } from './schedulingTestKit.ts';

describe('schedules.conflicts', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof schedulingApi>;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    call = schedulingApi(server);
  });
  afterAll(() => server.close());

  it("names the technicians' overlapping entries, time off apart, the entry itself left out", async () => {
    const { users, companyA } = fleet;
    const tech = users.technician.userId;
    const admin = users.providerAdmin.userId;
    const plan = (resourceIds: number[], overrides: Record<string, unknown>) =>
      call.create(users.providerAdmin, scheduleBody(companyA.companyId, resourceIds, overrides));
    const visit = scheduleOf(await plan([tech], {}));
    const leave = scheduleOf(
      await plan([admin], {
        type: 'timeOff',
        title: 'Leave',
        startsAt: '2026-01-05T00:00:00Z',
        endsAt: '2026-01-06T00:00:00Z',
      }),
    );
    // Back to back with the visit: not a clash.
    await plan([tech], { type: 'travel', startsAt: '2026-01-05T10:00:00Z', endsAt: '2026-01-05T11:00:00Z' });

    const asked = { startsAt: '2026-01-05T09:00:00Z', endsAt: '2026-01-05T10:30:00Z' };
    const found = conflictsOf(
      await call.conflicts(users.providerAdmin, { ...asked, resourceIds: [tech, admin] }),
    );
    expect(found).toHaveLength(3);
    expect(found).toContainEqual(
      expect.objectContaining({ userId: tech, kind: 'doubleBooking', scheduleId: visit.scheduleId }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({
        userId: admin,
        kind: 'timeOff',
        scheduleId: leave.scheduleId,
        type: 'timeOff',
      }),
    );
    const exact = { startsAt: '2026-01-05T08:00:00Z', endsAt: '2026-01-05T10:00:00Z', resourceIds: [tech] };
    expect(conflictsOf(await call.conflicts(users.providerAdmin, exact)).map((c) => c.scheduleId)).toEqual([
      visit.scheduleId,
    ]);
    expect(
      conflictsOf(await call.conflicts(users.providerAdmin, { ...exact, scheduleId: visit.scheduleId })),
    ).toEqual([]);
    const backwards = await call.conflicts(users.providerAdmin, { ...exact, endsAt: exact.startsAt });
    expect(errorOf(backwards).details).toContainEqual({
      field: 'body.endsAt',
      message: 'End must be after the start.',
    });
    // A customer sees only what they read: no provider entries of theirs, so no conflicts.
    expect(conflictsOf(await call.conflicts(users.adminB, { ...asked, resourceIds: [tech, admin] }))).toEqual(
      [],
    );
    expect((await call.conflicts(users.noRolesA, { ...asked, resourceIds: [tech] })).status).toBe(403);
  });
});
