import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, ticketsEndpoints } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
import {
  ticketAttachments,
  ticketComments,
  ticketConsumables,
  timeEntries,
} from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, makeAsset, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { createTicket } from './ticketWrite.ts';
import { expectRefused, historyOf, listOf, ticketOf, ticketsApi, type FleetUser } from './ticketsTestKit.ts';

const SYSTEM = { userId: null, isExternal: false };

/**
 * A user limited by access groups (every external user) sees a ticket only through its assets: one of them in
 * their groups (or below one). The operator's groups hold Alpha North's hall 1; the administrator's both Alpha
 * sites and the make-up air unit; a unit of Alpha standing alone is in nobody's.
 */
describe('tickets obey access groups', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof ticketsApi>;
  let api: ReturnType<typeof apiAs>;
  const db = () => server.database.db;
  const t = { inside: 0, beside: 0, mixed: 0, outside: 0, bare: 0 };
  let outsideUnit = 0;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(db());
    call = ticketsApi(server);
    api = apiAs(server);
    const { companyA, ids, users } = fleet;
    outsideUnit = await makeAsset(db(), {
      companyId: companyA.companyId,
      assetTypeId: ASSET_TYPE.unit,
      parentAssetId: null,
      name: 'AW-CRAH-09',
    });
    const ticket = async (title: string, assetIds: number[]) =>
      (
        await db().transaction((tx) =>
          createTicket(tx, SYSTEM, {
            companyId: companyA.companyId,
            title,
            visibility: 'EXTERNAL',
            assetIds,
          }),
        )
      ).ticketId;
    // Titles share the word 'chiller' so that a search finds them all for anyone who may see them.
    t.inside = await ticketWithContent('Chiller inside', [ids.unitA1]);
    t.beside = await ticketWithContent('Chiller beside', [ids.unitA3]);
    t.mixed = await ticket('Chiller mixed', [ids.unitA1, ids.unitA3]);
    t.outside = await ticketWithContent('Chiller outside', [outsideUnit]);
    t.bare = await ticketWithContent('Chiller bare', []);

    /** A ticket with a comment, a file, a priced part and an hour of the technician's time on it. */
    async function ticketWithContent(title: string, assetIds: number[]) {
      const ticketId = await ticket(title, assetIds);
      const [comment] = await db()
        .insert(ticketComments)
        .values({
          ticketId,
          userId: users.technician.userId,
          comment: `${title}: fan replaced`,
          visibility: 'EXTERNAL',
        })
        .returning();
      await db()
        .insert(ticketAttachments)
        .values({
          ticketId,
          commentId: comment?.commentId,
          userId: users.technician.userId,
          uploadedAt: new Date(),
          contentType: 'text/plain',
          filename: 'report.txt',
          filepath: `tickets/${ticketId}/report.txt`,
          fileSizeInBytes: 12,
        });
      await db()
        .insert(ticketConsumables)
        .values({ ticketId, type: 'PART', displayName: 'Fan motor', quantity: 1, salesPrice: 420 });
      await db()
        .insert(timeEntries)
        .values({
          ticketId,
          userId: users.technician.userId,
          date: new Date().toISOString().slice(0, 10),
          durationMinutes: 60,
        });
      return ticketId;
    }
  }, 180_000);
  afterAll(() => server.close());

  const post = (user: FleetUser, path: string, body: unknown) => api(user, 'POST', path, body);
  const listedIds = async (user: FleetUser, filter: object = {}) =>
    listOf(await call.list(user, { filter })).content.map((row) => row.ticketId);
  const groupCounts = async (user: FleetUser, groupBy: string) => {
    const answer = await call.groups(user, { filter: {}, groupBy });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return ticketsEndpoints.ticketsGroups.output
      .parse(answer.body)
      .map((group) => [group.label, group.count]);
  };
  const sorted = (values: number[]) => [...values].sort((x, y) => x - y);

  it('lists, searches, groups and counts only the tickets with an asset in the caller’s groups', async () => {
    const { operatorA, adminA } = fleet.users;
    expect(sorted(await listedIds(operatorA))).toEqual(sorted([t.inside, t.mixed]));
    expect(sorted(await listedIds(operatorA, { search: 'chiller' }))).toEqual(sorted([t.inside, t.mixed]));
    // Asking for an asset outside the groups finds nothing rather than the tickets on it.
    expect(await listedIds(operatorA, { assetIds: [fleet.ids.unitA3] })).toEqual([t.mixed]);
    expect(await listedIds(operatorA, { withoutAssets: true })).toEqual([]);
    const page = listOf(await call.list(operatorA, { filter: {} }));
    expect(page.pageable.totalSize).toBe(2);
    expect(await groupCounts(operatorA, 'company')).toEqual([['Alpha Hosting', 2]]);
    expect(await groupCounts(operatorA, 'status')).toEqual([['new', 2]]);
    expect(await groupCounts(operatorA, 'asset')).toEqual([['AN-CRAH-01', 2]]);

    expect(sorted(await listedIds(adminA))).toEqual(sorted([t.inside, t.beside, t.mixed]));
    expect(listOf(await call.list(adminA, { filter: { statusIds: [0] } })).pageable.totalSize).toBe(3);
    expect(await groupCounts(adminA, 'asset')).toEqual([
      ['AN-CRAH-01', 2],
      ['AS-CRAH-01', 2],
    ]);
  });

  it('leaves users who are not limited as they were: every ticket, those without assets included', async () => {
    for (const user of [fleet.users.technician, fleet.users.providerAdmin]) {
      expect(sorted(await listedIds(user, { search: 'chiller' }))).toEqual(sorted(Object.values(t)));
      expect(listOf(await call.list(user, { filter: {} })).pageable.totalSize).toBe(5);
      expect(await groupCounts(user, 'asset')).toEqual([
        ['AN-CRAH-01', 2],
        ['AS-CRAH-01', 2],
        ['AW-CRAH-09', 1],
        ['No asset', 1],
      ]);
      expect(ticketOf(await call.get(user, { ticketId: t.bare })).assets).toEqual([]);
      expect(ticketOf(await call.get(user, { ticketId: t.mixed })).assets).toHaveLength(2);
    }
  });

  it('answers 404 for a ticket outside the groups and for everything that hangs off it', async () => {
    const { operatorA, adminA } = fleet.users;
    const [attachment] = await db()
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, t.beside));
    const [consumable] = await db()
      .select()
      .from(ticketConsumables)
      .where(eq(ticketConsumables.ticketId, t.beside));
    const [comment] = await db().select().from(ticketComments).where(eq(ticketComments.ticketId, t.beside));
    const reads: [string, string, unknown][] = [
      ['POST', '/tickets.get', { ticketId: t.beside }],
      ['POST', '/tickets.history', { ticketId: t.beside }],
      ['POST', '/tickets.comments.list', { ticketId: t.beside }],
      ['POST', '/tickets.attachments.list', { ticketId: t.beside }],
      [
        'POST',
        '/tickets.attachments.getDownloadSignedUrl',
        { ticketAttachmentId: attachment?.ticketAttachmentId },
      ],
      ['POST', '/tickets.consumables.list', { ticketIds: [t.beside] }],
      ['POST', '/tickets.consumables.list', { ticketIds: [t.inside, t.beside] }],
      ['GET', `/tickets/${t.beside}/timeEntries`, undefined],
      ['POST', '/tickets.detectedProblemsSummary', { ticketIds: [t.beside], activeInterval: 'PT1H' }],
      ['POST', '/tickets.assignableUsers', { ticketId: t.beside }],
    ];
    for (const [method, path, body] of reads) {
      const answer = await api(operatorA, method, path, body);
      expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(404);
      // The administrator, whose groups hold the ticket's asset, reads the same.
      const allowed = await api(adminA, method, path, body);
      expect(allowed.status, `${path} ${JSON.stringify(allowed.body)}`).toBe(200);
    }
    // Neither reads a ticket on an asset outside both their groups, nor one without assets.
    for (const ticketId of [t.outside, t.bare]) {
      for (const user of [operatorA, adminA]) {
        expect((await call.get(user, { ticketId })).status).toBe(404);
        expect((await post(user, '/tickets.comments.list', { ticketId })).status).toBe(404);
      }
    }
    expect(comment).toBeDefined();
    expect(consumable).toBeDefined();
  });

  it('names in a ticket’s details only the assets the caller’s groups reach', async () => {
    const seen = ticketOf(await call.get(fleet.users.operatorA, { ticketId: t.mixed }));
    expect(seen.assets.map((asset) => asset.displayName)).toEqual(['AN-CRAH-01']);
    expect(seen.ticketAssetCoverage.map((coverage) => coverage.assetId)).toEqual([fleet.ids.unitA1]);
    const admin = ticketOf(await call.get(fleet.users.adminA, { ticketId: t.mixed }));
    expect(admin.assets.map((asset) => asset.displayName)).toEqual(['AN-CRAH-01', 'AS-CRAH-01']);
  });

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
    expect(sorted(staff.content.map((row) => row.ticketId))).toEqual(
      sorted([t.inside, t.beside, t.outside, t.bare]),
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
