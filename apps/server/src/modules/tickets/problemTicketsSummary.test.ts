import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@kelvin/contract';
import { detectedProblems } from '../../platform/db/problemsSchema.ts';
import { roleGrants, roles, userRoles } from '../../platform/db/schema.ts';
import { ticketStatusChanges } from '../../platform/db/ticketsSchema.ts';
import { buildUser } from '../../testing/factories.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import {
  buildProblemsFleet,
  HOUR,
  insertProblem,
  MINUTE,
  type ProblemsFleet,
} from '../problems/problemsTestFixture.ts';
import { inProgressSpans } from './problemTicketsQueries.ts';
import { createTicket } from './ticketWrite.ts';

const SYSTEM = { userId: null, isExternal: false };
const summaries = contract.ticketsDetectedProblemsSummary.output;
const periods = contract.ticketsWorkPeriods.output;

describe('what a ticket knows of its problems and visits', () => {
  let server: TestServer;
  let data: ProblemsFleet;
  let api: ReturnType<typeof apiAs>;
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);
  let ticketA: number;
  let emptyTicket: number;
  let internalTicket: number;
  let ticketB: number;

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.database.db;
    data = await buildProblemsFleet(db, now);
    api = apiAs(server);
    const a = data.fleet.companyA.companyId;
    const { unitA1, unitA2, unitB } = data.fleet.ids;
    const ticket = (
      companyId: number,
      assetIds: number[],
      visibility: 'INTERNAL' | 'EXTERNAL',
      minutes: number,
    ) =>
      createTicket(
        db,
        SYSTEM,
        { companyId, title: `Visit ${minutes}`, assetIds, visibility },
        { now: ago(minutes * MINUTE) },
      );
    ticketA = (await ticket(a, [unitA1], 'EXTERNAL', 600)).ticketId;
    emptyTicket = (await ticket(a, [unitA2], 'EXTERNAL', 30)).ticketId;
    internalTicket = (await ticket(a, [unitA1], 'INTERNAL', 120)).ticketId;
    ticketB = (await ticket(data.fleet.companyB.companyId, [unitB], 'EXTERNAL', 60)).ticketId;
    // On ticket A: the open critical problem, the communication loss closed an hour ago, and one closed 4 minutes ago.
    const recentlyClosed = await insertProblem(db, {
      rule: data.rules.filterA,
      assetId: unitA1,
      companyId: a,
      openedMinutesAgo: 30,
      lastEventMinutesAgo: 6,
      closedMinutesAgo: 4,
      now,
    });
    await db
      .update(detectedProblems)
      .set({ ticketId: ticketA })
      .where(
        inArray(detectedProblems.detectedProblemId, [
          data.problems.supplyAirA1.detectedProblemId,
          data.problems.silentA1.detectedProblemId,
          recentlyClosed.detectedProblemId,
        ]),
      );
    // Ticket A: new 10 h ago, in progress 4 h to 3 h ago, on hold, in progress again 2 h ago until now.
    await db.insert(ticketStatusChanges).values([
      { ticketId: ticketA, statusValue: 2, changedAt: ago(4 * HOUR) },
      { ticketId: ticketA, statusValue: 3, changedAt: ago(3 * HOUR) },
      { ticketId: ticketA, statusValue: 2, changedAt: ago(2 * HOUR) },
      { ticketId: internalTicket, statusValue: 2, changedAt: ago(90 * MINUTE) },
      { ticketId: internalTicket, statusValue: 7, changedAt: ago(60 * MINUTE) },
    ]);
  });
  afterAll(() => server.close());

  it('counts the problems of each ticket by level, open and closed, over the PT10M active interval', async () => {
    const answer = await api(data.users.adminA, 'POST', '/tickets.detectedProblemsSummary', {
      ticketIds: [ticketA, emptyTicket, ticketA],
      activeInterval: 'PT10M',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(summaries.parse(answer.body)).toEqual([
      {
        ticketId: ticketA,
        total: 3,
        open: 1,
        closed: 2,
        // Closed 4 minutes ago, last event 6 minutes ago: within PT10M. The hour-old one is not.
        recentlyClosed: 1,
        critical: 1,
        warning: 0,
        info: 0,
        unacknowledged: 1,
        muted: 0,
        escalated: 0,
        worstLevel: 'CRITICAL',
        lastEventAt: ago(2 * MINUTE).toISOString(),
      },
      {
        ticketId: emptyTicket,
        total: 0,
        open: 0,
        closed: 0,
        recentlyClosed: 0,
        critical: 0,
        warning: 0,
        info: 0,
        unacknowledged: 0,
        muted: 0,
        escalated: 0,
        worstLevel: null,
        lastEventAt: null,
      },
    ]);
  });

  it("refuses another company's ticket and an INTERNAL one for an external user (404), and bad input (400)", async () => {
    for (const ticketId of [ticketB, internalTicket, 9_999_999]) {
      const answer = await api(data.users.adminA, 'POST', '/tickets.detectedProblemsSummary', {
        ticketIds: [ticketA, ticketId],
        activeInterval: 'PT10M',
      });
      expect(answer.status).toBe(404);
      expect(errorOf(answer).message).toBe('Ticket not found.');
    }
    const staff = await api(data.users.technician, 'POST', '/tickets.detectedProblemsSummary', {
      ticketIds: [internalTicket, ticketB],
      activeInterval: 'PT10M',
    });
    expect(staff.status).toBe(200);
    for (const body of [
      {},
      { ticketIds: [], activeInterval: 'PT10M' },
      { ticketIds: [ticketA], activeInterval: '10m' },
    ]) {
      const answer = await api(data.users.adminA, 'POST', '/tickets.detectedProblemsSummary', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses the problem counts to a ticket reader without detectedProblems:read (403), and leaves out those of companies the grant does not reach', async () => {
    const db = server.database.db;
    const a = data.fleet.companyA.companyId;
    /** A user of company A holding one role made of these grants (provider-style: not an external user). */
    const holder = async (name: string, grants: Record<string, (string | number)[]>) => {
      const [role] = await db.insert(roles).values({ name }).returning();
      if (!role) throw new Error('role not inserted');
      await db.insert(roleGrants).values(
        Object.entries(grants).map(([permission, values]) => ({
          roleId: role.roleId,
          permission,
          attributes: { companyId: { type: 'VALUES', values } },
        })),
      );
      const user = await buildUser(db, { companyId: 1, name, identityId: `staff|${name}` });
      await db.insert(userRoles).values({ userId: user.userId, roleId: role.roleId });
      return user;
    };
    const body = { ticketIds: [ticketA], activeInterval: 'PT10M' };

    const ticketsOnly = await holder('Ticket follower', { 'tickets:read': [a] });
    const refused = await api(ticketsOnly, 'POST', '/tickets.detectedProblemsSummary', body);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(errorOf(refused).message).toContain('detectedProblems:read');

    // Problems are read on another company only: ticket A's three problems are not counted.
    const elsewhere = await holder('Bravo problem reader', {
      'tickets:read': [a],
      'detectedProblems:read': [data.fleet.companyB.companyId],
    });
    const answer = await api(elsewhere, 'POST', '/tickets.detectedProblemsSummary', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(summaries.parse(answer.body)).toEqual([
      expect.objectContaining({ ticketId: ticketA, total: 0, open: 0, closed: 0, worstLevel: null }),
    ]);
  });

  it('lists the spans tickets holding the assets spent in progress, from their status changes', async () => {
    const window = { from: ago(6 * HOUR).toISOString(), to: new Date(now).toISOString() };
    const answer = await api(data.users.technician, 'POST', '/tickets.workPeriods', {
      assetIds: [data.fleet.ids.unitA1],
      timeWindow: window,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const unitA1 = data.fleet.ids.unitA1;
    expect(periods.parse(answer.body)).toEqual([
      {
        ticketId: ticketA,
        title: 'Visit 600',
        statusEnumKey: 'inProgress',
        assetIds: [unitA1],
        from: ago(4 * HOUR).toISOString(),
        to: ago(3 * HOUR).toISOString(),
      },
      {
        ticketId: ticketA,
        title: 'Visit 600',
        statusEnumKey: 'inProgress',
        assetIds: [unitA1],
        from: ago(2 * HOUR).toISOString(),
        to: null,
      },
      {
        ticketId: internalTicket,
        title: 'Visit 120',
        statusEnumKey: 'inProgress',
        assetIds: [unitA1],
        from: ago(90 * MINUTE).toISOString(),
        to: ago(60 * MINUTE).toISOString(),
      },
    ]);
    // The customer's admin does not see the INTERNAL ticket; a window after the first visit leaves it out.
    const customer = await api(data.users.adminA, 'POST', '/tickets.workPeriods', {
      assetIds: [unitA1],
      timeWindow: { from: ago(150 * MINUTE).toISOString(), to: window.to },
    });
    expect(periods.parse(customer.body).map((period) => [period.ticketId, period.to])).toEqual([
      [ticketA, null],
    ]);
  });

  it("refuses another company's asset (404), no tickets:read (403) and bad input (400)", async () => {
    const timeWindow = { from: ago(HOUR).toISOString(), to: new Date(now).toISOString() };
    const foreign = await api(data.users.adminA, 'POST', '/tickets.workPeriods', {
      assetIds: [data.fleet.ids.unitA1, data.fleet.ids.unitB],
      timeWindow,
    });
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).message).toBe('Asset not found.');
    const denied = await api(data.users.problemReader, 'POST', '/tickets.workPeriods', {
      assetIds: [data.fleet.ids.unitA1],
      timeWindow,
    });
    expect(denied.status).toBe(403);
    for (const body of [
      { assetIds: [data.fleet.ids.unitA1] },
      { assetIds: [], timeWindow },
      { assetIds: [data.fleet.ids.unitA1], timeWindow: { from: timeWindow.to, to: timeWindow.from } },
    ]) {
      const answer = await api(data.users.adminA, 'POST', '/tickets.workPeriods', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('inProgressSpans', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 8, minutes));
  const window = { from: at(0), to: at(59) };
  it('continues a span across a repeated inProgress and ends it at the next other status', () => {
    expect(
      inProgressSpans(
        [
          { ticketId: 1, statusValue: 0, changedAt: at(1) },
          { ticketId: 1, statusValue: 2, changedAt: at(5) },
          { ticketId: 1, statusValue: 2, changedAt: at(10) },
          { ticketId: 1, statusValue: 7, changedAt: at(20) },
          { ticketId: 2, statusValue: 2, changedAt: at(30) },
        ],
        window,
      ),
    ).toEqual([
      { ticketId: 1, from: at(5), to: at(20) },
      { ticketId: 2, from: at(30), to: null },
    ]);
  });
});
