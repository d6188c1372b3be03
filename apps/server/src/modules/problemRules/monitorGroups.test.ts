import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorGroupSchema, type MonitorGroup, type ProblemRuleDefinition } from '@kelvin/contract';
import { ASSET_TYPE, PROVIDER_COMPANY_ID } from '@kelvin/domain';
import { problemRuleDefinitions } from '../../platform/db/problemsSchema.ts';
import { assets } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { createRule, subjectEvents, thresholdRule } from './problemRulesTestFixture.ts';

describe('monitor groups', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  let own: ProblemRuleDefinition;
  let library: ProblemRuleDefinition;
  let foreign: ProblemRuleDefinition;
  type User = { identityId: string };

  const call = (user: User, verb: string, body: Record<string, unknown>) =>
    api(user, 'POST', `/monitorGroups.${verb}`, body);
  async function createGroup(user: User, body: Record<string, unknown>): Promise<MonitorGroup> {
    const answer = await call(user, 'create', body);
    if (answer.status !== 200) throw new Error(`create refused: ${JSON.stringify(answer.body)}`);
    return monitorGroupSchema.parse(answer.body);
  }
  const attach = (user: User, assetId: number, monitorGroupId: number | null) =>
    api(user, 'POST', '/assets.update', { assetId, monitorGroupId });
  const groupOf = async (user: User, monitorGroupId: number) =>
    monitorGroupSchema.parse((await call(user, 'get', { monitorGroupId })).body);

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
    own = await createRule(api, fleet.users.adminA, thresholdRule(fleet.companyA.companyId));
    foreign = await createRule(api, fleet.users.adminB, thresholdRule(fleet.companyB.companyId));
    library = await createRule(api, fleet.users.providerAdmin, {
      ...thresholdRule(PROVIDER_COMPANY_ID, { name: 'Unit silent' }),
      condition: { kind: 'COMMUNICATION_LOST', subject: 'ASSET' },
      timeWindow: 'PT5M',
    });
  });
  afterAll(() => server.close());

  it('creates a group of the company’s and the library’s rules, audited, read by whoever reads problems', async () => {
    const { adminA, operatorA, adminB, noRolesA } = fleet.users;
    const group = await createGroup(adminA, {
      companyId: fleet.companyA.companyId,
      name: 'CRAH watch',
      description: 'Every CRAH of Alpha',
      problemRuleDefinitionIds: [
        own.problemRuleDefinitionId,
        library.problemRuleDefinitionId,
        own.problemRuleDefinitionId,
      ],
    });
    expect(group).toMatchObject({
      companyId: fleet.companyA.companyId,
      name: 'CRAH watch',
      problemRuleDefinitionIds: [own.problemRuleDefinitionId, library.problemRuleDefinitionId].sort(
        (a, b) => a - b,
      ),
      assetCount: 0,
    });
    expect(await subjectEvents(server, 'monitorGroup', group.monitorGroupId)).toMatchObject([
      {
        name: 'monitorGroups.create',
        actorUserId: adminA.userId,
        companyId: fleet.companyA.companyId,
        data: { name: 'CRAH watch' },
      },
    ]);
    expect((await groupOf(operatorA, group.monitorGroupId)).name).toBe('CRAH watch');
    const hidden = await call(adminB, 'get', { monitorGroupId: group.monitorGroupId });
    expect(hidden.status).toBe(404);
    expect(errorOf(hidden).message).toBe('Monitor group not found.');
    expect((await call(noRolesA, 'list', {})).status).toBe(403);
    expect((await call(operatorA, 'create', { companyId: fleet.companyA.companyId, name: 'X' })).status).toBe(
      403,
    );
    expect((await call(adminA, 'create', { companyId: fleet.companyB.companyId, name: 'X' })).status).toBe(
      404,
    );
  });

  it('holds only the company’s own and the library’s system rules', async () => {
    const [adHoc] = await server.database.db
      .insert(problemRuleDefinitions)
      .values({
        companyId: fleet.companyA.companyId,
        name: 'Manual',
        type: 'AD_HOC',
        kind: 'MANUAL',
        condition: { kind: 'MANUAL' },
        timeWindow: 'PT1M',
        recoveryDuration: 'PT0S',
        impactLevel: 'INFO',
      })
      .returning();
    const cases: [number[], string, string][] = [
      [
        [own.problemRuleDefinitionId, foreign.problemRuleDefinitionId],
        'body.problemRuleDefinitionIds.1',
        `Rule ${foreign.problemRuleDefinitionId} is neither this company's nor the library's.`,
      ],
      [
        [777_777],
        'body.problemRuleDefinitionIds.0',
        "Rule 777777 is neither this company's nor the library's.",
      ],
      [
        [adHoc?.problemRuleDefinitionId ?? 0],
        'body.problemRuleDefinitionIds.0',
        `Rule ${adHoc?.problemRuleDefinitionId} is an ad hoc rule: monitor groups hold system rules only.`,
      ],
    ];
    for (const [ids, field, message] of cases) {
      const answer = await call(fleet.users.adminA, 'create', {
        companyId: fleet.companyA.companyId,
        name: 'Bad',
        problemRuleDefinitionIds: ids,
      });
      expect(answer.status).toBe(400);
      expect(errorOf(answer).details).toEqual([{ field, message }]);
    }
    // A library group may hold library rules only.
    const libraryGroup = await call(fleet.users.providerAdmin, 'create', {
      companyId: PROVIDER_COMPANY_ID,
      name: 'Library bad',
      problemRuleDefinitionIds: [own.problemRuleDefinitionId],
    });
    expect(libraryGroup.status).toBe(400);
  });

  it('lists a company’s groups with the library’s, counting only assets the caller may read', async () => {
    const { adminA, adminB, providerAdmin } = fleet.users;
    const libraryGroup = await createGroup(providerAdmin, {
      companyId: PROVIDER_COMPANY_ID,
      name: 'Library: standard CRAH',
      problemRuleDefinitionIds: [library.problemRuleDefinitionId],
    });
    await createGroup(adminB, { companyId: fleet.companyB.companyId, name: 'Bravo watch' });
    expect((await attach(adminA, fleet.ids.unitA3, libraryGroup.monitorGroupId)).status).toBe(200);
    expect((await attach(adminB, fleet.ids.unitB, libraryGroup.monitorGroupId)).status).toBe(200);

    const seenByA = monitorGroupSchema.array().parse((await call(adminA, 'list', {})).body);
    expect(seenByA.map((group) => [group.name, group.assetCount])).toEqual([
      ['CRAH watch', 0],
      ['Library: standard CRAH', 1],
    ]);
    const askedForB = monitorGroupSchema
      .array()
      .parse((await call(adminA, 'list', { companyIds: [fleet.companyB.companyId] })).body);
    expect(askedForB.map((group) => group.name)).toEqual(['Library: standard CRAH']);
    expect((await groupOf(providerAdmin, libraryGroup.monitorGroupId)).assetCount).toBe(2);
    expect((await groupOf(adminA, libraryGroup.monitorGroupId)).assetCount).toBe(1);
    const all = monitorGroupSchema.array().parse((await call(providerAdmin, 'list', {})).body);
    expect(all.map((group) => group.name)).toEqual(['Bravo watch', 'CRAH watch', 'Library: standard CRAH']);

    // Customers hold the library's groups but only the provider's staff change them.
    const refused = await call(adminA, 'update', {
      monitorGroupId: libraryGroup.monitorGroupId,
      name: 'Mine',
    });
    expect(refused.status).toBe(403);
    expect((await call(adminA, 'delete', { monitorGroupId: libraryGroup.monitorGroupId })).status).toBe(403);
    const held = await call(providerAdmin, 'delete', { monitorGroupId: libraryGroup.monitorGroupId });
    expect(held.status).toBe(409);
    expect(errorOf(held).message).toBe(
      '2 assets hold this monitor group: attach them to another group first.',
    );
  });

  it('renames a group and replaces its rules, auditing which came and went', async () => {
    const { adminA, adminB } = fleet.users;
    const group = await createGroup(adminA, {
      companyId: fleet.companyA.companyId,
      name: 'Renamed soon',
      problemRuleDefinitionIds: [own.problemRuleDefinitionId],
    });
    const second = await createRule(api, adminA, thresholdRule(fleet.companyA.companyId, { name: 'Second' }));
    const body = {
      monitorGroupId: group.monitorGroupId,
      name: 'Renamed',
      description: null,
      problemRuleDefinitionIds: [second.problemRuleDefinitionId, library.problemRuleDefinitionId],
    };
    const changed = await call(adminA, 'update', body);
    expect(changed.status).toBe(200);
    expect(monitorGroupSchema.parse(changed.body)).toMatchObject({
      name: 'Renamed',
      problemRuleDefinitionIds: [second.problemRuleDefinitionId, library.problemRuleDefinitionId].sort(
        (a, b) => a - b,
      ),
    });
    expect((await call(adminA, 'update', body)).status).toBe(200);
    expect((await subjectEvents(server, 'monitorGroup', group.monitorGroupId)).map((e) => e.data)).toEqual([
      { name: 'Renamed soon', problemRuleDefinitionIds: [own.problemRuleDefinitionId] },
      {
        name: 'Renamed',
        added: [second.problemRuleDefinitionId, library.problemRuleDefinitionId],
        removed: [own.problemRuleDefinitionId],
      },
    ]);
    const foreignChange = await call(adminB, 'update', body);
    expect(foreignChange.status).toBe(404);
    expect((await call(fleet.users.operatorA, 'update', body)).status).toBe(403);
  });

  it('attaches assets to their company’s groups and the library’s only', async () => {
    const { adminA, adminB } = fleet.users;
    const groupB = await createGroup(adminB, { companyId: fleet.companyB.companyId, name: 'Bravo only' });
    const refused = await attach(adminA, fleet.ids.unitA1, groupB.monitorGroupId);
    expect(refused.status).toBe(400);
    expect(errorOf(refused).details).toEqual([
      {
        field: 'body.monitorGroupId',
        message: "No such monitor group in the asset's company or the library.",
      },
    ]);
    expect((await attach(adminA, fleet.ids.unitA1, 888_888)).status).toBe(400);
    const [unit] = await server.database.db.select().from(assets).where(eq(assets.assetId, fleet.ids.unitA1));
    expect(unit?.monitorGroupId).toBeNull();
    const created = await api(adminA, 'POST', '/assets.create', {
      companyId: fleet.companyA.companyId,
      parentAssetId: fleet.ids.hallA1,
      assetTypeId: ASSET_TYPE.unit,
      name: 'AN-CRAH-09',
      isMonitored: true,
      monitorGroupId: groupB.monitorGroupId,
    });
    expect(created.status).toBe(400);
    expect(errorOf(created).details?.[0]?.field).toBe('body.monitorGroupId');
  });

  it('deletes a rule out of every group, and a group once no asset holds it', async () => {
    const { adminA, providerAdmin } = fleet.users;
    const doomed = await createRule(
      api,
      providerAdmin,
      thresholdRule(PROVIDER_COMPANY_ID, { name: 'Doomed library rule' }),
    );
    const group = await createGroup(adminA, {
      companyId: fleet.companyA.companyId,
      name: 'Short-lived',
      problemRuleDefinitionIds: [own.problemRuleDefinitionId, doomed.problemRuleDefinitionId],
    });
    const deleteRule = (user: User, id: number) =>
      api(user, 'POST', '/problemRuleDefinitions.delete', { problemRuleDefinitionId: id });
    expect((await deleteRule(adminA, doomed.problemRuleDefinitionId)).status).toBe(403);
    expect((await deleteRule(fleet.users.adminB, own.problemRuleDefinitionId)).status).toBe(404);
    expect((await deleteRule(providerAdmin, doomed.problemRuleDefinitionId)).status).toBe(200);
    expect((await groupOf(adminA, group.monitorGroupId)).problemRuleDefinitionIds).toEqual([
      own.problemRuleDefinitionId,
    ]);
    expect(
      (await subjectEvents(server, 'problemRuleDefinition', doomed.problemRuleDefinitionId)).at(-1),
    ).toMatchObject({
      name: 'problemRuleDefinitions.delete',
      actorUserId: providerAdmin.userId,
      data: { name: 'Doomed library rule', monitorGroupIds: [group.monitorGroupId] },
    });
    expect((await deleteRule(providerAdmin, doomed.problemRuleDefinitionId)).status).toBe(404);

    expect((await attach(adminA, fleet.ids.unitA2, group.monitorGroupId)).status).toBe(200);
    const held = await call(adminA, 'delete', { monitorGroupId: group.monitorGroupId });
    expect(held.status).toBe(409);
    expect(errorOf(held).message).toBe('1 asset holds this monitor group: attach it to another group first.');
    expect((await attach(adminA, fleet.ids.unitA2, null)).status).toBe(200);
    expect((await call(fleet.users.adminB, 'delete', { monitorGroupId: group.monitorGroupId })).status).toBe(
      404,
    );
    expect((await call(adminA, 'delete', { monitorGroupId: group.monitorGroupId })).status).toBe(200);
    expect((await subjectEvents(server, 'monitorGroup', group.monitorGroupId)).at(-1)?.name).toBe(
      'monitorGroups.delete',
    );
    expect((await call(adminA, 'get', { monitorGroupId: group.monitorGroupId })).status).toBe(404);
    expect((await attach(adminA, fleet.ids.unitA2, group.monitorGroupId)).status).toBe(400);
  });
});
