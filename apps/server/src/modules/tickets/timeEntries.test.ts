import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, coreEnumSchema, PAGE_NUMBER_MAX, timeEntrySchema, type TimeEntry } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
import { buildCompany, buildUser, providerCompany } from '../../testing/factories.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { events } from '../../platform/db/schema.ts';
import { ticketAssets, tickets, timeEntries } from '../../platform/db/ticketsSchema.ts';
import { addAssetToDefaultGroups } from '../access/accessGroupsRepository.ts';
import { apiAs, errorOf, makeAsset } from '../assets/assetsTestFixture.ts';
import { TICKET_FROZEN, TICKET_NOT_FOUND } from './ticketAccess.ts';
import { TIME_ENTRY_AUTHOR_ONLY, TIME_ENTRY_DATE_AHEAD, TIME_ENTRY_NOT_FOUND } from './timeEntriesService.ts';

const listAnswer = contract.timeEntriesList.output;
const entries = z.array(timeEntrySchema);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('time entries', () => {
  let server: TestServer;
  let api: ReturnType<typeof apiAs>;
  const db = () => server.database.db;
  let fixture: Awaited<ReturnType<typeof buildFixture>>;

  async function buildFixture() {
    const database = db();
    await providerCompany(database);
    const alpha = await buildCompany(database, { name: 'Alpha Hosting' });
    const bravo = await buildCompany(database, { name: 'Bravo Cloud' });
    const a = alpha.companyId;
    const users = {
      technician: await buildUser(database, {
        companyId: 1,
        roles: ['Provider Service Technician'],
        name: 'Tess Tech',
      }),
      providerAdmin: await buildUser(database, { companyId: 1, roles: ['Provider Administrator'] }),
      adminA: await buildUser(database, {
        companyId: a,
        roles: ['Customer Administrator'],
        name: 'Ada Alpha',
      }),
      operatorA: await buildUser(database, {
        companyId: a,
        roles: ['Customer Operator'],
        name: 'Otto Alpha',
      }),
      adminB: await buildUser(database, {
        companyId: bravo.companyId,
        roles: ['Customer Administrator'],
        name: 'Bea Bravo',
      }),
      noRolesA: await buildUser(database, { companyId: a }),
    };
    // Each company's unit, in its customers' access groups: a customer sees a ticket only through its assets.
    const unitOf = async (companyId: number, people: { userId: number }[]) => {
      const assetId = await makeAsset(database, {
        companyId,
        assetTypeId: ASSET_TYPE.unit,
        parentAssetId: null,
        name: `CRAH-${companyId}`,
      });
      await addAssetToDefaultGroups(
        database,
        assetId,
        people.map((person) => person.userId),
      );
      return assetId;
    };
    const units = new Map([
      [a, await unitOf(a, [users.adminA, users.operatorA])],
      [bravo.companyId, await unitOf(bravo.companyId, [users.adminB])],
    ]);
    const ticket = async (companyId: number, title: string, visibility: 'INTERNAL' | 'EXTERNAL') => {
      const [row] = await database.insert(tickets).values({ companyId, title, visibility }).returning();
      if (!row) throw new Error('ticket not created');
      const assetId = units.get(companyId);
      if (assetId !== undefined)
        await database.insert(ticketAssets).values({ ticketId: row.ticketId, assetId });
      return row.ticketId;
    };
    return {
      alpha,
      bravo,
      users,
      externalA: await ticket(a, 'Fan 2 noisy', 'EXTERNAL'),
      internalA: await ticket(a, 'Warranty claim', 'INTERNAL'),
      frozenA: await ticket(a, 'Billed last month', 'EXTERNAL'),
      ticketB: await ticket(bravo.companyId, 'Bravo leak', 'EXTERNAL'),
    };
  }

  beforeAll(async () => {
    server = await startTestServer();
    api = apiAs(server);
    fixture = await buildFixture();
  });
  afterAll(() => server.close());

  type Caller = { identityId: string };
  const create = async (user: Caller, body: Record<string, unknown>) => {
    const answer = await api(user, 'POST', '/tickets/timeEntries', {
      date: day(0),
      duration: { hours: 0, minutes: 45 },
      laborCodeEnumKey: 'other',
      description: '',
      ...body,
    });
    return answer;
  };
  const created = async (user: Caller, body: Record<string, unknown>): Promise<TimeEntry> => {
    const answer = await create(user, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return timeEntrySchema.parse(answer.body);
  };
  const entryCount = async () => (await db().select().from(timeEntries)).length;
  const eventsOf = async (ticketId: number) =>
    db()
      .select()
      .from(events)
      .where(and(eq(events.subjectType, 'ticket'), eq(events.subjectId, String(ticketId))))
      .orderBy(events.eventId);

  it('enters, lists, changes and deletes time, each write audited on the ticket', async () => {
    const { users, externalA } = fixture;
    const entry = await created(users.technician, {
      ticketId: externalA,
      date: day(-1),
      duration: { hours: 1, minutes: 30 },
      laborCodeEnumKey: 'travel',
      description: '  Drove to site  ',
    });
    expect(entry).toMatchObject({
      ticketId: externalA,
      ticketTitle: 'Fan 2 noisy',
      companyName: 'Alpha Hosting',
      userId: users.technician.userId,
      userName: 'Tess Tech',
      laborCodeEnumKey: 'travel',
      laborCodeEnumValue: 3,
      description: 'Drove to site',
      date: day(-1),
      duration: { hours: 1, minutes: 30 },
      canEdit: true,
    });

    const ofTicket = entries.parse(
      (await api(users.technician, 'GET', `/tickets/${externalA}/timeEntries`)).body,
    );
    expect(ofTicket.map((one) => one.timeEntryId)).toEqual([entry.timeEntryId]);

    const changed = await api(users.technician, 'PUT', '/tickets/timeEntries', {
      timeEntryId: entry.timeEntryId,
      date: day(0),
      duration: { hours: 24, minutes: 0 },
      laborCodeEnumKey: 'other',
      description: 'Whole day on site',
    });
    expect(timeEntrySchema.parse(changed.body)).toMatchObject({
      date: day(0),
      duration: { hours: 24, minutes: 0 },
      laborCodeEnumKey: 'other',
      description: 'Whole day on site',
    });

    const deleted = await api(users.technician, 'DELETE', '/tickets/timeEntries', {
      timeEntryId: entry.timeEntryId,
    });
    expect(deleted.body).toEqual({ ok: true });
    expect((await api(users.technician, 'GET', `/tickets/${externalA}/timeEntries`)).body).toEqual([]);

    const audit = await eventsOf(externalA);
    expect(audit.map((event) => event.name)).toEqual([
      'tickets.timeEntries.create',
      'tickets.timeEntries.update',
      'tickets.timeEntries.delete',
    ]);
    expect(audit.every((event) => event.actorUserId === users.technician.userId)).toBe(true);
    expect(audit[1]?.data).toMatchObject({
      timeEntryId: entry.timeEntryId,
      minutes: 1440,
      before: { minutes: 90, laborCodeValue: 3 },
    });
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const { users, externalA } = fixture;
    const before = await entryCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ticketId: externalA, date: '26/11/2026' }, 'body.date'],
      [{ ticketId: externalA, date: '2026-02-30' }, 'body.date'],
      [{ ticketId: externalA, date: day(2) }, 'body.date'],
      [{ ticketId: externalA, duration: { hours: 0, minutes: 0 } }, 'body.duration'],
      [{ ticketId: externalA, duration: { hours: 24, minutes: 1 } }, 'body.duration'],
      [{ ticketId: externalA, duration: { hours: 1, minutes: 60 } }, 'body.duration.minutes'],
      [{ ticketId: externalA, duration: { hours: 1.5, minutes: 0 } }, 'body.duration.hours'],
      [{ ticketId: externalA, laborCodeEnumKey: 'siteVisit' }, 'body.laborCodeEnumKey'],
      [{ ticketId: externalA, description: 'x'.repeat(2001) }, 'body.description'],
      [{ ticketId: externalA, userId: users.adminA.userId }, 'body'],
      [{ ticketId: 0 }, 'body.ticketId'],
    ];
    for (const [body, field] of cases) {
      const answer = await create(users.technician, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const fields = errorOf(answer).details?.map((detail) => detail.field) ?? [];
      expect(
        fields.some((name) => name.startsWith(field)),
        `${JSON.stringify(body)}: ${fields.join()}`,
      ).toBe(true);
    }
    expect(errorOf(await create(users.technician, { ticketId: externalA, date: day(2) })).message).toBe(
      TIME_ENTRY_DATE_AHEAD,
    );
    expect(
      errorOf(await create(users.technician, { ticketId: externalA, laborCodeEnumKey: 'x' })).message,
    ).toBe('Unknown labor code x: expected one of other, travel.');
    expect(
      errorOf(await create(users.technician, { ticketId: externalA, duration: { hours: 0, minutes: 0 } }))
        .message,
    ).toContain('A time entry lasts from 1 minute to 24 hours.');
    // A day ahead is allowed: a user east of UTC logs their today.
    await created(users.technician, { ticketId: externalA, date: day(1) });

    const badList = [
      { filter: { dateRange: { from: day(0), to: day(-1) } } },
      { filter: { dateRange: { from: '2026-13-01', to: day(0) } } },
      { filter: { userIds: ['1'] } },
      {
        filter: {},
        pageableQuery: {
          type: 'PAGED',
          pageSize: 10,
          pageNumber: 0,
          sort: [{ property: 'password', direction: 'ASC' }],
        },
      },
    ];
    for (const body of badList) {
      expect((await api(users.technician, 'POST', '/tickets.timeEntries.list', body)).status).toBe(400);
    }
    expect(
      (await api(users.technician, 'GET', `/tickets/timeEntries?from=${day(0)}&to=${day(-3)}`)).status,
    ).toBe(400);
    expect((await api(users.technician, 'GET', '/tickets/abc/timeEntries')).status).toBe(400);
    expect(
      (await api(users.technician, 'PUT', '/tickets/timeEntries', { timeEntryId: 1, date: day(0) })).status,
    ).toBe(400);
    expect((await api(users.technician, 'DELETE', '/tickets/timeEntries', {})).status).toBe(400);
    expect(await entryCount()).toBe(before + 1);
  });

  it("hides another company's ticket and its entries: 404 on every call, left out of lists", async () => {
    const { users, externalA, ticketB } = fixture;
    const alphaEntry = await created(users.adminA, { ticketId: externalA, description: 'Alpha only' });
    await created(users.adminB, { ticketId: ticketB, description: 'Bravo only' });
    const before = await entryCount();

    const refused = await create(users.adminB, { ticketId: externalA });
    expect([refused.status, errorOf(refused).message]).toEqual([404, TICKET_NOT_FOUND]);
    expect((await api(users.adminB, 'GET', `/tickets/${externalA}/timeEntries`)).status).toBe(404);
    const update = await api(users.adminB, 'PUT', '/tickets/timeEntries', {
      timeEntryId: alphaEntry.timeEntryId,
      date: day(0),
      duration: { hours: 1, minutes: 0 },
      laborCodeEnumKey: 'other',
    });
    expect([update.status, errorOf(update).message]).toEqual([404, TIME_ENTRY_NOT_FOUND]);
    const del = await api(users.adminB, 'DELETE', '/tickets/timeEntries', {
      timeEntryId: alphaEntry.timeEntryId,
    });
    expect(del.status).toBe(404);
    // Moving one's own entry onto another company's ticket is the same 404.
    const bravoOwn = entries.parse((await api(users.adminB, 'GET', '/tickets/timeEntries')).body)[0];
    const moved = await api(users.adminB, 'PUT', '/tickets/timeEntries', {
      timeEntryId: bravoOwn?.timeEntryId,
      ticketId: externalA,
      date: day(0),
      duration: { hours: 1, minutes: 0 },
      laborCodeEnumKey: 'other',
    });
    expect(moved.status).toBe(404);

    const bravoList = listAnswer.parse(
      (
        await api(users.adminB, 'POST', '/tickets.timeEntries.list', {
          filter: { companyIds: [fixture.alpha.companyId] },
        })
      ).body,
    );
    expect(bravoList.content).toEqual([]);
    expect(bravoList.totals).toEqual({ entries: 0, minutes: 0 });
    const everything = listAnswer.parse(
      (await api(users.adminB, 'POST', '/tickets.timeEntries.list', {})).body,
    );
    expect(everything.content.map((one) => one.companyName)).toEqual(['Bravo Cloud']);
    const options = contract.timeEntriesFilterOptions.output.parse(
      (await api(users.adminB, 'POST', '/tickets.timeEntries.filterOptions')).body,
    );
    expect(options).toEqual({
      users: [{ userId: users.adminB.userId, name: 'Bea Bravo' }],
      tickets: [{ ticketId: ticketB, title: 'Bravo leak' }],
      companies: [{ companyId: fixture.bravo.companyId, name: 'Bravo Cloud' }],
    });
    expect(await entryCount()).toBe(before);
  });

  it('lets external users see the entries of EXTERNAL tickets only, and change only their own', async () => {
    const { users, externalA, internalA } = fixture;
    const internal = await created(users.technician, { ticketId: internalA, description: 'Internal work' });
    const technicianExternal = await created(users.technician, {
      ticketId: externalA,
      description: 'On site',
    });

    // The operator reads tickets (tickets:read) but may not enter time (no tickets:write).
    const operatorList = listAnswer.parse(
      (await api(users.operatorA, 'POST', '/tickets.timeEntries.list', { filter: {} })).body,
    );
    expect(operatorList.content.some((one) => one.ticketId === internalA)).toBe(false);
    expect(operatorList.content.some((one) => one.timeEntryId === technicianExternal.timeEntryId)).toBe(true);
    expect(operatorList.content.every((one) => !one.canEdit)).toBe(true);
    expect((await api(users.operatorA, 'GET', `/tickets/${internalA}/timeEntries`)).status).toBe(404);
    const operatorCreate = await create(users.operatorA, { ticketId: externalA });
    expect(operatorCreate.status).toBe(403);

    // The customer administrator writes tickets of Alpha, but an INTERNAL one does not exist for them.
    expect((await create(users.adminA, { ticketId: internalA })).status).toBe(404);
    const internalDelete = await api(users.adminA, 'DELETE', '/tickets/timeEntries', {
      timeEntryId: internal.timeEntryId,
    });
    expect([internalDelete.status, errorOf(internalDelete).message]).toEqual([404, TIME_ENTRY_NOT_FOUND]);
    const own = await created(users.adminA, { ticketId: externalA, description: 'Checked the filters' });
    const othersEntry = await api(users.adminA, 'DELETE', '/tickets/timeEntries', {
      timeEntryId: technicianExternal.timeEntryId,
    });
    expect([othersEntry.status, errorOf(othersEntry).message]).toEqual([403, TIME_ENTRY_AUTHOR_ONLY]);
    const seen = entries.parse((await api(users.adminA, 'GET', `/tickets/${externalA}/timeEntries`)).body);
    expect(seen.find((one) => one.timeEntryId === technicianExternal.timeEntryId)?.canEdit).toBe(false);
    expect(seen.find((one) => one.timeEntryId === own.timeEntryId)?.canEdit).toBe(true);

    // Provider staff correct anyone's time on a ticket they may change.
    const corrected = await api(users.providerAdmin, 'PUT', '/tickets/timeEntries', {
      timeEntryId: own.timeEntryId,
      date: own.date,
      duration: { hours: 2, minutes: 0 },
      laborCodeEnumKey: 'other',
      description: own.description,
    });
    expect(timeEntrySchema.parse(corrected.body)).toMatchObject({
      userId: users.adminA.userId,
      duration: { hours: 2, minutes: 0 },
    });

    expect((await api(users.noRolesA, 'POST', '/tickets.timeEntries.list', {})).status).toBe(403);
    expect((await api(users.noRolesA, 'GET', '/tickets/timeEntries')).status).toBe(403);
    expect((await api(users.noRolesA, 'POST', '/tickets.timeEntries.filterOptions')).status).toBe(403);
    const operatorOptions = contract.timeEntriesFilterOptions.output.parse(
      (await api(users.operatorA, 'POST', '/tickets.timeEntries.filterOptions')).body,
    );
    expect(operatorOptions.tickets.map((one) => one.ticketId)).not.toContain(internalA);
  });

  it('refuses time on a frozen ticket (409), and changes to its entries', async () => {
    const { users, frozenA } = fixture;
    const entry = await created(users.technician, { ticketId: frozenA });
    await db().update(tickets).set({ isFrozen: true }).where(eq(tickets.ticketId, frozenA));
    const before = await entryCount();
    const refused = await create(users.technician, { ticketId: frozenA });
    expect([refused.status, errorOf(refused).message]).toEqual([409, TICKET_FROZEN]);
    const update = await api(users.technician, 'PUT', '/tickets/timeEntries', {
      timeEntryId: entry.timeEntryId,
      date: entry.date,
      duration: { hours: 3, minutes: 0 },
      laborCodeEnumKey: 'other',
    });
    expect(update.status).toBe(409);
    expect(
      (await api(users.technician, 'DELETE', '/tickets/timeEntries', { timeEntryId: entry.timeEntryId }))
        .status,
    ).toBe(409);
    const listed = entries.parse(
      (await api(users.technician, 'GET', `/tickets/${frozenA}/timeEntries`)).body,
    );
    expect(listed[0]?.canEdit).toBe(false);
    expect(await entryCount()).toBe(before);
  });

  it('filters, sorts, pages and totals the list; the caller’s own by dates', async () => {
    const { users, externalA, internalA } = fixture;
    const tech = users.providerAdmin;
    await created(tech, { ticketId: internalA, date: day(-10), duration: { hours: 1, minutes: 0 } });
    await created(tech, { ticketId: internalA, date: day(-9), duration: { hours: 0, minutes: 20 } });
    await created(tech, {
      ticketId: externalA,
      date: day(-8),
      duration: { hours: 2, minutes: 5 },
      laborCodeEnumKey: 'travel',
    });
    const filter = { userIds: [tech.userId], dateRange: { from: day(-10), to: day(-8) } };
    const page = (pageNumber: number, sort: { property: string; direction: string }[]) =>
      api(tech, 'POST', '/tickets.timeEntries.list', {
        filter,
        pageableQuery: { type: 'PAGED', pageSize: 2, pageNumber, sort },
      }).then((answer) => listAnswer.parse(answer.body));

    const first = await page(0, []);
    expect(first.content.map((one) => one.date)).toEqual([day(-8), day(-9)]);
    expect(first.pageable).toEqual({ totalSize: 3, pageSize: 2, pageNumber: 0 });
    expect(first.totals).toEqual({ entries: 3, minutes: 205 });
    expect((await page(1, [])).content.map((one) => one.date)).toEqual([day(-10)]);
    const byDuration = await page(0, [{ property: 'duration', direction: 'ASC' }]);
    expect(byDuration.content.map((one) => one.duration)).toEqual([
      { hours: 0, minutes: 20 },
      { hours: 1, minutes: 0 },
    ]);

    const travel = listAnswer.parse(
      (
        await api(tech, 'POST', '/tickets.timeEntries.list', {
          filter: { ...filter, laborCodeValues: [3], ticketIds: [externalA] },
        })
      ).body,
    );
    expect(travel.totals).toEqual({ entries: 1, minutes: 125 });

    const mine = entries.parse(
      (await api(tech, 'GET', `/tickets/timeEntries?from=${day(-9)}&to=${day(-8)}`)).body,
    );
    expect(mine.map((one) => [one.date, one.userId])).toEqual([
      [day(-8), tech.userId],
      [day(-9), tech.userId],
    ]);
  });

  it('refuses a page number or size whose row offset would overflow with a 400 naming the field', async () => {
    const list = (pageableQuery: Record<string, unknown>) =>
      api(fixture.users.providerAdmin, 'POST', '/tickets.timeEntries.list', {
        filter: {},
        pageableQuery: { type: 'PAGED', sort: [], ...pageableQuery },
      });
    const refusals: [Record<string, unknown>, string][] = [
      [{ pageSize: 25, pageNumber: 1e15 }, 'pageableQuery.pageNumber'],
      [{ pageSize: 25, pageNumber: PAGE_NUMBER_MAX + 1 }, 'pageableQuery.pageNumber'],
      [{ pageSize: 1_000_000, pageNumber: 0 }, 'pageableQuery.pageSize'],
    ];
    for (const [pageableQuery, field] of refusals) {
      const answer = await list(pageableQuery);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(errorOf(answer).message).toContain(field);
    }
    const last = await list({ pageSize: 1000, pageNumber: PAGE_NUMBER_MAX });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(listAnswer.parse(last.body).content).toEqual([]);
  });

  it('exports the filtered entries as CSV, with cells a spreadsheet cannot run', async () => {
    const { users, externalA, ticketB } = fixture;
    await created(users.adminA, {
      ticketId: externalA,
      date: day(-20),
      duration: { hours: 1, minutes: 15 },
      description: '=HYPERLINK("x"), then "quoted"',
    });
    await created(users.adminB, { ticketId: ticketB, date: day(-20) });
    const token = await server.mintIdToken(users.adminA.identityId);
    const response = await fetch(`${server.url}/api/tickets.timeEntries.export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filter: { dateRange: { from: day(-20), to: day(-20) } } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('x-export-rows')).toBe('1');
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Date,Ticket,Title,Company,User,Labor code,Hours,Minutes,Total hours,Description',
      `${day(-20)},${externalA},Fan 2 noisy,Alpha Hosting,Ada Alpha,Other,1,15,1.25,"'=HYPERLINK(""x""), then ""quoted"""`,
    ]);
    const badSort = await api(users.adminA, 'POST', '/tickets.timeEntries.export', {
      sort: [{ property: 'nope', direction: 'ASC' }],
    });
    expect(badSort.status).toBe(400);
    expect((await api(users.noRolesA, 'POST', '/tickets.timeEntries.export', {})).status).toBe(403);
  });

  it('serves the labor codes with labels through GET coreEnums', async () => {
    const answer = await api(fixture.users.operatorA, 'GET', '/coreEnums?enumName=laborCodes');
    expect(z.array(coreEnumSchema).parse(answer.body)[0]?.values).toEqual([
      { key: 'other', value: 0, label: 'Other' },
      { key: 'travel', value: 3, label: 'Travel' },
    ]);
  });
});
