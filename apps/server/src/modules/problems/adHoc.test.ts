import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { detectedProblemSchema } from '@kelvin/contract';
import { problemRuleDefinitions } from '../../platform/db/problemsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { buildProblemsFleet, problemEvents, problemRow, type ProblemsFleet } from './problemsTestFixture.ts';

describe('ad hoc problems', () => {
  let server: TestServer;
  let data: ProblemsFleet;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    server = await startTestServer();
    data = await buildProblemsFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  const create = (body: Record<string, unknown>, user: { identityId: string } = data.users.adminA) =>
    api(user, 'POST', '/detectedProblems.createAdHoc', body);
  const disable = (ids: number[], user: { identityId: string } = data.users.adminA) =>
    api(user, 'POST', '/problemRuleDefinitions.disableAdHoc', { problemRuleDefinitionIds: ids });
  const ruleOf = async (id: number) => {
    const [rule] = await server.database.db
      .select()
      .from(problemRuleDefinitions)
      .where(eq(problemRuleDefinitions.problemRuleDefinitionId, id));
    return rule;
  };

  it('records an open problem of an ad hoc rule of the asset’s company, audited', async () => {
    const answer = await create({
      assetId: data.fleet.ids.unitA3,
      name: 'Door left open',
      description: 'Found on the walk-round',
      level: 'WARNING',
      tags: ['walk-round'],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const problem = detectedProblemSchema.parse(answer.body);
    expect(problem).toMatchObject({
      name: 'Door left open',
      description: 'Found on the walk-round',
      kind: 'AD_HOC',
      level: 'WARNING',
      tags: ['walk-round'],
      assetId: data.fleet.ids.unitA3,
      companyId: data.fleet.companyA.companyId,
      closedAt: null,
      alertIds: [],
    });
    expect(await ruleOf(problem.problemRuleDefinitionId ?? 0)).toMatchObject({
      type: 'AD_HOC',
      kind: 'MANUAL',
      condition: { kind: 'MANUAL' },
      timeWindow: 'PT0S',
      recoveryDuration: 'PT0S',
      impactLevel: 'WARNING',
      companyId: data.fleet.companyA.companyId,
      createdBy: data.users.adminA.userId,
    });
    const [event] = await problemEvents(server.database.db, 'detectedProblems.createAdHoc', [
      data.fleet.ids.unitA3,
    ]);
    expect(event?.data).toMatchObject({ detectedProblemId: problem.detectedProblemId, level: 'WARNING' });
    const listed = await api(data.users.adminA, 'POST', '/detectedProblems.list', { fuzzyFilter: 'door' });
    expect(JSON.stringify(listed.body)).toContain('Door left open');
  });

  it("refuses another company's asset (404), callers without write (403) and bad input (400)", async () => {
    const body = { assetId: data.fleet.ids.unitB, name: 'Leak', level: 'CRITICAL' };
    const foreign = await create(body);
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).message).toBe('Asset not found.');
    expect((await create({ ...body, assetId: data.fleet.ids.unitA1 }, data.users.problemReader)).status).toBe(
      403,
    );
    const blank = await create({ ...body, assetId: data.fleet.ids.unitA1, name: '  ' });
    expect(blank.status).toBe(400);
    expect(errorOf(blank).details?.[0]?.message).toBe('Name is required');
    for (const bad of [
      { ...body, level: 'URGENT' },
      { ...body, assetId: 'one' },
      { ...body, tags: [''] },
      { name: 'x', level: 'INFO' },
    ]) {
      expect((await create(bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('disables an ad hoc rule and closes its problem, once', async () => {
    const made = detectedProblemSchema.parse(
      (await create({ assetId: data.fleet.ids.unitA1, name: 'Loose panel', level: 'INFO' })).body,
    );
    const ruleId = made.problemRuleDefinitionId ?? 0;
    for (let round = 0; round < 2; round++) {
      const answer = await disable([ruleId]);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });
    }
    expect((await problemRow(server.database.db, made.detectedProblemId)).closedAt).not.toBeNull();
    expect((await ruleOf(ruleId))?.disabledBy).toBe(data.users.adminA.userId);
    const events = await problemEvents(server.database.db, 'problemRuleDefinitions.disableAdHoc', [
      data.fleet.ids.unitA1,
    ]);
    expect(events.map((event) => event.data)).toEqual([
      { problemRuleDefinitionId: ruleId, name: 'Loose panel', closedProblemIds: [made.detectedProblemId] },
    ]);
  });

  it("refuses a system rule (400), another company's ad hoc rule (404) and callers without write (403)", async () => {
    const system = await disable([data.rules.supplyAirA.problemRuleDefinitionId]);
    expect(system.status).toBe(400);
    expect(errorOf(system).message).toContain('is not an ad hoc rule');
    const theirs = detectedProblemSchema.parse(
      (
        await create(
          { assetId: data.fleet.ids.unitB, name: 'Smoke smell', level: 'CRITICAL' },
          data.users.adminB,
        )
      ).body,
    );
    const theirRule = theirs.problemRuleDefinitionId ?? 0;
    const foreign = await disable([theirRule]);
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).message).toBe(`Problem rule definition ${theirRule} not found.`);
    expect((await disable([theirRule], data.users.problemReader)).status).toBe(403);
    expect((await disable([2_000_000])).status).toBe(404);
    expect((await problemRow(server.database.db, theirs.detectedProblemId)).closedAt).toBeNull();
    expect((await api(data.users.adminA, 'POST', '/problemRuleDefinitions.disableAdHoc', {})).status).toBe(
      400,
    );
  });

  it('lists an ad hoc rule to a user limited by access groups only when its asset is in their groups', async () => {
    const inGroups = await create({
      assetId: data.fleet.ids.unitA1,
      name: 'Seen by the hall',
      level: 'INFO',
    });
    const outside = await create({ assetId: data.fleet.ids.unitA3, name: 'Not for the hall', level: 'INFO' });
    expect([inGroups.status, outside.status]).toEqual([200, 200]);
    const namesFor = async (user: { identityId: string }) => {
      const answer = await api(user, 'POST', '/problemRuleDefinitions.list', { types: ['AD_HOC'] });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return z
        .array(z.object({ name: z.string() }))
        .parse(answer.body)
        .map((rule) => rule.name);
    };
    // The operator's groups hold data hall A1 (unit A1), not hall A2 (unit A3); the administrator's both.
    const operatorSees = await namesFor(data.users.operatorA);
    expect(operatorSees).toContain('Seen by the hall');
    expect(operatorSees).not.toContain('Not for the hall');
    expect(await namesFor(data.users.adminA)).toEqual(
      expect.arrayContaining(['Seen by the hall', 'Not for the hall']),
    );
  });
});
