import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketsEndpoints } from '@kelvin/contract';
import { sql } from 'drizzle-orm';
import { ticketComments, tickets } from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { COUNT_AHEAD } from './ticketList.ts';
import { refreshTicketSearch } from './ticketSearch.ts';
import { createTicket } from './ticketWrite.ts';
import { listOf, ticketsApi } from './ticketsTestKit.ts';

const DEFAULT_FILTER = { statusIds: [0, 2, 3, 4, 5, 7] };

describe('tickets list and groups', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof ticketsApi>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.database.db;
    fleet = await buildAssetFleet(db);
    call = ticketsApi(server);
    const { users, companyA, companyB } = fleet;
    const staff = { userId: users.technician.userId, isExternal: false };
    const seed: [string, Parameters<typeof createTicket>[2]][] = [
      [
        'chiller',
        {
          companyId: companyA.companyId,
          title: 'Chiller alarm',
          priorityEnumValue: 2,
          statusEnumValue: 0,
          assetIds: [fleet.ids.unitA1],
          users: [{ userId: users.technician.userId, relationTypeEnumValue: 1 }],
        },
      ],
      [
        'filters',
        {
          companyId: companyA.companyId,
          title: 'Replace filters',
          description: 'Quarterly PM',
          priorityEnumValue: 0,
          statusEnumValue: 2,
          typeEnumValue: 1,
          visibility: 'EXTERNAL',
          assetIds: [fleet.ids.unitA1, fleet.ids.unitA3],
        },
      ],
      [
        'leak',
        {
          companyId: companyA.companyId,
          title: 'Water leak under floor',
          priorityEnumValue: 1,
          statusEnumValue: 7,
          visibility: 'EXTERNAL',
          // In the operator's data hall, as the chiller is: the operator sees a ticket through its assets.
          assetIds: [fleet.ids.unitA2],
          users: [{ userId: users.providerAdmin.userId, relationTypeEnumValue: 1 }],
        },
      ],
      [
        'closed',
        {
          companyId: companyA.companyId,
          title: 'Old closed job',
          statusEnumValue: 11,
          visibility: 'EXTERNAL',
        },
      ],
      [
        'bravo',
        {
          companyId: companyB.companyId,
          title: 'Bravo compressor noise',
          priorityEnumValue: 2,
          statusEnumValue: 3,
          visibility: 'EXTERNAL',
          assetIds: [fleet.ids.unitB],
        },
      ],
    ];
    for (const [name, input] of seed) {
      ids[name] = (await db.transaction((tx) => createTicket(tx, staff, input))).ticketId;
      // Distinct update times, oldest first, so the default order is the reverse of the seed.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const leak = ids.leak ?? 0;
    await db.insert(ticketComments).values([
      {
        ticketId: leak,
        userId: users.technician.userId,
        comment: 'Found a cracked condensate pump',
        visibility: 'EXTERNAL',
      },
      {
        ticketId: leak,
        userId: users.technician.userId,
        comment: 'Secret internal remark',
        visibility: 'INTERNAL',
      },
      {
        ticketId: leak,
        userId: users.technician.userId,
        comment: 'Gone: deleted sparkplug',
        isDeleted: true,
      },
    ]);
    await refreshTicketSearch(db, leak);
    // Starting a server and seeding takes long on a loaded two-core machine.
  }, 180_000);
  afterAll(() => server.close());

  const titles = async (user: AssetFleet['users'][keyof AssetFleet['users']], body: unknown) =>
    listOf(await call.list(user, body)).content.map((row) => row.title);

  it('lists what the default filter shows, newest change first, with totals, owners, assets and comment counts', async () => {
    const page = listOf(await call.list(fleet.users.technician, { filter: DEFAULT_FILTER }));
    expect(page.content.map((row) => row.title)).toEqual([
      'Bravo compressor noise',
      'Water leak under floor',
      'Replace filters',
      'Chiller alarm',
    ]);
    expect(page.pageable).toEqual({ totalSize: 4, pageSize: 25, pageNumber: 0 });
    const chiller = page.content.find((row) => row.ticketId === ids.chiller);
    expect(chiller).toMatchObject({
      companyName: 'Alpha Hosting',
      priorityEnumKey: 'high',
      statusEnumKey: 'new',
      owner: { userId: fleet.users.technician.userId },
      assets: [{ assetId: fleet.ids.unitA1, displayName: 'AN-CRAH-01' }],
      commentCount: 0,
    });
    expect(page.content.find((row) => row.ticketId === ids.leak)?.commentCount).toBe(2);
  });

  it('pages with a total and sorts by any column, ticket id breaking ties', async () => {
    const first = listOf(
      await call.list(fleet.users.technician, {
        filter: {},
        pageableQuery: {
          type: 'PAGED',
          pageSize: 2,
          pageNumber: 1,
          sort: [{ property: 'title', direction: 'ASC' }],
        },
      }),
    );
    expect(first.content.map((row) => row.title)).toEqual(['Old closed job', 'Replace filters']);
    expect(first.pageable.totalSize).toBe(5);
    const byPriority = await titles(fleet.users.technician, {
      filter: {},
      pageableQuery: {
        type: 'PAGED',
        pageSize: 25,
        pageNumber: 0,
        sort: [{ property: 'priority', direction: 'DESC' }],
      },
    });
    // High first, then medium, then low; ties by ticket id ascending (the priority index's order read backwards).
    expect(byPriority).toEqual([
      'Chiller alarm',
      'Bravo compressor noise',
      'Water leak under floor',
      'Old closed job',
      'Replace filters',
    ]);
    const byCompany = await titles(fleet.users.technician, {
      filter: {},
      pageableQuery: {
        type: 'PAGED',
        pageSize: 25,
        pageNumber: 0,
        sort: [{ property: 'company_name', direction: 'DESC' }],
      },
    });
    expect(byCompany[0]).toBe('Bravo compressor noise');
    const closedFirst = await titles(fleet.users.technician, {
      filter: {},
      pageableQuery: {
        type: 'PAGED',
        pageSize: 1,
        pageNumber: 0,
        sort: [{ property: 'closed_at', direction: 'DESC' }],
      },
    });
    expect(closedFirst).toEqual(['Old closed job']);
    const refused = await call.list(fleet.users.technician, {
      filter: {},
      pageableQuery: {
        type: 'PAGED',
        pageSize: 25,
        pageNumber: 0,
        sort: [{ property: 'title; drop table tickets', direction: 'ASC' }],
      },
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).message).toContain("Cannot sort tickets by 'title; drop table tickets'");
  });

  it('filters by company, billing state, status, priority, type, asset and owner', async () => {
    const { technician } = fleet.users;
    const a = fleet.companyA.companyId;
    expect(await titles(technician, { filter: { companyIds: [fleet.companyB.companyId] } })).toEqual([
      'Bravo compressor noise',
    ]);
    expect(await titles(technician, { filter: { companyIds: [a], statusIds: [7, 11] } })).toEqual([
      'Old closed job',
      'Water leak under floor',
    ]);
    expect(await titles(technician, { filter: { priorityValues: [0] } })).toEqual(['Replace filters']);
    expect(await titles(technician, { filter: { typeValues: [1] } })).toEqual(['Replace filters']);
    expect(await titles(technician, { filter: { assetIds: [fleet.ids.unitA1] } })).toEqual([
      'Replace filters',
      'Chiller alarm',
    ]);
    expect(
      await titles(technician, { filter: { ownerUserIds: [fleet.users.providerAdmin.userId] } }),
    ).toEqual(['Water leak under floor']);
    // The group view's 'No owner' and 'No asset' groups.
    expect(await titles(technician, { filter: { withoutOwner: true } })).toEqual([
      'Bravo compressor noise',
      'Old closed job',
      'Replace filters',
    ]);
    expect(await titles(technician, { filter: { withoutAssets: true } })).toEqual(['Old closed job']);
    expect(await titles(technician, { filter: { netSuiteBillingStates: ['PENDING_SALES_ORDER'] } })).toEqual(
      [],
    );
    expect(
      await titles(technician, { filter: { netSuiteBillingStates: ['NOT_BILLABLE'], statusIds: [0] } }),
    ).toEqual(['Chiller alarm']);
  });

  it('searches title, description and comments by the start of words, safely', async () => {
    const { technician } = fleet.users;
    const search = (text: string) => titles(technician, { filter: { search: text } });
    expect(await search('chill')).toEqual(['Chiller alarm']);
    expect(await search('QUARTER')).toEqual(['Replace filters']);
    expect(await search('condensate pum')).toEqual(['Water leak under floor']);
    expect(await search('secret')).toEqual(['Water leak under floor']);
    expect(await search('sparkplug')).toEqual([]);
    expect(await search('leak -cracked')).toEqual([]);
    expect(await search("compressor');--")).toEqual(['Bravo compressor noise']);
    expect(await search("x'); drop table tickets; --")).toEqual([]);
    expect(await search('!!! & | :*')).toHaveLength(5);
    expect(await search('alarm chiller')).toEqual(['Chiller alarm']);
    // An external user's search reads no INTERNAL comment: which tickets match would tell what they say.
    const { operatorA } = fleet.users;
    expect(await titles(operatorA, { filter: { search: 'condensate' } })).toEqual(['Water leak under floor']);
    expect(await titles(operatorA, { filter: { search: 'secret' } })).toEqual([]);
    expect(await titles(operatorA, { filter: { search: 'secr' } })).toEqual([]);
  });

  it("never shows external users INTERNAL tickets, tickets outside their access groups nor other companies' tickets", async () => {
    const { operatorA, adminB, noRolesA } = fleet.users;
    // The old closed job has no asset: only users not limited by access groups see it.
    expect(await titles(operatorA, { filter: {} })).toEqual(['Water leak under floor', 'Replace filters']);
    expect(await titles(operatorA, { filter: { companyIds: [fleet.companyB.companyId] } })).toEqual([]);
    expect(await titles(operatorA, { filter: { search: 'chiller' } })).toEqual([]);
    // Their comment count leaves out internal comments.
    const leak = listOf(await call.list(operatorA, { filter: { search: 'leak' } })).content[0];
    expect(leak?.commentCount).toBe(1);
    // Their rows name only the assets their access groups reach: the operator's group holds one data hall.
    const assetNames = async (user: AssetFleet['users'][keyof AssetFleet['users']]) =>
      listOf(await call.list(user, { filter: { search: 'quarterly' } })).content[0]?.assets.map(
        (asset) => asset.displayName,
      );
    expect(await assetNames(operatorA)).toEqual(['AN-CRAH-01']);
    expect(await assetNames(fleet.users.adminA)).toEqual(['AN-CRAH-01', 'AS-CRAH-01']);
    expect(await titles(adminB, { filter: {} })).toEqual(['Bravo compressor noise']);
    expect((await call.list(noRolesA, { filter: {} })).status).toBe(403);
  });

  it('counts the filtered tickets per group with labels', async () => {
    const groups = async (groupBy: string, filter: object = {}) => {
      const answer = await call.groups(fleet.users.technician, { filter, groupBy });
      expect(answer.status).toBe(200);
      return ticketsEndpoints.ticketsGroups.output.parse(answer.body).map((g) => [g.label, g.count]);
    };
    expect(await groups('status')).toEqual([
      ['new', 1],
      ['inProgress', 1],
      ['onHold', 1],
      ['resolved', 1],
      ['closed', 1],
    ]);
    expect(await groups('priority')).toEqual([
      ['low', 1],
      ['medium', 2],
      ['high', 2],
    ]);
    expect(await groups('company', DEFAULT_FILTER)).toEqual([
      ['Alpha Hosting', 3],
      ['Bravo Cloud', 1],
    ]);
    expect(await groups('owner')).toEqual(
      [
        [fleet.users.providerAdmin.name, 1],
        [fleet.users.technician.name, 1],
        ['No owner', 3],
      ].sort((x, y) =>
        x[0] === 'No owner' ? 1 : y[0] === 'No owner' ? -1 : String(x[0]).localeCompare(String(y[0])),
      ),
    );
    expect(await groups('asset')).toEqual([
      ['AN-CRAH-01', 2],
      ['AN-SX-01', 1],
      ['AS-CRAH-01', 1],
      ['B1-CRAH-01', 1],
      ['No asset', 1],
    ]);
    // An external user's asset groups name only the assets their access groups reach (one data hall here).
    const operators = await call.groups(fleet.users.operatorA, { filter: {}, groupBy: 'asset' });
    expect(
      ticketsEndpoints.ticketsGroups.output.parse(operators.body).map((g) => [g.label, g.count]),
    ).toEqual([
      ['AN-CRAH-01', 1],
      ['AN-SX-01', 1],
    ]);
    const outsider = await call.groups(fleet.users.adminB, { filter: {}, groupBy: 'company' });
    expect(ticketsEndpoints.ticketsGroups.output.parse(outsider.body)).toEqual([
      { key: fleet.companyB.companyId, label: 'Bravo Cloud', count: 1 },
    ]);
  });
});

