import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketsEndpoints } from '@kelvin/contract';
import { ticketAttachments } from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs } from '../assets/assetsTestFixture.ts';
import { buildAccessGroupTickets, sortedIds, type AccessGroupTickets } from './ticketsAccessGroupsKit.ts';
import { listOf, ticketOf, ticketsApi, type FleetUser } from './ticketsTestKit.ts';

/**
 * A user limited by access groups (every external user) sees a ticket only through its assets: one of them in
 * their groups (or below one). Lists, searches, groups, counts and single reads (see ticketsAccessGroupsKit).
 */
describe('tickets obey access groups: what a limited user sees', () => {
  let server: TestServer;
  let fleet: AccessGroupTickets['fleet'];
  let t: AccessGroupTickets['tickets'];
  let call: ReturnType<typeof ticketsApi>;
  let api: ReturnType<typeof apiAs>;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    ({ fleet, tickets: t } = await buildAccessGroupTickets(db()));
    call = ticketsApi(server);
    api = apiAs(server);
  }, 180_000);
  afterAll(() => server.close());

  const listedIds = async (user: FleetUser, filter: object = {}) =>
    listOf(await call.list(user, { filter })).content.map((row) => row.ticketId);
  const groupCounts = async (user: FleetUser, groupBy: string) => {
    const answer = await call.groups(user, { filter: {}, groupBy });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return ticketsEndpoints.ticketsGroups.output
      .parse(answer.body)
      .map((group) => [group.label, group.count]);
  };

  it('lists, searches, groups and counts only the tickets with an asset in the caller’s groups', async () => {
    const { operatorA, adminA } = fleet.users;
    expect(sortedIds(await listedIds(operatorA))).toEqual(sortedIds([t.inside, t.mixed]));
    expect(sortedIds(await listedIds(operatorA, { search: 'chiller' }))).toEqual(
      sortedIds([t.inside, t.mixed]),
    );
    // Asking for an asset outside the groups finds nothing rather than the tickets on it.
    expect(await listedIds(operatorA, { assetIds: [fleet.ids.unitA3] })).toEqual([t.mixed]);
    expect(await listedIds(operatorA, { withoutAssets: true })).toEqual([]);
    const page = listOf(await call.list(operatorA, { filter: {} }));
    expect(page.pageable.totalSize).toBe(2);
    expect(await groupCounts(operatorA, 'company')).toEqual([['Alpha Hosting', 2]]);
    expect(await groupCounts(operatorA, 'status')).toEqual([['new', 2]]);
    expect(await groupCounts(operatorA, 'asset')).toEqual([['AN-CRAH-01', 2]]);

    expect(sortedIds(await listedIds(adminA))).toEqual(sortedIds([t.inside, t.beside, t.mixed]));
    expect(listOf(await call.list(adminA, { filter: { statusIds: [0] } })).pageable.totalSize).toBe(3);
    expect(await groupCounts(adminA, 'asset')).toEqual([
      ['AN-CRAH-01', 2],
      ['AS-CRAH-01', 2],
    ]);
  });

  it('leaves users who are not limited as they were: every ticket, those without assets included', async () => {
    for (const user of [fleet.users.technician, fleet.users.providerAdmin]) {
      expect(sortedIds(await listedIds(user, { search: 'chiller' }))).toEqual(sortedIds(Object.values(t)));
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
        expect((await api(user, 'POST', '/tickets.comments.list', { ticketId })).status).toBe(404);
      }
    }
  });

  it('names in a ticket’s details only the assets the caller’s groups reach', async () => {
    const seen = ticketOf(await call.get(fleet.users.operatorA, { ticketId: t.mixed }));
    expect(seen.assets.map((asset) => asset.displayName)).toEqual(['AN-CRAH-01']);
    expect(seen.ticketAssetCoverage.map((coverage) => coverage.assetId)).toEqual([fleet.ids.unitA1]);
    const admin = ticketOf(await call.get(fleet.users.adminA, { ticketId: t.mixed }));
    expect(admin.assets.map((asset) => asset.displayName)).toEqual(['AN-CRAH-01', 'AS-CRAH-01']);
  });
});
