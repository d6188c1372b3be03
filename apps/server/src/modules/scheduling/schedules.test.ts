import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../platform/db/schema.ts';
import { tickets, ticketStatusChanges } from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import {
  resourcesOf,
  scheduleBody,
  scheduleOf,
  schedulesOf,
  schedulingApi,
  ticketIdOf,
  weekOf,
} from './schedulingTestKit.ts';

describe('schedules: list, get, create, update, confirm, delete', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof schedulingApi>;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(db());
    call = schedulingApi(server);
  });
  afterAll(() => server.close());

  const auditOf = (scheduleId: number) =>
    db()
      .select()
      .from(events)
      .where(and(eq(events.subjectType, 'schedule'), eq(events.subjectId, String(scheduleId))))
      .orderBy(events.eventId);

  it('plans an entry for technicians, reads it back by id and in the list, and audits it', async () => {
    const { users, ids, companyA } = fleet;
    const created = scheduleOf(
      await call.create(
        users.providerAdmin,
        scheduleBody(companyA.companyId, [users.technician.userId, users.providerAdmin.userId], {
          notes: 'Bring the filter kit',
          assetIds: [ids.unitA1, ids.unitA1],
        }),
      ),
    );
    expect(created).toMatchObject({
      companyName: 'Alpha Hosting',
      type: 'siteVisit',
      startsAt: '2026-01-05T08:00:00.000Z',
      endsAt: '2026-01-05T10:00:00.000Z',
      timeZoneId: 'Europe/London',
      confirmed: false,
      notes: 'Bring the filter kit',
      ticketId: null,
      assets: [{ assetId: ids.unitA1, name: 'AN-CRAH-01' }],
      createdBy: { userId: users.providerAdmin.userId },
    });
    expect(created.resources.map((person) => person.userId).sort()).toEqual(
      [users.technician.userId, users.providerAdmin.userId].sort(),
    );
    expect(scheduleOf(await call.get(users.technician, created.scheduleId))).toEqual(created);
    const listed = schedulesOf(await call.list(users.technician, weekOf()));
    expect(listed.content.map((entry) => entry.scheduleId)).toContain(created.scheduleId);
    expect(listed.truncated).toBe(false);
    const [audit] = await auditOf(created.scheduleId);
    expect(audit).toMatchObject({ name: 'schedules.create', actorUserId: users.providerAdmin.userId });
  });

  it('filters by range, company, technician, type, confirmation and ticket association', async () => {
    const { users, companyA, companyB } = fleet;
    const day = (d: number, type = 'reminder') => ({
      startsAt: `2026-02-0${d}T09:00:00Z`,
      endsAt: `2026-02-0${d}T10:00:00Z`,
      type,
    });
    const a = scheduleOf(
      await call.create(
        users.technician,
        scheduleBody(companyA.companyId, [users.technician.userId], day(2)),
      ),
    );
    const b = scheduleOf(
      await call.create(
        users.technician,
        scheduleBody(companyB.companyId, [users.providerAdmin.userId], {
          ...day(3, 'travel'),
          confirmed: true,
        }),
      ),
    );
    const range = { from: '2026-02-01T00:00:00Z', to: '2026-02-08T00:00:00Z' };
    const idsOf = async (filter: Record<string, unknown>) =>
      schedulesOf(await call.list(users.providerAdmin, { ...range, ...filter })).content.map(
        (e) => e.scheduleId,
      );
    expect(await idsOf({})).toEqual([a.scheduleId, b.scheduleId]);
    expect(await idsOf({ to: '2026-02-02T09:00:00Z' })).toEqual([]);
    expect(await idsOf({ from: '2026-02-02T09:59:00Z', to: '2026-02-02T09:59:30Z' })).toEqual([a.scheduleId]);
    expect(await idsOf({ companyIds: [companyB.companyId] })).toEqual([b.scheduleId]);
    expect(await idsOf({ resourceIds: [users.technician.userId] })).toEqual([a.scheduleId]);
    expect(await idsOf({ types: ['travel', 'siteVisit'] })).toEqual([b.scheduleId]);
    expect(await idsOf({ confirmed: 'CONFIRMED' })).toEqual([b.scheduleId]);
    expect(await idsOf({ confirmed: 'UNCONFIRMED' })).toEqual([a.scheduleId]);
    expect(await idsOf({ ticketAssociation: 'WITH_TICKETS' })).toEqual([]);
    expect(await idsOf({ ticketAssociation: 'WITHOUT_TICKETS' })).toEqual([a.scheduleId, b.scheduleId]);
    // A customer reads their own company's entries, and of those only ones with an asset in their groups.
    expect(schedulesOf(await call.list(users.adminB, range)).content).toEqual([]);
    expect(
      schedulesOf(await call.list(users.adminA, { ...range, companyIds: [companyB.companyId] })).content,
    ).toEqual([]);
  });

  it("moves a ticket to scheduled with the ticket's own history, and takes the ticket's assets", async () => {
    const { users, ids, companyA } = fleet;
    const ticket = await call.createTicket(users.technician, {
      companyId: companyA.companyId,
      title: 'Fan noise',
      assetIds: [ids.unitA2],
    });
    const ticketId = ticketIdOf(ticket);
    const entry = scheduleOf(
      await call.create(
        users.technician,
        scheduleBody(companyA.companyId, [users.technician.userId], { ticketId }),
      ),
    );
    expect(entry).toMatchObject({ ticketId, ticketTitle: 'Fan noise', assets: [{ assetId: ids.unitA2 }] });
    const [row] = await db().select().from(tickets).where(eq(tickets.ticketId, ticketId));
    expect(row?.statusValue).toBe(5);
    const changes = await db()
      .select()
      .from(ticketStatusChanges)
      .where(eq(ticketStatusChanges.ticketId, ticketId));
    expect(changes.map((change) => change.statusValue)).toEqual([0, 5]);
    const history = await db()
      .select()
      .from(events)
      .where(and(eq(events.subjectType, 'ticket'), eq(events.subjectId, String(ticketId))));
    expect(history.map((event) => event.name)).toContain('tickets.changeStatus');
    // The customer whose groups hold the unit sees the entry, but not the INTERNAL ticket it is for.
    const seen = scheduleOf(await call.get(users.adminA, entry.scheduleId));
    expect(seen).toMatchObject({ ticketId: null, ticketTitle: null, assets: [{ assetId: ids.unitA2 }] });
    expect((await call.get(users.adminB, entry.scheduleId)).status).toBe(404);
  });

  it("shows a customer's limited people only entries with an asset in their access groups", async () => {
    const { users, ids, companyA } = fleet;
    // The operator's group holds Alpha North hall 1 only: an entry for Alpha South is not theirs to see.
    const plan = (assetIds: number[]) =>
      call.create(
        users.technician,
        scheduleBody(companyA.companyId, [users.technician.userId], { assetIds }),
      );
    const north = scheduleOf(await plan([ids.unitA1]));
    const south = scheduleOf(await plan([ids.unitA3]));
    const both = scheduleOf(await plan([ids.unitA1, ids.unitA3]));
    const none = scheduleOf(await plan([]));
    const seen = (user: typeof users.operatorA) =>
      call
        .list(user, weekOf())
        .then((answer) => schedulesOf(answer).content.map((entry) => entry.scheduleId));
    const operatorSees = await seen(users.operatorA);
    expect(operatorSees).toEqual(expect.arrayContaining([north.scheduleId, both.scheduleId]));
    expect(operatorSees).not.toContain(south.scheduleId);
    expect(operatorSees).not.toContain(none.scheduleId);
    expect((await call.get(users.operatorA, south.scheduleId)).status).toBe(404);
    // Of an entry they see, only the assets their groups reach are named.
    expect(scheduleOf(await call.get(users.operatorA, both.scheduleId)).assets).toEqual([
      { assetId: ids.unitA1, name: 'AN-CRAH-01' },
    ]);
    expect(await seen(users.adminA)).toEqual(expect.arrayContaining([north.scheduleId, south.scheduleId]));
    expect(await seen(users.providerAdmin)).toContain(none.scheduleId);
  });

  it('moves, resizes, changes technicians and confirms, auditing each change', async () => {
    const { users, companyA } = fleet;
    const entry = scheduleOf(
      await call.create(users.technician, scheduleBody(companyA.companyId, [users.technician.userId])),
    );
    const moved = scheduleOf(
      await call.update(users.technician, {
        scheduleId: entry.scheduleId,
        startsAt: '2026-01-06T09:00:00Z',
        endsAt: '2026-01-06T12:30:00Z',
        resourceIds: [users.providerAdmin.userId],
      }),
    );
    expect(moved).toMatchObject({
      startsAt: '2026-01-06T09:00:00.000Z',
      endsAt: '2026-01-06T12:30:00.000Z',
      title: entry.title,
      resources: [{ userId: users.providerAdmin.userId }],
    });
    const confirmed = scheduleOf(
      await call.confirm(users.technician, { scheduleId: entry.scheduleId, confirmed: true }),
    );
    expect(confirmed.confirmed).toBe(true);
    const audit = await auditOf(entry.scheduleId);
    expect(audit.map((row) => row.name)).toEqual([
      'schedules.create',
      'schedules.update',
      'schedules.confirm',
    ]);
    expect(audit[1]?.data).toMatchObject({
      changes: {
        startsAt: { from: '2026-01-05T08:00:00.000Z', to: '2026-01-06T09:00:00.000Z' },
        resourceIds: { from: [users.technician.userId], to: [users.providerAdmin.userId] },
      },
    });
    expect((await call.remove(users.technician, { scheduleId: entry.scheduleId })).status).toBe(200);
    expect((await call.get(users.technician, entry.scheduleId)).status).toBe(404);
    expect((await auditOf(entry.scheduleId)).at(-1)?.name).toBe('schedules.delete');
  });

  it('refuses bad spans, ranges, technicians, tickets and assets with the field named', async () => {
    const { users, ids, companyA, companyB } = fleet;
    const create = (overrides: Record<string, unknown>) =>
      call.create(users.technician, scheduleBody(companyA.companyId, [users.technician.userId], overrides));
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ endsAt: '2026-01-05T08:00:00Z' }, 'body.endsAt', 'End must be after the start.'],
      [{ endsAt: '2026-03-09T08:00:00Z' }, 'body.endsAt', 'An entry lasts at most 62 days.'],
      [
        { resourceIds: [users.adminA.userId] },
        'body.resourceIds',
        `User ${users.adminA.userId} is not one of the provider's technicians.`,
      ],
      [{ resourceIds: [] }, 'body.resourceIds', 'Choose at least one technician'],
      [
        { assetIds: [ids.unitB] },
        'body.assetIds',
        `Asset ${ids.unitB} is not an asset of the entry's company.`,
      ],
      [{ title: ' ' }, 'body.title', 'Title is required'],
      [
        { timeZoneId: 'Mars/Olympus' },
        'body.timeZoneId',
        'Time zone is not a known IANA time zone (for example Europe/Berlin)',
      ],
      [{ startsAt: 'tomorrow' }, 'body.startsAt', 'Expected a date and time such as 2025-06-01T08:00:00Z'],
    ];
    for (const [overrides, field, message] of refusals) {
      const answer = await create(overrides);
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(errorOf(answer).details).toContainEqual({ field, message });
    }
    const ticketB = await call.createTicket(users.technician, {
      companyId: companyB.companyId,
      title: 'Elsewhere',
    });
    const ticketId = ticketIdOf(ticketB);
    expect(errorOf(await create({ ticketId })).details).toContainEqual({
      field: 'body.ticketId',
      message: `Ticket ${ticketId} is not a ticket of the entry's company.`,
    });
    const range = await call.list(users.technician, {
      from: '2026-01-01T00:00:00Z',
      to: '2026-04-01T00:00:00Z',
    });
    expect(errorOf(range).details).toContainEqual({
      field: 'body.to',
      message: 'Ask for at most 62 days at once.',
    });
  });

  it('refuses writes without schedules:write, and hides other companies', async () => {
    const { users, companyA } = fleet;
    const entry = scheduleOf(
      await call.create(users.technician, scheduleBody(companyA.companyId, [users.technician.userId])),
    );
    const create = await call.create(
      users.adminA,
      scheduleBody(companyA.companyId, [users.technician.userId]),
    );
    expect(create.status).toBe(403);
    expect((await call.update(users.adminA, { scheduleId: entry.scheduleId, title: 'Mine' })).status).toBe(
      403,
    );
    expect((await call.remove(users.adminB, { scheduleId: entry.scheduleId })).status).toBe(403);
    expect((await call.list(users.noRolesA, weekOf())).status).toBe(403);
    expect((await call.get(users.noRolesA, entry.scheduleId)).status).toBe(403);
    expect((await call.get(users.providerAdmin, 999_999)).status).toBe(404);
    expect((await call.remove(users.technician, { scheduleId: 999_999 })).status).toBe(404);
  });

  it('lists the provider staff as technicians', async () => {
    const { users } = fleet;
    const ids = resourcesOf(await call.resources(users.adminA)).map((person) => person.userId);
    expect(ids).toContain(users.technician.userId);
    expect(ids).not.toContain(users.adminA.userId);
    expect((await call.resources(users.noRolesA)).status).toBe(403);
  });
});
