import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOMATION_MAX_MS, problemAutomationSchema } from '@kelvin/contract';
import { alerts, detectedProblems } from '../../platform/db/problemsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { applyAutomationsToProblems, endExpiredAutomations } from './automationsService.ts';
import {
  automationRows,
  buildProblemsFleet,
  HOUR,
  insertProblem,
  problemEvents,
  problemRow,
  type ProblemsFleet,
} from './problemsTestFixture.ts';

const automations = problemAutomationSchema.array();

describe('problem automations', () => {
  let server: TestServer;
  let data: ProblemsFleet;
  let api: ReturnType<typeof apiAs>;
  let closedA1 = 0;

  beforeAll(async () => {
    server = await startTestServer();
    data = await buildProblemsFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  const keyOf = (problem: { problemRuleDefinitionId: number; assetId: number }) => ({
    problemRuleDefinitionId: problem.problemRuleDefinitionId,
    assetId: problem.assetId,
    groupingKey: null,
  });
  const inAnHour = () => new Date(Date.now() + HOUR).toISOString();
  const enable = (body: unknown, user: { identityId: string } = data.users.adminA) =>
    api(user, 'POST', '/detectedProblems.enableAutomation', body);
  const listOf = async (user: { identityId: string }, body: Record<string, unknown> = {}) => {
    const answer = await api(user, 'POST', '/detectedProblems.listAutomations', body);
    expect(answer.status).toBe(200);
    return automations.parse(answer.body);
  };

  it('auto-mutes and auto-acknowledges the open problems of the keys at once, recording the automation', async () => {
    const { supplyAirA1, filterA2 } = data.problems;
    const expiredBy = inAnHour();
    const answer = await enable([
      { problemGroupKeys: [keyOf(supplyAirA1)], type: 'AUTO_MUTE', description: 'Coil cleaning', expiredBy },
      { problemGroupKeys: [keyOf(filterA2)], type: 'AUTO_ACKNOWLEDGEMENT', description: 'Known', expiredBy },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [mute, ack] = automations.parse(answer.body);
    expect(mute).toMatchObject({
      problemGroupKey: keyOf(supplyAirA1),
      type: 'AUTO_MUTE',
      description: 'Coil cleaning',
      expiredBy,
      setting: { setBy: data.users.adminA.userId, setByName: 'Ada Alpha' },
      disabledAt: null,
      state: 'ACTIVE',
      assetName: 'AN-CRAH-01',
      ruleName: 'Supply air too warm',
    });
    const muted = await problemRow(server.database.db, supplyAirA1.detectedProblemId);
    expect(muted).toMatchObject({
      currentlyMuted: true,
      mutedBy: null,
      mutedByAutomationId: mute?.problemAutomationId,
      acknowledgedAt: null,
    });
    const acked = await problemRow(server.database.db, filterA2.detectedProblemId);
    expect(acked).toMatchObject({
      acknowledgedBy: null,
      acknowledgedByAutomationId: ack?.problemAutomationId,
    });
    const [event] = await problemEvents(server.database.db, 'detectedProblems.enableAutomation', [
      supplyAirA1.assetId,
    ]);
    expect(event).toMatchObject({ actorUserId: data.users.adminA.userId, subjectType: 'asset' });
    expect(event?.data).toMatchObject({ type: 'AUTO_MUTE', appliedTo: [supplyAirA1.detectedProblemId] });
    // The same call again adds nothing.
    const again = await enable([
      { problemGroupKeys: [keyOf(supplyAirA1)], type: 'AUTO_MUTE', description: 'Coil cleaning', expiredBy },
    ]);
    expect(automations.parse(again.body)[0]?.problemAutomationId).toBe(mute?.problemAutomationId);
    expect(await automationRows(server.database.db, supplyAirA1.assetId)).toHaveLength(1);
  });

  it('lists automations the caller may see, active only unless ended ones are asked for', async () => {
    expect((await listOf(data.users.adminA)).map((automation) => automation.type)).toEqual(
      expect.arrayContaining(['AUTO_MUTE', 'AUTO_ACKNOWLEDGEMENT']),
    );
    expect(await listOf(data.users.adminB)).toEqual([]);
    expect(await listOf(data.users.adminA, { assetIds: [data.fleet.ids.unitB] })).toEqual([]);
    expect(
      (await listOf(data.users.operatorA, { assetIds: [data.fleet.ids.unitA2] })).map((a) => a.assetName),
    ).toEqual(['AN-SX-01']);
    expect((await api(data.users.noRolesA, 'POST', '/detectedProblems.listAutomations', {})).status).toBe(
      403,
    );
  });

  it('refuses an expiry in the past or too far ahead, foreign keys, and callers without write', async () => {
    const key = keyOf(data.problems.supplyAirA1);
    const item = { problemGroupKeys: [key], type: 'AUTO_MUTE', description: 'x' };
    const past = await enable([{ ...item, expiredBy: new Date(Date.now() - 1000).toISOString() }]);
    expect(past.status).toBe(400);
    expect(errorOf(past).details?.[0]).toEqual({
      field: 'body.0.expiredBy',
      message: 'The expiry must be in the future.',
    });
    const far = await enable([
      { ...item, expiredBy: new Date(Date.now() + AUTOMATION_MAX_MS + HOUR).toISOString() },
    ]);
    expect(errorOf(far).message).toBe('An automation lasts at most 90 days.');
    const foreignAsset = await enable([
      { ...item, problemGroupKeys: [keyOf(data.problems.supplyAirB)], expiredBy: inAnHour() },
    ]);
    expect(foreignAsset.status).toBe(404);
    const foreignRule = await enable([
      {
        ...item,
        problemGroupKeys: [
          { ...key, problemRuleDefinitionId: data.rules.supplyAirB.problemRuleDefinitionId },
        ],
        expiredBy: inAnHour(),
      },
    ]);
    expect(errorOf(foreignRule).message).toBe(
      `Problem rule definition ${data.rules.supplyAirB.problemRuleDefinitionId} not found.`,
    );
    expect((await enable([{ ...item, expiredBy: inAnHour() }], data.users.problemReader)).status).toBe(403);
    for (const body of [
      [],
      [{ ...item, description: ' ', expiredBy: inAnHour() }],
      [{ ...item, type: 'AUTO_FIX', expiredBy: inAnHour() }],
    ]) {
      expect((await enable(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await automationRows(server.database.db, key.assetId)).toHaveLength(1);
  });

  it('applies active automations to problems the evaluator opens later, once', async () => {
    const { db } = server.database;
    const { supplyAirA1, filterA2 } = data.problems;
    // The muted problem closes and its key breaches again: a new problem.
    await db
      .update(detectedProblems)
      .set({ closedAt: new Date() })
      .where(eq(detectedProblems.detectedProblemId, supplyAirA1.detectedProblemId));
    await db
      .update(alerts)
      .set({ status: 'RESOLVED', resolvedAt: new Date() })
      .where(eq(alerts.detectedProblemId, supplyAirA1.detectedProblemId));
    const reopened = await insertProblem(db, {
      rule: data.rules.supplyAirA,
      assetId: supplyAirA1.assetId,
      companyId: supplyAirA1.companyId,
      openedMinutesAgo: 0,
    });
    const other = await insertProblem(db, {
      rule: data.rules.humidityA,
      assetId: data.fleet.ids.unitA1,
      companyId: supplyAirA1.companyId,
      openedMinutesAgo: 0,
    });
    const ids = [reopened.detectedProblemId, other.detectedProblemId];
    const automationId = (await problemRow(db, supplyAirA1.detectedProblemId)).mutedByAutomationId;
    const applied = await db.transaction((tx) => applyAutomationsToProblems(tx, ids, Date.now()));
    expect(applied).toEqual({ acknowledged: [], muted: [reopened.detectedProblemId] });
    expect(await applyAutomationsToProblems(db, ids, Date.now())).toEqual({ acknowledged: [], muted: [] });
    expect((await problemRow(db, other.detectedProblemId)).currentlyMuted).toBe(false);
    const autoMutes = await problemEvents(db, 'detectedProblems.autoMute', [supplyAirA1.assetId]);
    expect(autoMutes.map((event) => [event.actorUserId, event.data])).toEqual([
      [null, { detectedProblemId: supplyAirA1.detectedProblemId, problemAutomationId: automationId }],
      [null, { detectedProblemId: reopened.detectedProblemId, problemAutomationId: automationId }],
    ]);
    // An automation past its expiry applies to nothing.
    expect(await applyAutomationsToProblems(db, [filterA2.detectedProblemId], Date.now() + 2 * HOUR)).toEqual(
      {
        acknowledged: [],
        muted: [],
      },
    );
    closedA1 = supplyAirA1.detectedProblemId;
    data.problems.supplyAirA1 = reopened;
  });

  it('ends the mutes of expired automations, keeping acknowledgements, once', async () => {
    const { db } = server.database;
    const { supplyAirA1, filterA2 } = data.problems;
    expect(await endExpiredAutomations(db, Date.now())).toEqual([]);
    const later = Date.now() + 2 * HOUR;
    // The closed problem it muted, and the one opened since.
    expect((await endExpiredAutomations(db, later)).sort((x, y) => x - y)).toEqual([
      closedA1,
      supplyAirA1.detectedProblemId,
    ]);
    expect(await endExpiredAutomations(db, later)).toEqual([]);
    const unmuted = await problemRow(db, supplyAirA1.detectedProblemId);
    expect(unmuted.currentlyMuted).toBe(false);
    // Who muted it stays on record.
    expect(unmuted.mutedByAutomationId).not.toBeNull();
    expect((await problemRow(db, filterA2.detectedProblemId)).acknowledgedByAutomationId).not.toBeNull();
  });

  it('disables automations: their mutes end at once, a repeat changes nothing', async () => {
    const { db } = server.database;
    const reopened = data.problems.supplyAirA1;
    await api(data.users.adminA, 'POST', '/detectedProblems.unmute', {
      detectedProblemIds: [reopened.detectedProblemId],
    });
    const [mute] = automations.parse(
      (
        await enable([
          {
            problemGroupKeys: [keyOf(reopened)],
            type: 'AUTO_MUTE',
            description: 'Filter swap',
            expiredBy: inAnHour(),
          },
        ])
      ).body,
    );
    expect((await problemRow(db, reopened.detectedProblemId)).currentlyMuted).toBe(true);
    const id = mute?.problemAutomationId ?? 0;
    const foreign = await api(data.users.adminB, 'POST', '/detectedProblems.disableAutomation', {
      problemAutomationIds: [id],
    });
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).message).toBe(`Automation ${id} not found.`);
    const reader = await api(data.users.problemReader, 'POST', '/detectedProblems.disableAutomation', {
      problemAutomationIds: [id],
    });
    expect(reader.status).toBe(403);
    for (let round = 0; round < 2; round++) {
      const answer = await api(data.users.adminA, 'POST', '/detectedProblems.disableAutomation', {
        problemAutomationIds: [id],
      });
      expect(answer.body).toEqual({ ok: true });
    }
    expect((await problemRow(db, reopened.detectedProblemId)).currentlyMuted).toBe(false);
    const disabled = (await listOf(data.users.adminA, { includeEnded: true })).find(
      (automation) => automation.problemAutomationId === id,
    );
    expect(disabled?.state).toBe('DISABLED');
    expect(disabled?.disabledAt).not.toBeNull();
    expect(
      (await listOf(data.users.adminA)).some((automation) => automation.problemAutomationId === id),
    ).toBe(false);
    expect(await problemEvents(db, 'detectedProblems.disableAutomation', [reopened.assetId])).toHaveLength(1);
    const bad = await api(data.users.adminA, 'POST', '/detectedProblems.disableAutomation', {
      problemAutomationIds: [],
    });
    expect(bad.status).toBe(400);
  });
});
