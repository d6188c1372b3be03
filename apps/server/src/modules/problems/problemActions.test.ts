import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import {
  buildProblemsFleet,
  problemEvents,
  problemRow,
  problemsOf,
  type ProblemsFleet,
} from './problemsTestFixture.ts';

describe('acknowledge, unacknowledge, mute and unmute', () => {
  let server: TestServer;
  let data: ProblemsFleet;
  let api: ReturnType<typeof apiAs>;
  let a1: number;
  let a2: number;
  let b: number;

  beforeAll(async () => {
    server = await startTestServer();
    data = await buildProblemsFleet(server.database.db);
    api = apiAs(server);
    a1 = data.problems.supplyAirA1.detectedProblemId;
    a2 = data.problems.filterA2.detectedProblemId;
    b = data.problems.supplyAirB.detectedProblemId;
  });
  afterAll(() => server.close());

  const act = (verb: string, ids: number[], user: { identityId: string } = data.users.adminA) =>
    api(user, 'POST', `/detectedProblems.${verb}`, { detectedProblemIds: ids });
  const eventsOf = (verb: string) =>
    problemEvents(server.database.db, `detectedProblems.${verb}`, [
      data.fleet.ids.unitA1,
      data.fleet.ids.unitA2,
    ]);

  it('acknowledges with who and when, once: a repeat keeps the first and records nothing', async () => {
    const before = Date.now();
    const first = await act('acknowledge', [a1, a2, a1]);
    expect(first.status).toBe(200);
    const acknowledged = problemsOf(first);
    expect(acknowledged.map((problem) => problem.detectedProblemId)).toEqual([a1, a2]);
    const [problem] = acknowledged;
    expect(problem?.acknowledgement).toMatchObject({
      acknowledgedBy: data.users.adminA.userId,
      automationId: null,
    });
    expect(Date.parse(problem?.acknowledgement?.acknowledgedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const again = problemsOf(await act('acknowledge', [a1], data.users.operatorA));
    expect(again[0]?.acknowledgement).toEqual(problem?.acknowledgement);
    const events = await eventsOf('acknowledge');
    expect(events.map((event) => [event.actorUserId, event.data])).toEqual([
      [data.users.adminA.userId, { detectedProblemId: a1, name: 'Supply air too warm' }],
      [data.users.adminA.userId, { detectedProblemId: a2, name: 'Filter pressure high' }],
    ]);
    expect(events[0]).toMatchObject({ subjectType: 'asset', companyId: data.fleet.companyA.companyId });
  });

  it('takes an acknowledgement back, once', async () => {
    const answer = problemsOf(await act('unacknowledge', [a1]));
    expect(answer[0]?.acknowledgement).toBeNull();
    expect(problemsOf(await act('unacknowledge', [a1]))[0]?.acknowledgement).toBeNull();
    expect(await eventsOf('unacknowledge')).toHaveLength(1);
    expect((await problemRow(server.database.db, a2)).acknowledgedBy).toBe(data.users.adminA.userId);
  });

  it('mutes and unmutes, keeping the first mute across a second one', async () => {
    const muted = problemsOf(await act('mute', [a1]))[0]?.mute;
    expect(muted).toMatchObject({
      mutedBy: data.users.adminA.userId,
      currentlyMuted: true,
      automationId: null,
    });
    expect(muted?.firstMutedAt).toBe(muted?.lastMutedAt);
    expect(problemsOf(await act('mute', [a1]))[0]?.mute).toEqual(muted);
    const unmuted = problemsOf(await act('unmute', [a1]))[0]?.mute;
    expect(unmuted).toEqual({ ...muted, currentlyMuted: false });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = problemsOf(await act('mute', [a1], data.users.operatorA))[0]?.mute;
    expect(again?.firstMutedAt).toBe(muted?.firstMutedAt);
    expect(Date.parse(again?.lastMutedAt ?? '')).toBeGreaterThan(Date.parse(muted?.lastMutedAt ?? ''));
    expect(again?.mutedBy).toBe(data.users.operatorA.userId);
    expect(await eventsOf('mute')).toHaveLength(2);
    expect(await eventsOf('unmute')).toHaveLength(1);
  });

  it("refuses another company's problem with a 404 naming it, changing none of the call's problems", async () => {
    const before = await problemRow(server.database.db, a2);
    for (const verb of ['acknowledge', 'unacknowledge', 'mute', 'unmute']) {
      const answer = await act(verb, [a2, b]);
      expect(answer.status).toBe(404);
      expect(errorOf(answer).message).toBe(`Detected problem ${b} not found.`);
    }
    expect(await problemRow(server.database.db, a2)).toEqual(before);
    expect((await problemRow(server.database.db, b)).acknowledgedAt).toBeNull();
    const missing = await act('acknowledge', [2_000_000]);
    expect(errorOf(missing).message).toBe('Detected problem 2000000 not found.');
    // Outside an operator's access groups is the same 404.
    const outside = await act(
      'acknowledge',
      [data.problems.humidityA3.detectedProblemId],
      data.users.operatorA,
    );
    expect(outside.status).toBe(404);
    // The provider's staff act on every company's problems.
    expect((await act('acknowledge', [b], data.users.technician)).status).toBe(200);
  });

  it('answers 403 without detectedProblems:write, 401 without a token, 400 for bad input', async () => {
    for (const verb of ['acknowledge', 'unacknowledge', 'mute', 'unmute']) {
      const denied = await act(verb, [a1], data.users.problemReader);
      expect(denied.status).toBe(403);
      expect(errorOf(denied).message).toContain('detectedProblems:write');
    }
    const anonymous = await fetch(`${server.url}/api/detectedProblems.acknowledge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ detectedProblemIds: [a1] }),
    });
    expect(anonymous.status).toBe(401);
    const cases: unknown[] = [
      {},
      { detectedProblemIds: [] },
      { detectedProblemIds: [1.5] },
      { detectedProblemIds: ['1'] },
      { detectedProblemIds: Array.from({ length: 501 }, (_, index) => index + 1) },
    ];
    for (const body of cases) {
      const answer = await api(data.users.adminA, 'POST', '/detectedProblems.mute', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('detectedProblemIds');
    }
  });
});
