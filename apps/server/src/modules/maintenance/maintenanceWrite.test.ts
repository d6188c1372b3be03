import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceWindowSchema } from '@kelvin/contract';
import { assetMaintenanceWindows } from '../../platform/db/maintenanceSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import {
  insertWindowRow,
  listOutput,
  maintenanceApi,
  maintenanceEvents,
  windowBody,
  windowOf,
} from './maintenanceTestFixture.ts';

describe('maintenance windows: create, update, cancel', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof maintenanceApi>;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    call = maintenanceApi(server);
  });
  afterAll(() => server.close());

  const windowCount = async () => (await server.database.db.select().from(assetMaintenanceWindows)).length;

  it('creates a window on a data hall, with who created it, and audits it on the hall', async () => {
    const { users, ids } = fleet;
    const created = await call.create(users.adminA, windowBody(ids.hallA1, 2, 6, '  Chiller swap  '));
    expect(created.status).toBe(200);
    const window = windowOf(created);
    expect(window).toMatchObject({
      assetId: ids.hallA1,
      assetName: 'Alpha North Hall 1',
      assetTypeId: 3,
      companyId: fleet.companyA.companyId,
      description: 'Chiller swap',
      timeZoneId: 'Europe/Berlin',
      state: 'UPCOMING',
      isPast: false,
      canceledAt: null,
      cancelReason: null,
      canceledBy: null,
      createdBy: { userId: users.adminA.userId, name: 'Ada Alpha' },
    });
    const [event] = await maintenanceEvents(server.database.db, ids.hallA1);
    expect(event).toMatchObject({
      name: 'maintenanceWindows.create',
      actorUserId: users.adminA.userId,
      companyId: fleet.companyA.companyId,
      subjectType: 'asset',
      data: {
        assetMaintenanceWindowId: window.assetMaintenanceWindowId,
        description: 'Chiller swap',
        timeZoneId: 'Europe/Berlin',
      },
    });
  });

  it('refuses bad input with a message naming the field, and writes nothing', async () => {
    const { users, ids } = fleet;
    const before = await windowCount();
    const refusals: [unknown, string][] = [
      [{ ...windowBody(ids.unitA1, 3, 1) }, 'End must be after start'],
      [
        { ...windowBody(ids.unitA1, 1, 2), timeZoneId: 'Moon/Base' },
        'Time zone is not a known IANA time zone',
      ],
      [{ ...windowBody(ids.unitA1, 1, 2), description: ' ' }, 'Description is required'],
      [
        { ...windowBody(ids.unitA1, 1, 2), description: 'x'.repeat(1001) },
        'Description is at most 1000 characters',
      ],
      [{ ...windowBody(ids.unitA1, 1, 2), timeWindow: { from: 'tomorrow', to: 'later' } }, 'Expected a date'],
      [{ ...windowBody(ids.unitA1, 0, 400 * 24) }, 'at most 366 days'],
      [windowBody(ids.unitA1, -3, -1), 'The window has already ended: its end must be in the future.'],
      [
        windowBody(ids.agentA1, 1, 2),
        'Maintenance windows cover units, or the sites, buildings and data halls',
      ],
      [{ assetId: ids.unitA1 }, 'description'],
    ];
    for (const [body, message] of refusals) {
      const answer = await call.create(users.adminA, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const error = errorOf(answer);
      expect(`${error.message} ${JSON.stringify(error.details)}`).toContain(message);
    }
    expect(await windowCount()).toBe(before);
  });

  it('refuses without the permission (403) and hides another company’s asset and window (404)', async () => {
    const { users, ids } = fleet;
    const before = await windowCount();
    expect((await call.create(users.operatorA, windowBody(ids.unitA1, 1, 2))).status).toBe(403);
    expect(errorOf(await call.create(users.operatorA, windowBody(ids.unitA1, 1, 2))).message).toBe(
      'You need the maintenanceWindows:write permission to do this.',
    );
    const foreign = await call.create(users.adminB, windowBody(ids.hallA1, 1, 2));
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).message).toBe('Asset not found.');
    expect((await call.create(users.adminA, windowBody(999_999, 1, 2))).status).toBe(404);
    expect(await windowCount()).toBe(before);

    const mine = windowOf(await call.create(users.adminA, windowBody(ids.unitA1, 1, 2)));
    const id = mine.assetMaintenanceWindowId;
    const edit = { assetMaintenanceWindowId: id, ...windowBody(ids.unitA1, 1, 3), assetId: undefined };
    const foreignEdit = await call.update(users.adminB, edit);
    expect(foreignEdit.status).toBe(404);
    expect(errorOf(foreignEdit).message).toBe(`Maintenance window ${id} not found.`);
    const foreignCancel = await call.cancel(users.adminB, [
      { assetMaintenanceWindowId: id, cancelReason: 'Mine now' },
    ]);
    expect(foreignCancel.status).toBe(404);
    expect(
      (await call.cancel(users.operatorA, [{ assetMaintenanceWindowId: id, cancelReason: 'x' }])).status,
    ).toBe(403);
    const unchanged = await server.database.db
      .select()
      .from(assetMaintenanceWindows)
      .where(eq(assetMaintenanceWindows.assetMaintenanceWindowId, id));
    expect(unchanged[0]?.canceledAt).toBeNull();
    // Provider staff reach every company.
    expect((await call.update(users.technician, edit)).status).toBe(200);
  });

  it('updates an upcoming or active window, audits before and after, and refuses a past or canceled one (409)', async () => {
    const { users, ids, companyA } = fleet;
    const db = server.database.db;
    const active = windowOf(await call.create(users.adminA, windowBody(ids.unitA3, -1, 1)));
    expect(active.state).toBe('ACTIVE');
    const { assetId: _assetId, ...changes } = windowBody(ids.unitA3, -1, 4, 'Longer than planned');
    const updated = await call.update(users.providerAdmin, {
      assetMaintenanceWindowId: active.assetMaintenanceWindowId,
      ...changes,
      timeZoneId: 'America/New_York',
    });
    expect(updated.status).toBe(200);
    expect(windowOf(updated)).toMatchObject({
      description: 'Longer than planned',
      timeZoneId: 'America/New_York',
      timeWindow: changes.timeWindow,
      state: 'ACTIVE',
      createdBy: { userId: users.adminA.userId },
    });
    const event = (await maintenanceEvents(db, ids.unitA3)).find(
      (e) => e.name === 'maintenanceWindows.update',
    );
    expect(event?.actorUserId).toBe(users.providerAdmin.userId);
    expect(event?.data).toMatchObject({
      before: { description: 'Replace filters', timeZoneId: 'Europe/Berlin' },
      after: { description: 'Longer than planned', timeZoneId: 'America/New_York' },
    });

    const pastId = await insertWindowRow(db, {
      companyId: companyA.companyId,
      assetId: ids.unitA3,
      createdBy: users.adminA.userId,
      fromHours: -5,
      toHours: -1,
    });
    const past = await call.update(users.adminA, { assetMaintenanceWindowId: pastId, ...changes });
    expect(past.status).toBe(409);
    expect(errorOf(past)).toMatchObject({
      code: 'CONFLICT',
      message: 'This maintenance window is over and can no longer be changed.',
    });
    // An edit may not end the window in the past either: cancel is the way to end it early.
    const backdated = await call.update(users.adminA, {
      assetMaintenanceWindowId: active.assetMaintenanceWindowId,
      ...windowBody(ids.unitA3, -3, -2),
      assetId: undefined,
    });
    expect(backdated.status).toBe(400);
    expect((await call.update(users.adminA, { assetMaintenanceWindowId: 999_999, ...changes })).status).toBe(
      404,
    );
  });

  it('cancels windows with their reasons, all or none; a canceled one cannot be canceled again or edited', async () => {
    const { users, ids } = fleet;
    const db = server.database.db;
    const first = windowOf(await call.create(users.adminA, windowBody(ids.siteA2, 1, 3)));
    const second = windowOf(await call.create(users.adminA, windowBody(ids.buildingA2, -1, 3)));
    const canceled = await call.cancel(users.adminA, [
      { assetMaintenanceWindowId: first.assetMaintenanceWindowId, cancelReason: ' Parts delayed ' },
    ]);
    expect(canceled.status).toBe(200);
    const [done] = maintenanceWindowSchema.array().parse(canceled.body);
    expect(done).toMatchObject({
      state: 'CANCELED',
      cancelReason: 'Parts delayed',
      canceledBy: { userId: users.adminA.userId, name: 'Ada Alpha' },
      isPast: false,
    });
    expect(done?.canceledAt).not.toBeNull();
    const [event] = await maintenanceEvents(db, ids.siteA2).then((rows) =>
      rows.filter((row) => row.name === 'maintenanceWindows.cancel'),
    );
    expect(event?.data).toMatchObject({ cancelReason: 'Parts delayed', stateBefore: 'UPCOMING' });

    // One already canceled in the list: 409, and the other one stays as it was.
    const both = await call.cancel(users.adminA, [
      { assetMaintenanceWindowId: second.assetMaintenanceWindowId, cancelReason: 'Done early' },
      { assetMaintenanceWindowId: first.assetMaintenanceWindowId, cancelReason: 'Again' },
    ]);
    expect(both.status).toBe(409);
    expect(errorOf(both).message).toBe(
      `Maintenance window ${first.assetMaintenanceWindowId} is already canceled.`,
    );
    const [stillOpen] = await db
      .select()
      .from(assetMaintenanceWindows)
      .where(eq(assetMaintenanceWindows.assetMaintenanceWindowId, second.assetMaintenanceWindowId));
    expect(stillOpen?.canceledAt).toBeNull();

    const edit = await call.update(users.adminA, {
      assetMaintenanceWindowId: first.assetMaintenanceWindowId,
      ...windowBody(ids.siteA2, 1, 3),
      assetId: undefined,
    });
    expect(edit.status).toBe(409);
    expect(errorOf(edit).message).toBe('This maintenance window is canceled and can no longer be changed.');

    // An active window can be canceled: it ends at once.
    const ended = await call.cancel(users.technician, [
      { assetMaintenanceWindowId: second.assetMaintenanceWindowId, cancelReason: 'Done early' },
    ]);
    expect(maintenanceWindowSchema.array().parse(ended.body)[0]?.state).toBe('CANCELED');
  });

  it('refuses to cancel a window that is over (409), and leaves it as it was', async () => {
    const { users, ids, companyA } = fleet;
    const db = server.database.db;
    const pastId = await insertWindowRow(db, {
      companyId: companyA.companyId,
      assetId: ids.unitA2,
      createdBy: users.adminA.userId,
      fromHours: -5,
      toHours: -1,
    });
    const refused = await call.cancel(users.adminA, [
      { assetMaintenanceWindowId: pastId, cancelReason: 'Too late' },
    ]);
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'CONFLICT',
      message: `Maintenance window ${pastId} is over and can no longer be canceled.`,
    });
    const [row] = await db
      .select()
      .from(assetMaintenanceWindows)
      .where(eq(assetMaintenanceWindows.assetMaintenanceWindowId, pastId));
    expect(row?.canceledAt).toBeNull();
    expect(row?.cancelReason).toBeNull();
  });

  it('refuses a cancel without a reason, with a window named twice, or with an empty list', async () => {
    const { users, ids } = fleet;
    const window = windowOf(await call.create(users.adminA, windowBody(ids.unitA2, 1, 2)));
    const id = window.assetMaintenanceWindowId;
    const cases: [unknown, string][] = [
      [[{ assetMaintenanceWindowId: id, cancelReason: '   ' }], 'Cancel reason is required'],
      [[{ assetMaintenanceWindowId: id }], 'cancelReason'],
      [
        [
          { assetMaintenanceWindowId: id, cancelReason: 'a' },
          { assetMaintenanceWindowId: id, cancelReason: 'b' },
        ],
        `Window ${id} is named twice`,
      ],
      [[], 'Name at least one window to cancel'],
      [{ assetMaintenanceWindowId: id, cancelReason: 'not a list' }, 'body'],
    ];
    for (const [body, message] of cases) {
      const answer = await call.cancel(users.adminA, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const error = errorOf(answer);
      expect(`${error.message} ${JSON.stringify(error.details)}`).toContain(message);
    }
    const listed = await call.list(users.adminA, {
      filter: { assetIds: [ids.unitA2], includeRelated: false },
    });
    const [still] = listOutput.parse(listed.body).content;
    expect(still).toMatchObject({ assetMaintenanceWindowId: id, state: 'UPCOMING', cancelReason: null });
  });
});
