import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemRuleDefinitionSchema } from '@kelvin/contract';
import { PROVIDER_COMPANY_ID } from '@kelvin/domain';
import { problemRuleDefinitions } from '../../platform/db/problemsSchema.ts';
import { events } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { createRule, subjectEvents, thresholdRule } from './problemRulesTestFixture.ts';

describe('problem rule definitions', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  const list = (user: { identityId: string }, body: Record<string, unknown> = {}) =>
    api(user, 'POST', '/problemRuleDefinitions.list', body);
  const names = (body: unknown) =>
    problemRuleDefinitionSchema
      .array()
      .parse(body)
      .map((rule) => rule.name);
  const eventCount = async () => (await server.database.db.select({ n: count() }).from(events))[0]?.n ?? 0;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  it('creates a rule of the caller’s company, audited, and lists it with the library to whoever reads problems', async () => {
    const { adminA, operatorA, adminB, providerAdmin, noRolesA } = fleet.users;
    const rule = await createRule(api, adminA, thresholdRule(fleet.companyA.companyId));
    expect(rule).toMatchObject({
      companyId: fleet.companyA.companyId,
      type: 'SYSTEM',
      kind: 'THRESHOLD',
      timeWindow: 'PT2M',
      impactLevel: 'CRITICAL',
      tags: ['air'],
      createdBy: adminA.userId,
      disabledAt: null,
    });
    const audit = await subjectEvents(server, 'problemRuleDefinition', rule.problemRuleDefinitionId);
    expect(audit).toMatchObject([
      {
        name: 'problemRuleDefinitions.create',
        actorUserId: adminA.userId,
        companyId: fleet.companyA.companyId,
        data: { name: 'Supply air too warm', kind: 'THRESHOLD' },
      },
    ]);
    await createRule(api, adminB, thresholdRule(fleet.companyB.companyId, { name: 'Bravo warm' }));
    await createRule(api, providerAdmin, thresholdRule(PROVIDER_COMPANY_ID, { name: 'Library warm' }));

    expect(names((await list(adminA)).body)).toEqual(['Library warm', 'Supply air too warm']);
    expect(names((await list(operatorA)).body)).toEqual(['Library warm', 'Supply air too warm']);
    // Asking for another company's rules answers the library only.
    expect(names((await list(adminA, { companyIds: [fleet.companyB.companyId] })).body)).toEqual([
      'Library warm',
    ]);
    expect(names((await list(providerAdmin)).body)).toEqual([
      'Bravo warm',
      'Library warm',
      'Supply air too warm',
    ]);
    expect(names((await list(providerAdmin, { types: ['AD_HOC'] })).body)).toEqual([]);
    expect((await list(noRolesA)).status).toBe(403);
  });

  it('changes a rule with problemRules:write on its company; another company’s is missing, the library is the provider’s', async () => {
    const { adminA, adminB, operatorA, providerAdmin } = fleet.users;
    const rule = await createRule(
      api,
      adminA,
      thresholdRule(fleet.companyA.companyId, { name: 'Return hot' }),
    );
    const update = (user: { identityId: string }, id: number, fields: Record<string, unknown> = {}) => {
      const { companyId: _companyId, ...body } = thresholdRule(0, fields);
      return api(user, 'POST', '/problemRuleDefinitions.update', { problemRuleDefinitionId: id, ...body });
    };
    const changed = await update(adminA, rule.problemRuleDefinitionId, {
      name: 'Return hot',
      condition: {
        kind: 'THRESHOLD',
        metricAlias: 'temperature.returnAir',
        aggregation: 'MAX',
        limits: { source: 'FIXED', above: 38, below: null },
      },
      impactLevel: 'WARNING',
    });
    expect(changed.status).toBe(200);
    expect(problemRuleDefinitionSchema.parse(changed.body)).toMatchObject({
      impactLevel: 'WARNING',
      condition: { metricAlias: 'temperature.returnAir', limits: { source: 'FIXED', above: 38 } },
    });
    // The same fields again change nothing and record nothing.
    const before = await eventCount();
    expect(
      (
        await update(adminA, rule.problemRuleDefinitionId, {
          name: 'Return hot',
          condition: problemRuleDefinitionSchema.parse(changed.body).condition,
          impactLevel: 'WARNING',
        })
      ).status,
    ).toBe(200);
    expect(await eventCount()).toBe(before);
    expect(
      (await subjectEvents(server, 'problemRuleDefinition', rule.problemRuleDefinitionId)).map((e) => [
        e.name,
        e.data,
      ]),
    ).toEqual([
      ['problemRuleDefinitions.create', { name: 'Return hot', kind: 'THRESHOLD' }],
      ['problemRuleDefinitions.update', { fields: ['condition', 'impactLevel'] }],
    ]);

    const foreign = await update(adminB, rule.problemRuleDefinitionId);
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).message).toBe('Problem rule definition not found.');
    expect((await update(operatorA, rule.problemRuleDefinitionId)).status).toBe(403);
    expect((await update(adminA, 999_999)).status).toBe(404);

    const library = await createRule(api, providerAdmin, thresholdRule(PROVIDER_COMPANY_ID, { name: 'Lib' }));
    const refused = await update(adminA, library.problemRuleDefinitionId, { name: 'Mine' });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).message).toBe(
      "Library rules and monitor groups are changed by the provider's staff only.",
    );
    expect((await update(providerAdmin, library.problemRuleDefinitionId, { name: 'Lib 2' })).status).toBe(
      200,
    );

    const elsewhere = await api(adminA, 'POST', '/problemRuleDefinitions.create', {
      ...thresholdRule(fleet.companyB.companyId),
    });
    expect(elsewhere.status).toBe(404);
    expect(
      (await api(adminA, 'POST', '/problemRuleDefinitions.create', thresholdRule(PROVIDER_COMPANY_ID)))
        .status,
    ).toBe(403);
    const missing = await api(
      providerAdmin,
      'POST',
      '/problemRuleDefinitions.create',
      thresholdRule(424_242),
    );
    expect(missing.status).toBe(404);
    expect(errorOf(missing).message).toBe('Company not found.');
  });

  it('refuses windows, recoveries and conditions that cannot work, naming the field, and writes nothing', async () => {
    const companyId = fleet.companyA.companyId;
    const query = (expression: string, terms = ['returnAir', 'supplyAir']) => ({
      kind: 'QUERY',
      terms: terms.map((name) => ({ name, metricAlias: `temperature.${name}`, aggregation: 'AVERAGE' })),
      expression,
      comparison: 'BELOW',
      threshold: 6,
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ timeWindow: 'PT30S' }, 'body.timeWindow', 'The time window must be from 1 minute to 1 day.'],
      [{ timeWindow: 'P2D' }, 'body.timeWindow', 'The time window must be from 1 minute to 1 day.'],
      [
        { recoveryDuration: 'PT25H' },
        'body.recoveryDuration',
        'The recovery duration must be at most 1 day.',
      ],
      [
        { timeWindow: '5 minutes' },
        'body.timeWindow',
        "Duration string not recognized. Must start with 'P'.",
      ],
      [
        { condition: query('returnAir - supplyAri') },
        'body.condition.expression',
        "Unknown term 'supplyAri' at character 13",
      ],
      [
        { condition: query('returnAir - supplyAir)') },
        'body.condition.expression',
        "Unexpected ')' at character 22: expected an operator or the end",
      ],
      [
        { condition: query('a - a', ['a', 'a']) },
        'body.condition.terms.1.name',
        'The term name a is used twice.',
      ],
      [
        { condition: { kind: 'MANUAL' } },
        'body.condition.kind',
        'Manual rules are made with an ad hoc problem, not as rule definitions.',
      ],
      [
        { condition: { kind: 'CHANGE_DETECTION', metricAlias: 'status.unitMode', mode: 'RATE' } },
        'body.condition.maxChangePerMinute',
        'Set the largest change per minute that is not a breach.',
      ],
      [
        {
          condition: {
            kind: 'THRESHOLD',
            metricAlias: 'temperature.supplyAir',
            aggregation: 'AVERAGE',
            limits: { source: 'FIXED', above: 10, below: 20 },
          },
        },
        'body.condition.limits.above',
        'The upper limit must be above the lower limit: every value would breach.',
      ],
      [
        {
          condition: {
            kind: 'THRESHOLD',
            metricAlias: 'temperature.supplyAir',
            aggregation: 'AVERAGE',
            limits: { source: 'FIXED', above: null, below: null },
          },
        },
        'body.condition.limits.above',
        'Set a limit above, below or both',
      ],
      [{ name: ' ' }, 'body.name', 'Name is required'],
    ];
    const before = await eventCount();
    for (const [fields, field, message] of cases) {
      const answer = await api(
        fleet.users.adminA,
        'POST',
        '/problemRuleDefinitions.create',
        thresholdRule(companyId, fields),
      );
      expect(answer.status, field).toBe(400);
      expect(errorOf(answer).details).toContainEqual({ field, message });
    }
    expect(await eventCount()).toBe(before);
    expect(names((await list(fleet.users.adminA)).body)).not.toContain(' ');
  });

  it('stores each kind as it will be evaluated: a value rule without a rate, statuses once each', async () => {
    const companyId = fleet.companyA.companyId;
    const mode = await createRule(
      api,
      fleet.users.adminA,
      thresholdRule(companyId, {
        name: 'Mode changed',
        condition: {
          kind: 'CHANGE_DETECTION',
          metricAlias: 'status.unitMode',
          mode: 'VALUE',
          maxChangePerMinute: 3,
        },
      }),
    );
    expect(mode.condition).toEqual({
      kind: 'CHANGE_DETECTION',
      metricAlias: 'status.unitMode',
      mode: 'VALUE',
      maxChangePerMinute: null,
    });
    const alarm = await createRule(
      api,
      fleet.users.adminA,
      thresholdRule(companyId, {
        name: 'Alarm bits',
        condition: { kind: 'METRIC_STATUS', metricAlias: 'alarm.activeCode', statuses: ['ALARM', 'ALARM'] },
        tags: ['alarm', 'alarm', 'unit'],
      }),
    );
    expect(alarm).toMatchObject({ condition: { statuses: ['ALARM'] }, tags: ['alarm', 'unit'] });
    const deltaT = await createRule(
      api,
      fleet.users.adminA,
      thresholdRule(companyId, {
        name: 'Low delta-T',
        timeWindow: 'PT1M',
        recoveryDuration: 'PT0S',
        condition: {
          kind: 'QUERY',
          terms: [
            { name: 'returnAir', metricAlias: 'temperature.returnAir', aggregation: 'AVERAGE' },
            { name: 'supplyAir', metricAlias: 'temperature.supplyAir', aggregation: 'AVERAGE' },
          ],
          expression: '(returnAir - supplyAir) * 1',
          comparison: 'BELOW',
          threshold: 6,
        },
      }),
    );
    expect(deltaT).toMatchObject({ kind: 'QUERY', recoveryDuration: 'PT0S' });
    const silent = await createRule(
      api,
      fleet.users.adminA,
      thresholdRule(companyId, {
        name: 'Agent silent',
        timeWindow: 'P1D',
        condition: { kind: 'COMMUNICATION_LOST', subject: 'AGENT' },
      }),
    );
    expect(silent.kind).toBe('COMMUNICATION_LOST');
  });

  it('refuses to change or delete an ad hoc rule here', async () => {
    const [adHoc] = await server.database.db
      .insert(problemRuleDefinitions)
      .values({
        companyId: fleet.companyA.companyId,
        name: 'Door left open',
        type: 'AD_HOC',
        kind: 'MANUAL',
        condition: { kind: 'MANUAL' },
        timeWindow: 'PT1M',
        recoveryDuration: 'PT0S',
        impactLevel: 'INFO',
      })
      .returning();
    const id = adHoc?.problemRuleDefinitionId ?? 0;
    const listed = problemRuleDefinitionSchema
      .array()
      // The provider's staff: a rule with no problem has no asset, so users limited by access groups see it not.
      .parse(
        (await list(fleet.users.providerAdmin, { types: ['AD_HOC'], companyIds: [fleet.companyA.companyId] }))
          .body,
      );
    expect(listed.map((rule) => [rule.name, rule.kind, rule.condition])).toEqual([
      ['Door left open', 'MANUAL', { kind: 'MANUAL' }],
    ]);
    const { companyId: _companyId, ...fields } = thresholdRule(0);
    const update = await api(fleet.users.adminA, 'POST', '/problemRuleDefinitions.update', {
      problemRuleDefinitionId: id,
      ...fields,
    });
    expect(update.status).toBe(400);
    expect(errorOf(update).message).toMatch(/ad hoc rule belongs to its problem/);
    const remove = await api(fleet.users.adminA, 'POST', '/problemRuleDefinitions.delete', {
      problemRuleDefinitionId: id,
    });
    expect(remove.status).toBe(400);
  });
});
