import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@kelvin/contract';
import { ticketComments, ticketConsumables, timeEntries } from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs } from '../assets/assetsTestFixture.ts';
import { createTicket } from './ticketWrite.ts';
import {
  buildAccessGroupTickets,
  sortedIds,
  SYSTEM,
  type AccessGroupTickets,
} from './ticketsAccessGroupsKit.ts';
import { expectRefused, historyOf, ticketOf, ticketsApi, type FleetUser } from './ticketsTestKit.ts';

/**
 * A user limited by access groups (every external user) writes a ticket only through its assets, is named only
 * their assets in what a write answers, and reads time only of the tickets they see (see ticketsAccessGroupsKit).
 */
describe('tickets obey access groups: what a limited user writes', () => {
  let server: TestServer;
  let fleet: AccessGroupTickets['fleet'];
  let t: AccessGroupTickets['tickets'];
  let outsideUnit = 0;
  let call: ReturnType<typeof ticketsApi>;
  let api: ReturnType<typeof apiAs>;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    ({ fleet, tickets: t, outsideUnit } = await buildAccessGroupTickets(db()));
    call = ticketsApi(server);
    api = apiAs(server);
  }, 180_000);
  afterAll(() => server.close());

  const post = (user: FleetUser, path: string, body: unknown) => api(user, 'POST', path, body);

  it('names only the caller’s assets in what a write of people or assets answers, too', async () => {
    const { adminA, operatorA } = fleet.users;
    const made = await db().transaction((tx) =>
      createTicket(tx, SYSTEM, {
        companyId: fleet.companyA.companyId,
        title: 'Half in view',
        visibility: 'EXTERNAL',
        assetIds: [fleet.ids.unitA1, outsideUnit],
      }),
    );
    const names = (answer: Awaited<ReturnType<typeof call.get>>) =>
      ticketOf(answer).assets.map((asset) => asset.displayName);
    const person = { ticketId: made.ticketId, userId: operatorA.userId, relationTypeEnumValue: 0 };
    expect(names(await call.addUser(adminA, person))).toEqual(['AN-CRAH-01']);
    expect(names(await call.removeUser(adminA, person))).toEqual(['AN-CRAH-01']);
    const assets = { ticketId: made.ticketId, assetIds: [fleet.ids.unitA3] };
    expect(names(await call.addAssets(adminA, assets))).toEqual(['AN-CRAH-01', 'AS-CRAH-01']);
    expect(names(await call.removeAssets(adminA, assets))).toEqual(['AN-CRAH-01']);
    // Provider staff are named every asset.
    expect(names(await call.get(fleet.users.technician, { ticketId: made.ticketId }))).toEqual([
      'AN-CRAH-01',
      'AW-CRAH-09',
    ]);

    // So does the ticket's history: the asset outside the groups leaving is no entry of theirs.
    ticketOf(
      await call.removeAssets(fleet.users.technician, { ticketId: made.ticketId, assetIds: [outsideUnit] }),
    );
    const historyAs = async (user: FleetUser) =>
      historyOf(await call.history(user, { ticketId: made.ticketId }))
        .filter((entry) => entry.name === 'tickets.create' || entry.name.startsWith('tickets.assets.'))
        .map((entry) => [entry.name, entry.data.assetIds, entry.data.assetNames]);
    expect(await historyAs(adminA)).toEqual([
      ['tickets.assets.remove', [fleet.ids.unitA3], ['AS-CRAH-01']],
      ['tickets.assets.add', [fleet.ids.unitA3], ['AS-CRAH-01']],
      ['tickets.create', [fleet.ids.unitA1], undefined],
    ]);
    expect(await historyAs(fleet.users.technician)).toEqual([
      ['tickets.assets.remove', [outsideUnit], ['AW-CRAH-09']],
      ['tickets.assets.remove', [fleet.ids.unitA3], ['AS-CRAH-01']],
      ['tickets.assets.add', [fleet.ids.unitA3], ['AS-CRAH-01']],
      ['tickets.create', [fleet.ids.unitA1, outsideUnit], undefined],
    ]);
  });

  it('refuses a limited customer administrator every write to a ticket outside their groups (404, nothing changed)', async () => {
    const { adminA } = fleet.users;
    const [consumable] = await db()
      .select()
      .from(ticketConsumables)
      .where(eq(ticketConsumables.ticketId, t.outside));
    const [entry] = await db().select().from(timeEntries).where(eq(timeEntries.ticketId, t.outside));
    const [comment] = await db().select().from(ticketComments).where(eq(ticketComments.ticketId, t.outside));
    const commentCount = async () => (await db().select({ n: count() }).from(ticketComments))[0]?.n;
    const before = await commentCount();
    const writes: [string, string, unknown][] = [
      ['POST', '/tickets.update', { ticketId: t.outside, title: 'Mine now' }],
      ['POST', '/tickets.changeStatus', { ticketId: t.outside, statusEnumValue: 2 }],
      ['POST', '/tickets.comments.create', { ticketId: t.outside, comment: 'Hello', visibility: 'EXTERNAL' }],
      ['POST', '/tickets.comments.update', { commentId: comment?.commentId, comment: 'Changed' }],
      ['POST', '/tickets.assets.add', { ticketId: t.outside, assetIds: [fleet.ids.unitA1] }],
      [
        'POST',
        '/tickets.users.add',
        { ticketId: t.outside, userId: adminA.userId, relationTypeEnumValue: 0 },
      ],
      [
        'POST',
        '/tickets.consumables.create',
        { ticketId: t.outside, type: 'PART', displayName: 'Belt', quantity: 1, salesPrice: null },
      ],
      ['POST', '/tickets.consumables.delete', { ticketConsumableId: consumable?.ticketConsumableId }],
      [
        'POST',
        '/tickets.attachments.createUpload',
        { ticketId: t.outside, filename: 'a.txt', contentType: 'text/plain', fileSizeInBytes: 3 },
      ],
      [
        'POST',
        '/tickets/timeEntries',
        {
          ticketId: t.outside,
          date: new Date().toISOString().slice(0, 10),
          duration: { hours: 1, minutes: 0 },
          laborCodeEnumKey: 'other',
          description: '',
        },
      ],
      ['DELETE', '/tickets/timeEntries', { timeEntryId: entry?.timeEntryId }],
    ];
    for (const [method, path, body] of writes) {
      const answer = await expectRefused(db(), () => api(adminA, method, path, body), 404);
      expect(answer.status, path).toBe(404);
    }
    expect(await commentCount()).toBe(before);
    const [still] = await db().select().from(ticketComments).where(eq(ticketComments.ticketId, t.outside));
    expect(still?.comment).toBe(comment?.comment);
    expect(await db().select().from(timeEntries).where(eq(timeEntries.ticketId, t.outside))).toHaveLength(1);
    expect(
      await db().select().from(ticketConsumables).where(eq(ticketConsumables.ticketId, t.outside)),
    ).toHaveLength(1);
  });

  it('refuses a limited user a ticket without assets, which they could not see, and takes one on their asset', async () => {
    const { adminA } = fleet.users;
    const body = { companyId: fleet.companyA.companyId, title: 'Door alarm' };
    await expectRefused(db(), () => call.create(adminA, body), 400, 'body.assetIds');
    const made = ticketOf(await call.create(adminA, { ...body, assetIds: [fleet.ids.unitA3] }));
    expect(ticketOf(await call.get(adminA, { ticketId: made.ticketId })).title).toBe('Door alarm');
    // Provider staff may still open one without assets.
    ticketOf(await call.create(fleet.users.technician, body));
  });

  it('leaves the entries of unseen tickets out of the time entries page, its filters and its export', async () => {
    const { operatorA, technician } = fleet.users;
    const listed = async (user: FleetUser) => {
      const answer = await post(user, '/tickets.timeEntries.list', { filter: {} });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return contract.timeEntriesList.output.parse(answer.body);
    };
    const operators = await listed(operatorA);
    expect(operators.content.map((row) => row.ticketId)).toEqual([t.inside]);
    expect(operators.totals).toMatchObject({ entries: 1, minutes: 60 });
    const staff = await listed(technician);
    expect(sortedIds(staff.content.map((row) => row.ticketId))).toEqual(
      sortedIds([t.inside, t.beside, t.outside, t.bare]),
    );

    const options = contract.timeEntriesFilterOptions.output.parse(
      (await post(operatorA, '/tickets.timeEntries.filterOptions', undefined)).body,
    );
    expect(options.tickets.map((row) => row.ticketId)).toEqual([t.inside]);

    const token = await server.mintIdToken(operatorA.identityId, { expiresIn: '1h' });
    const response = await fetch(`${server.url}/api/tickets.timeEntries.export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filter: {} }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-export-rows')).toBe('1');
    const csv = await response.text();
    expect(csv).toContain('Chiller inside');
    for (const hidden of ['Chiller beside', 'Chiller outside', 'Chiller bare'])
      expect(csv).not.toContain(hidden);
  });
});
