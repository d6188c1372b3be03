import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ticketComments,
  ticketConsumables,
  ticketStatusChanges,
  tickets,
} from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { SALES_PRICE_BLOCKER } from './ticketRules.ts';
import {
  assignableOf,
  expectRefused,
  historyOf,
  ticketEvents,
  ticketOf,
  ticketsApi,
} from './ticketsTestKit.ts';

const OWNER = 1;
const WORKER = 2;
const REQUESTER = 0;

describe('tickets: create, read, change', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof ticketsApi>;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    call = ticketsApi(server);
  });
  afterAll(() => server.close());

  const newTicket = (overrides: Record<string, unknown> = {}) =>
    call.create(fleet.users.technician, {
      companyId: fleet.companyA.companyId,
      title: 'Supply air too warm',
      description: 'Compressor trips on high pressure',
      ...overrides,
    });

  it('creates a ticket with its assets and people, INTERNAL by default for provider staff, and audits it', async () => {
    const { users, ids } = fleet;
    const ticket = ticketOf(
      await newTicket({
        assetIds: [ids.unitA1, ids.unitA1],
        priorityEnumValue: 2,
        estimatedDuration: 'PT4H30M',
        users: [
          { userId: users.technician.userId, relationTypeEnumValue: OWNER },
          { userId: users.providerAdmin.userId, relationTypeEnumValue: WORKER },
        ],
      }),
    );
    expect(ticket).toMatchObject({
      companyId: fleet.companyA.companyId,
      companyName: 'Alpha Hosting',
      title: 'Supply air too warm',
      visibility: 'INTERNAL',
      statusEnumKey: 'new',
      statusEnumValue: 0,
      priorityEnumKey: 'high',
      severityEnumKey: 'normal',
      typeEnumKey: 'incident',
      sourceEnumKey: 'internal',
      ticketState: 'OPEN',
      closedAt: null,
      isFrozen: false,
      isBillable: false,
      netSuiteBillingState: 'NOT_BILLABLE',
      netsuiteBlockers: [],
      estimatedDuration: 'PT4H30M',
      assets: [
        {
          assetId: ids.unitA1,
          displayName: 'AN-CRAH-01',
          activeCoverage: { contracts: [], warranties: [], label: 'No Coverage' },
        },
      ],
      ticketAssetCoverage: [{ assetId: ids.unitA1, contracts: [], warranties: [] }],
    });
    expect(ticket.users.map((u) => [u.userId, u.relationTypeEnumKey])).toEqual([
      [users.technician.userId, 'owner'],
      [users.providerAdmin.userId, 'worker'],
    ]);
    const [event] = await ticketEvents(db(), ticket.ticketId);
    expect(event).toMatchObject({
      name: 'tickets.create',
      actorUserId: users.technician.userId,
      companyId: fleet.companyA.companyId,
      data: { title: 'Supply air too warm', statusEnumValue: 0, assetIds: [ids.unitA1] },
    });
    const changes = await db()
      .select()
      .from(ticketStatusChanges)
      .where(eq(ticketStatusChanges.ticketId, ticket.ticketId));
    expect(changes.map((row) => row.statusValue)).toEqual([0]);
  });

  it("makes an external user's ticket EXTERNAL whatever they ask, from the portal", async () => {
    const ticket = ticketOf(
      await call.create(fleet.users.adminA, {
        companyId: fleet.companyA.companyId,
        title: 'Noise from unit',
        visibility: 'INTERNAL',
        assetIds: [fleet.ids.unitA2],
      }),
    );
    expect(ticket).toMatchObject({ visibility: 'EXTERNAL', sourceEnumKey: 'portal' });
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const { users, ids, companyA } = fleet;
    const refusals: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, 'body.title'],
      [{ severityEnumValue: 5 }, 'body.severityEnumValue'],
      [{ priorityEnumValue: 3 }, 'body.priorityEnumValue'],
      [{ typeEnumValue: -1 }, 'body.typeEnumValue'],
      [{ statusEnumValue: 1 }, 'body.statusEnumValue'],
      [{ sourceEnumValue: 9 }, 'body.sourceEnumValue'],
      [{ estimatedDuration: '4 hours' }, 'body.estimatedDuration'],
      [{ visibility: 'PUBLIC' }, 'body.visibility'],
      [{ assetIds: [ids.unitB] }, 'body.assetIds'],
      [{ assetIds: [999_999] }, 'body.assetIds'],
      [{ users: [{ userId: users.technician.userId, relationTypeEnumValue: 7 }] }, 'body.users'],
      [
        {
          users: [
            { userId: users.technician.userId, relationTypeEnumValue: OWNER },
            { userId: users.providerAdmin.userId, relationTypeEnumValue: OWNER },
          ],
        },
        'body.users',
      ],
      [{ users: [{ userId: users.adminB.userId, relationTypeEnumValue: WORKER }] }, 'body.users'],
      [{ users: [{ userId: users.noRolesA.userId, relationTypeEnumValue: WORKER }] }, 'body.users'],
      // An external user cannot read an INTERNAL ticket, so cannot be its requester.
      [{ users: [{ userId: users.adminA.userId, relationTypeEnumValue: REQUESTER }] }, 'body.users'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [overrides, field] of refusals) {
      await expectRefused(
        db(),
        () => call.create(users.technician, { companyId: companyA.companyId, title: 'Valid', ...overrides }),
        400,
        field,
      );
    }
  });

  it("hides another company's tickets and INTERNAL ones from external users (404), and needs the permission (403)", async () => {
    const { users } = fleet;
    const internal = ticketOf(await newTicket());
    // On a unit in the operator's access groups: a customer sees a ticket through its assets.
    const external = ticketOf(
      await newTicket({
        visibility: 'EXTERNAL',
        title: 'Shared with customer',
        assetIds: [fleet.ids.unitA1],
      }),
    );
    expect((await call.get(users.adminB, { ticketId: internal.ticketId })).status).toBe(404);
    expect((await call.get(users.adminB, { ticketId: external.ticketId })).status).toBe(404);
    expect((await call.get(users.operatorA, { ticketId: internal.ticketId })).status).toBe(404);
    expect((await call.history(users.operatorA, { ticketId: internal.ticketId })).status).toBe(404);
    expect((await call.get(users.operatorA, { ticketId: external.ticketId })).status).toBe(200);
    expect((await call.get(users.technician, { ticketId: 987_654 })).status).toBe(404);
    expect((await call.get(users.noRolesA, { ticketId: external.ticketId })).status).toBe(403);
    await expectRefused(
      db(),
      () => call.create(users.adminB, { companyId: fleet.companyA.companyId, title: 'Not theirs' }),
      404,
    );
    await expectRefused(
      db(),
      () => call.update(users.adminB, { ticketId: external.ticketId, title: 'Not theirs' }),
      404,
    );
    // The operator reads the company's tickets but may not change them.
    await expectRefused(
      db(),
      () => call.update(users.operatorA, { ticketId: external.ticketId, title: 'Mine now' }),
      403,
    );
    await expectRefused(db(), () => call.create(users.noRolesA, { companyId: 2, title: 'x' }), 403);
  });

  it('moves status with ticketState and closedAt following, one status change row each', async () => {
    const { ticketId } = ticketOf(await newTicket());
    const move = async (statusEnumValue: number) =>
      ticketOf(await call.changeStatus(fleet.users.technician, { ticketId, statusEnumValue }));
    expect(await move(2)).toMatchObject({ statusEnumKey: 'inProgress', ticketState: 'OPEN', closedAt: null });
    expect(await move(7)).toMatchObject({
      statusEnumKey: 'resolved',
      ticketState: 'RESOLVED',
      closedAt: null,
    });
    const closed = await move(11);
    expect(closed).toMatchObject({ statusEnumKey: 'closed', ticketState: 'CLOSED' });
    expect(closed.closedAt).not.toBeNull();
    expect((await move(11)).closedAt).toBe(closed.closedAt);
    expect(await move(3)).toMatchObject({ statusEnumKey: 'onHold', ticketState: 'OPEN', closedAt: null });
    const rows = await db()
      .select()
      .from(ticketStatusChanges)
      .where(eq(ticketStatusChanges.ticketId, ticketId));
    expect(rows.map((row) => row.statusValue)).toEqual([0, 2, 7, 11, 3]);
    const statusEvents = (await ticketEvents(db(), ticketId)).filter(
      (e) => e.name === 'tickets.changeStatus',
    );
    expect(statusEvents.map((e) => e.data)).toContainEqual(expect.objectContaining({ from: 7, to: 11 }));
    await expectRefused(
      db(),
      () => call.changeStatus(fleet.users.technician, { ticketId, statusEnumValue: -1 }),
      400,
      'body.statusEnumValue',
    );
  });

  it('updates the given fields, records old and new values, keeps the search document and billing state', async () => {
    const { ticketId } = ticketOf(await newTicket());
    const updated = ticketOf(
      await call.update(fleet.users.technician, {
        ticketId,
        title: 'Chiller fault',
        isBillable: true,
        priorityEnumValue: 0,
      }),
    );
    expect(updated).toMatchObject({
      title: 'Chiller fault',
      isBillable: true,
      netSuiteBillingState: 'PENDING_SALES_ORDER',
      priorityEnumKey: 'low',
    });
    const update = (await ticketEvents(db(), ticketId)).find((e) => e.name === 'tickets.update');
    expect(update?.data).toEqual({
      changes: {
        title: { from: 'Supply air too warm', to: 'Chiller fault' },
        isBillable: { from: false, to: true },
        priorityEnumValue: { from: 1, to: 0 },
        netSuiteBillingState: { from: 'NOT_BILLABLE', to: 'PENDING_SALES_ORDER' },
      },
    });
    const [row] = await db()
      .select({ search: tickets.search })
      .from(tickets)
      .where(eq(tickets.ticketId, ticketId));
    expect(row?.search).toContain("'chiller'");
    expect(row?.search).not.toContain("'supply'");
    expect(
      ticketOf(await call.update(fleet.users.technician, { ticketId, isBillable: false }))
        .netSuiteBillingState,
    ).toBe('NOT_BILLABLE');
    // Nothing changed: nothing written.
    await expectRefused(
      db(),
      () => call.update(fleet.users.technician, { ticketId, title: 'Chiller fault' }),
      200,
    );
    await expectRefused(
      db(),
      () => call.update(fleet.users.technician, { ticketId, typeEnumValue: 2 }),
      400,
      'body.typeEnumValue',
    );
  });

  it('does not let an external user choose visibility', async () => {
    const ticket = ticketOf(
      await call.create(fleet.users.adminA, {
        companyId: fleet.companyA.companyId,
        title: 'Door alarm',
        assetIds: [fleet.ids.unitA1],
      }),
    );
    await expectRefused(
      db(),
      () => call.update(fleet.users.adminA, { ticketId: ticket.ticketId, visibility: 'INTERNAL' }),
      403,
    );
  });

  it('shows the accounting blocker while a consumable has no positive sales price', async () => {
    const { ticketId } = ticketOf(await newTicket());
    const [part] = await db()
      .insert(ticketConsumables)
      .values({ ticketId, type: 'PART', displayName: 'Filter', salesPrice: null })
      .returning();
    const get = async () => ticketOf(await call.get(fleet.users.technician, { ticketId })).netsuiteBlockers;
    expect(await get()).toEqual([SALES_PRICE_BLOCKER]);
    await db().update(ticketConsumables).set({ salesPrice: 0 });
    expect(await get()).toEqual([SALES_PRICE_BLOCKER]);
    if (part) {
      await db()
        .update(ticketConsumables)
        .set({ salesPrice: 12.5 })
        .where(eq(ticketConsumables.ticketConsumableId, part.ticketConsumableId));
    }
    expect(await get()).toEqual([]);
  });

  it('refuses every change of a frozen ticket with 409 until it is unfrozen', async () => {
    const { users, ids } = fleet;
    const { ticketId } = ticketOf(await newTicket());
    expect(ticketOf(await call.setFrozen(users.technician, { ticketId, isFrozen: true })).isFrozen).toBe(
      true,
    );
    const frozenCalls = [
      () => call.update(users.technician, { ticketId, title: 'Changed' }),
      () => call.changeStatus(users.technician, { ticketId, statusEnumValue: 2 }),
      () =>
        call.addUser(users.technician, {
          ticketId,
          userId: users.technician.userId,
          relationTypeEnumValue: WORKER,
        }),
      () => call.addAssets(users.technician, { ticketId, assetIds: [ids.unitA3] }),
      () => call.removeAssets(users.technician, { ticketId, assetIds: [ids.unitA3] }),
      () => call.setFrozen(users.technician, { ticketId, isFrozen: true }),
    ];
    for (const frozenCall of frozenCalls) await expectRefused(db(), frozenCall, 409, 'frozen');
    expect(ticketOf(await call.setFrozen(users.technician, { ticketId, isFrozen: false })).isFrozen).toBe(
      false,
    );
    expect(ticketOf(await call.update(users.technician, { ticketId, title: 'Changed' })).title).toBe(
      'Changed',
    );
    const names = (await ticketEvents(db(), ticketId)).map((e) => [e.name, e.data.isFrozen]);
    expect(names).toContainEqual(['tickets.setFrozen', true]);
    expect(names).toContainEqual(['tickets.setFrozen', false]);
  });

  it('assigns people with one owner at most, and offers only those who may read the ticket', async () => {
    const { users } = fleet;
    // On a unit in both Alpha users' access groups: customer users are offered a ticket only through its assets.
    const { ticketId } = ticketOf(await newTicket({ visibility: 'EXTERNAL', assetIds: [fleet.ids.unitA1] }));
    const add = (userId: number, relationTypeEnumValue: number) =>
      call.addUser(users.technician, { ticketId, userId, relationTypeEnumValue });
    ticketOf(await add(users.technician.userId, OWNER));
    await expectRefused(db(), () => add(users.providerAdmin.userId, OWNER), 400, 'at most one owner');
    await expectRefused(db(), () => add(users.adminB.userId, WORKER), 400, 'body.userId');
    await expectRefused(db(), () => add(users.technician.userId, 9), 400, 'body.relationTypeEnumValue');
    const withRequester = ticketOf(await add(users.adminA.userId, REQUESTER));
    expect(withRequester.users.map((u) => [u.name, u.relationTypeEnumKey])).toEqual([
      ['Ada Alpha', 'requester'],
      [users.technician.name, 'owner'],
    ]);
    const removed = ticketOf(
      await call.removeUser(users.technician, {
        ticketId,
        userId: users.technician.userId,
        relationTypeEnumValue: OWNER,
      }),
    );
    expect(removed.users.map((u) => u.userId)).toEqual([users.adminA.userId]);
    ticketOf(await add(users.providerAdmin.userId, OWNER));
    const events = (await ticketEvents(db(), ticketId)).filter((e) => e.name.startsWith('tickets.users.'));
    expect(events.map((e) => [e.name, e.data.userName, e.data.relationTypeEnumValue])).toEqual([
      ['tickets.users.add', users.technician.name, OWNER],
      ['tickets.users.add', 'Ada Alpha', REQUESTER],
      ['tickets.users.remove', users.technician.name, OWNER],
      ['tickets.users.add', users.providerAdmin.name, OWNER],
    ]);

    const offered = assignableOf(await call.assignable(users.technician, { ticketId }));
    const offeredIds = offered.map((u) => u.userId);
    expect(offeredIds).toEqual(
      expect.arrayContaining([users.technician.userId, users.adminA.userId, users.operatorA.userId]),
    );
    expect(offeredIds).not.toContain(users.adminB.userId);
    expect(offeredIds).not.toContain(users.noRolesA.userId);
    const internal = ticketOf(await newTicket());
    const internalOffer = assignableOf(
      await call.assignable(users.technician, { ticketId: internal.ticketId, search: 'alpha' }),
    );
    expect(internalOffer).toEqual([]);
  });

  it("adds and removes assets of the ticket's company only", async () => {
    const { users, ids } = fleet;
    const { ticketId } = ticketOf(await newTicket());
    const added = ticketOf(
      await call.addAssets(users.technician, { ticketId, assetIds: [ids.unitA3, ids.hallA1] }),
    );
    expect(added.assets.map((a) => a.displayName).sort()).toEqual(['AS-CRAH-01', 'Alpha North Hall 1']);
    await expectRefused(
      db(),
      () => call.addAssets(users.technician, { ticketId, assetIds: [ids.unitB] }),
      400,
      'body.assetIds',
    );
    const removed = ticketOf(await call.removeAssets(users.technician, { ticketId, assetIds: [ids.unitA3] }));
    expect(removed.assets.map((a) => a.assetId)).toEqual([ids.hallA1]);
    const events = (await ticketEvents(db(), ticketId)).filter((e) => e.name.startsWith('tickets.assets.'));
    expect(events.map((e) => [e.name, e.data.assetNames])).toEqual([
      ['tickets.assets.add', ['AS-CRAH-01', 'Alpha North Hall 1']],
      ['tickets.assets.remove', ['AS-CRAH-01']],
    ]);
  });

  it("lists a ticket's history newest first with names, hiding internal comments' entries from external users", async () => {
    const { users } = fleet;
    const { ticketId } = ticketOf(await newTicket({ visibility: 'EXTERNAL', assetIds: [fleet.ids.unitA1] }));
    ticketOf(await call.changeStatus(users.technician, { ticketId, statusEnumValue: 2 }));
    const [comment] = await db()
      .insert(ticketComments)
      .values({ ticketId, userId: users.technician.userId, comment: 'Internal note' })
      .returning();
    await recordEvent(db(), {
      name: 'tickets.comments.create',
      actorUserId: users.technician.userId,
      companyId: fleet.companyA.companyId,
      subjectType: 'ticket',
      subjectId: ticketId,
      data: { commentId: comment?.commentId, visibility: 'INTERNAL' },
    });
    const staff = historyOf(await call.history(users.technician, { ticketId }));
    expect(staff.map((e) => [e.name, e.actorName])).toEqual([
      ['tickets.comments.create', users.technician.name],
      ['tickets.changeStatus', users.technician.name],
      ['tickets.create', users.technician.name],
    ]);
    const customer = historyOf(await call.history(users.operatorA, { ticketId }));
    expect(customer.map((e) => e.name)).toEqual(['tickets.changeStatus', 'tickets.create']);
  });
});