describe('tickets list totals of a search over many tickets', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  const FILLERS = COUNT_AHEAD + 30;

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.database.db;
    fleet = await buildAssetFleet(db);
    // Written directly, search documents included: a thousand tickets through the API would take minutes here.
    await db.insert(tickets).values(
      Array.from({ length: FILLERS }, (_, index) => ({
        companyId: fleet.companyA.companyId,
        title: `Filter change ${index}`,
        search: sql`to_tsvector('simple', ${`Filter change ${index}`})`,
      })),
    );
  }, 180_000);
  afterAll(() => server.close());

  it('stops counting a search past the page asked for, and counts further as pages go on', async () => {
    const call = ticketsApi(server);
    const page = async (pageNumber: number) =>
      listOf(
        await call.list(fleet.users.technician, {
          filter: { search: 'filter change' },
          pageableQuery: { type: 'PAGED', pageSize: 25, pageNumber, sort: [] },
        }),
      );
    const first = await page(0);
    expect(first.content).toHaveLength(25);
    expect(first.pageable).toMatchObject({ totalSize: 25 + COUNT_AHEAD, totalSizeIsLowerBound: true });
    // Far enough on, the count reaches the end and is exact again.
    const later = await page(10);
    expect(later.content).toHaveLength(25);
    expect(later.pageable.totalSize).toBe(FILLERS);
    expect(later.pageable.totalSizeIsLowerBound).toBeUndefined();
    // The kept counts (no search) stay exact at any size.
    const all = listOf(await call.list(fleet.users.technician, { filter: {} }));
    expect(all.pageable).toMatchObject({ totalSize: FILLERS });
    expect(all.pageable.totalSizeIsLowerBound).toBeUndefined();
  });
});
