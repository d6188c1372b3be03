import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, detectedProblemSchema } from '@kelvin/contract';
import { events } from '../../platform/db/schema.ts';
import { ticketAssets, tickets } from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import {
  buildProblemsFleet,
  problemEvents,
  problemRow,
  type ProblemsFleet,
} from '../problems/problemsTestFixture.ts';
import { ONE_COMPANY_ONLY } from './problemTicketsAccess.ts';
import { createTicket } from './ticketWrite.ts';

const SYSTEM = { userId: null, isExternal: false };

describe('moving detected problems to and from tickets', () => {
  let server: TestServer;
  let data: ProblemsFleet;
  let api: ReturnType<typeof apiAs>;
  let humidityTicket = 0;
  let ids: { a1: number; a2: number; silentA1: number; humidityA3: number; b: number };

  beforeAll(async () => {
    server = await startTestServer();
    data = await buildProblemsFleet(server.database.db);
    api = apiAs(server);
    const { problems } = data;
    ids = {
      a1: problems.supplyAirA1.detectedProblemId,
      a2: problems.filterA2.detectedProblemId,
      silentA1: problems.silentA1.detectedProblemId,
      humidityA3: problems.humidityA3.detectedProblemId,
      b: problems.supplyAirB.detectedProblemId,
    };
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const ticketRow = async (ticketId: number) => {
    const [row] = await db().select().from(tickets).where(eq(tickets.ticketId, ticketId));
    if (!row) throw new Error(`no ticket ${ticketId}`);
    return row;
  };
  const ticketAssetIds = async (ticketId: number) =>
    (
      await db()
        .select()
        .from(ticketAssets)
        .where(eq(ticketAssets.ticketId, ticketId))
        .orderBy(asc(ticketAssets.assetId))
    ).map((row) => row.assetId);
  const ticketEvents = (ticketId: number) =>
    db()
      .select()
      .from(events)
      .where(and(eq(events.subjectType, 'ticket'), eq(events.subjectId, String(ticketId))))
      .orderBy(asc(events.eventId));
  const ticketCount = async () => (await db().select().from(tickets)).length;
  const ticketOf = (
    companyId: number,
    assetIds: number[],
    visibility: 'INTERNAL' | 'EXTERNAL' = 'EXTERNAL',
  ) => createTicket(db(), SYSTEM, { companyId, title: 'Existing visit', assetIds, visibility });

  it('opens an incident ticket from a Kyoto link event with the problems, their company and assets', async () => {
    const { a1, a2 } = ids;
    const answer = await api(data.users.adminA, 'POST', '/detectedProblems.moveToNewTicket', {
      detectedProblemIds: [a2, a1, a2],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { ticketId } = contract.detectedProblemsMoveToNewTicket.output.parse(answer.body);
    const ticket = await ticketRow(ticketId);
    expect(ticket).toMatchObject({
      companyId: data.fleet.companyA.companyId,
      typeValue: 0,
      sourceValue: 0,
      statusValue: 0,
      title: 'Supply air too warm and 1 more problem',
      createdBy: data.users.adminA.userId,
    });
    expect(ticket.description).toMatch(
      /Filter pressure high \(WARNING\) on AN-SX-01, first event \d{4}-\d\d-\d\d \d\d:\d\d UTC \[problem \d+\]/,
    );
    expect(await ticketAssetIds(ticketId)).toEqual([data.fleet.ids.unitA1, data.fleet.ids.unitA2].sort());
    expect((await problemRow(db(), a1)).ticketId).toBe(ticketId);
    expect((await problemRow(db(), a2)).ticketId).toBe(ticketId);

    // Audited on the ticket with the problem ids, and on each problem's asset as the problems module does.
    const onTicket = await ticketEvents(ticketId);
    expect(onTicket.map((event) => [event.name, event.data])).toContainEqual([
      'tickets.detectedProblems.add',
      { detectedProblemIds: [a1, a2] },
    ]);
    expect(onTicket.map((event) => event.name)).toContain('tickets.create');
    const onAssets = await problemEvents(db(), 'detectedProblems.moveToNewTicket', [
      data.fleet.ids.unitA1,
      data.fleet.ids.unitA2,
    ]);
    expect(onAssets.map((event) => event.data)).toEqual([
      { detectedProblemId: a1, name: 'Supply air too warm', ticketId, previousTicketId: null },
      { detectedProblemId: a2, name: 'Filter pressure high', ticketId, previousTicketId: null },
    ]);

    // The problem lists filter by the real ticket id.
    const listed = await api(data.users.adminA, 'POST', '/detectedProblems.list', { ticketIds: [ticketId] });
    expect(
      contract.detectedProblemsList.output
        .parse(listed.body)
        .content.map((problem) => problem.detectedProblemId)
        .sort(),
    ).toEqual([a1, a2].sort());
    const view = await api(data.users.adminA, 'POST', '/detectedProblems.listAlertView', {
      assetIds: [data.fleet.ids.unitA1, data.fleet.ids.unitA2],
      ticketIds: [ticketId],
    });
    const alertView = contract.detectedProblemsListAlertView.output.parse(view.body);
    expect(alertView.alerts.map((alert) => alert.ticketId)).toEqual([ticketId, ticketId]);
    expect(alertView.detectedProblems.map((problem) => problem.ticketId)).toEqual([ticketId, ticketId]);
  });

  it('takes the title given, and a single problem names itself and its asset', async () => {
    const named = await api(data.users.technician, 'POST', '/detectedProblems.moveToNewTicket', {
      detectedProblemIds: [ids.b],
      ticketTitle: '  Bravo supply air visit  ',
    });
    expect(named.status).toBe(200);
    const ticket = await ticketRow(
      contract.detectedProblemsMoveToNewTicket.output.parse(named.body).ticketId,
    );
    expect(ticket.title).toBe('Bravo supply air visit');
    expect(ticket.companyId).toBe(data.fleet.companyB.companyId);

    const single = await api(data.users.adminA, 'POST', '/detectedProblems.moveToNewTicket', {
      detectedProblemIds: [ids.humidityA3],
    });
    humidityTicket = contract.detectedProblemsMoveToNewTicket.output.parse(single.body).ticketId;
    const title = (await ticketRow(humidityTicket)).title;
    expect(title).toBe('Humidity drifting on AS-CRAH-01');
  });

  it('refuses problems of two companies (400), changing nothing', async () => {
    const before = await ticketCount();
    const answer = await api(data.users.technician, 'POST', '/detectedProblems.moveToNewTicket', {
      detectedProblemIds: [ids.silentA1, ids.b],
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toBe(ONE_COMPANY_ONLY);
    expect(await ticketCount()).toBe(before);
    expect((await problemRow(db(), ids.silentA1)).ticketId).toBeNull();
  });

  it("answers 404 for another company's problem and another company's ticket", async () => {
    const before = await ticketCount();
    const foreign = await api(data.users.adminA, 'POST', '/detectedProblems.moveToNewTicket', {
      detectedProblemIds: [ids.silentA1, ids.b],
    });
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).message).toBe(`Detected problem ${ids.b} not found.`);
    expect(await ticketCount()).toBe(before);

    const bravoTicket = await ticketOf(data.fleet.companyB.companyId, [data.fleet.ids.unitB]);
    const toForeignTicket = await api(data.users.adminA, 'POST', '/detectedProblems.moveToExistingTicket', {
      detectedProblemIds: [ids.silentA1],
      ticketId: bravoTicket.ticketId,
    });
    expect(toForeignTicket.status).toBe(404);
    expect(errorOf(toForeignTicket).message).toBe('Ticket not found.');
    const foreignProblem = await api(data.users.adminA, 'POST', '/detectedProblems.removeFromTicket', [
      ids.b,
    ]);
    expect(foreignProblem.status).toBe(404);
    // Staff who see both companies may still not put one company's problem on another's ticket.
    const crossed = await api(data.users.technician, 'POST', '/detectedProblems.moveToExistingTicket', {
      detectedProblemIds: [ids.silentA1],
      ticketId: bravoTicket.ticketId,
    });
    expect(crossed.status).toBe(400);
    expect(errorOf(crossed).message).toContain('belongs to another company');
    expect((await problemRow(db(), ids.silentA1)).ticketId).toBeNull();
  });

  it('moves problems to an existing ticket of their company, adding the assets it lacks', async () => {
    const visit = await ticketOf(data.fleet.companyA.companyId, [data.fleet.ids.unitA1]);
    const answer = await api(data.users.adminA, 'POST', '/detectedProblems.moveToExistingTicket', {
      detectedProblemIds: [ids.silentA1, ids.humidityA3],
      ticketId: visit.ticketId,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const moved = detectedProblemSchema.array().parse(answer.body);
    expect(moved.map((problem) => [problem.detectedProblemId, problem.ticketId])).toEqual([
      [ids.silentA1, visit.ticketId],
      [ids.humidityA3, visit.ticketId],
    ]);
    expect(await ticketAssetIds(visit.ticketId)).toEqual(
      [data.fleet.ids.unitA1, data.fleet.ids.unitA3].sort((x, y) => x - y),
    );
    // humidityA3 came from the ticket made for it above: that ticket records it leaving.
    const names = (await ticketEvents(visit.ticketId)).map((event) => event.name);
    expect(names).toContain('tickets.detectedProblems.add');
    const [previous] = (
      await problemEvents(db(), 'detectedProblems.moveToExistingTicket', [data.fleet.ids.unitA3])
    ).map((event) => event.data);
    expect(previous).toEqual({
      detectedProblemId: ids.humidityA3,
      name: 'Humidity drifting',
      ticketId: visit.ticketId,
      previousTicketId: humidityTicket,
    });
    const left = (await ticketEvents(humidityTicket)).filter(
      (event) => event.name === 'tickets.detectedProblems.remove',
    );
    expect(left.map((event) => event.data)).toEqual([{ detectedProblemIds: [ids.humidityA3] }]);
  });

  it('needs tickets:write on the company (403) and refuses bad input (400)', async () => {
    const denied = await api(data.users.operatorA, 'POST', '/detectedProblems.moveToNewTicket', {
      detectedProblemIds: [ids.a1],
    });
    expect(denied.status).toBe(403);
    expect(errorOf(denied).message).toContain('tickets:write');
    const cases: [string, unknown][] = [
      ['/detectedProblems.moveToNewTicket', {}],
      ['/detectedProblems.moveToNewTicket', { detectedProblemIds: [] }],
      ['/detectedProblems.moveToNewTicket', { detectedProblemIds: [ids.a1], ticketTitle: 'x'.repeat(201) }],
      ['/detectedProblems.moveToNewTicket', { detectedProblemIds: [ids.a1], ticketTitle: 5 }],
      ['/detectedProblems.moveToExistingTicket', { detectedProblemIds: [ids.a1] }],
      ['/detectedProblems.moveToExistingTicket', { detectedProblemIds: [ids.a1], ticketId: 'one' }],
      ['/detectedProblems.removeFromTicket', { detectedProblemIds: [ids.a1] }],
      ['/detectedProblems.removeFromTicket', []],
      ['/detectedProblems.removeFromTicket', [1.5]],
    ];
    for (const [path, body] of cases) {
      const answer = await api(data.users.adminA, 'POST', path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
  });

  it('removes problems from their tickets, a repeated id counting once', async () => {
    const ticketId = (await problemRow(db(), ids.a1)).ticketId;
    if (ticketId === null) throw new Error('the first test put a1 on a ticket');
    const answer = await api(data.users.adminA, 'POST', '/detectedProblems.removeFromTicket', [
      ids.a1,
      ids.a1,
      ids.a2,
      ids.a1,
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const removed = detectedProblemSchema.array().parse(answer.body);
    expect(removed.map((problem) => [problem.detectedProblemId, problem.ticketId])).toEqual([
      [ids.a1, null],
      [ids.a2, null],
    ]);
    const removals = (await ticketEvents(ticketId)).filter(
      (event) => event.name === 'tickets.detectedProblems.remove',
    );
    expect(removals.map((event) => event.data)).toEqual([{ detectedProblemIds: [ids.a1, ids.a2] }]);
    const onAssets = await problemEvents(db(), 'detectedProblems.removeFromTicket', [
      data.fleet.ids.unitA1,
      data.fleet.ids.unitA2,
    ]);
    expect(onAssets).toHaveLength(2);
    // Again: nothing is on a ticket, nothing is written.
    expect(
      (await api(data.users.adminA, 'POST', '/detectedProblems.removeFromTicket', [ids.a1])).status,
    ).toBe(200);
    expect(
      await problemEvents(db(), 'detectedProblems.removeFromTicket', [data.fleet.ids.unitA1]),
    ).toHaveLength(1);
    const listed = await api(data.users.adminA, 'POST', '/detectedProblems.list', { ticketIds: [ticketId] });
    expect(contract.detectedProblemsList.output.parse(listed.body).content).toEqual([]);
    const stillThere = await db()
      .select()
      .from(tickets)
      .where(inArray(tickets.ticketId, [ticketId]));
    expect(stillThere).toHaveLength(1);
  });
});
