import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionsEndpoints as endpoints } from '@kelvin/contract';
import { companies, events } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import {
  apiAs,
  buildAssetFleet,
  errorOf,
  expectRefusedUnchanged,
  type ApiAnswer,
  type AssetFleet,
} from '../assets/assetsTestFixture.ts';
import { STAFF_ONLY, UNIT_NOT_FOUND } from './subscriptionsService.ts';

const page = { type: 'PAGED', pageSize: 50, pageNumber: 0 } as const;

const ok = (answer: ApiAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe('subscriptions: plans of companies and units', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  const post = (user: { identityId: string }, path: string, body: unknown) => api(user, 'POST', path, body);
  const summary = async (user: { identityId: string }) =>
    endpoints.subscriptionsSummary.output.parse(ok(await post(user, '/subscriptions.summary', {}))).plans;
  const companiesOf = async (user: { identityId: string }, body: Record<string, unknown> = {}) =>
    endpoints.subscriptionsCompaniesList.output.parse(
      ok(await post(user, '/subscriptions.companies.list', { pageableQuery: page, ...body })),
    );
  const unitsOf = async (user: { identityId: string }, companyId: number) =>
    endpoints.subscriptionsAssetsList.output.parse(
      ok(await post(user, '/subscriptions.assets.list', { companyId, pageableQuery: page })),
    );

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  it('counts companies and units per plan, a unit without its own plan counting under its company', async () => {
    const plans = await summary(fleet.users.providerAdmin);
    expect(plans.map((p) => p.plan)).toEqual([
      'OBSERVABILITY',
      'ENHANCED_MONITORING_AND_DIAGNOSTICS',
      'ENHANCED_SUPPORT',
      'SERVICE_CONTRACT',
    ]);
    const observability = plans.find((p) => p.plan === 'OBSERVABILITY');
    // Alpha: three units and a make-up-air unit; Bravo: one unit (agents, halls and split units are not counted).
    expect(observability?.units).toBe(5);
    expect(observability?.companies).toBeGreaterThanOrEqual(2);
  });

  it('lets provider staff set many units at once, audited per company, and shows the result to everyone who reads them', async () => {
    const { users, ids, companyA } = fleet;
    const set = ok(
      await post(users.providerAdmin, '/subscriptions.assets.set', {
        assetIds: [ids.unitA1, ids.unitA2, ids.unitA1],
        subscription: 'ENHANCED_SUPPORT',
      }),
    );
    expect(endpoints.subscriptionsAssetsSet.output.parse(set).content).toEqual([
      expect.objectContaining({
        assetId: ids.unitA1,
        subscription: 'ENHANCED_SUPPORT',
        plan: 'ENHANCED_SUPPORT',
      }),
      expect.objectContaining({
        assetId: ids.unitA2,
        subscription: 'ENHANCED_SUPPORT',
        plan: 'ENHANCED_SUPPORT',
      }),
    ]);
    const audit = await server.database.db
      .select()
      .from(events)
      .where(and(eq(events.name, 'subscriptions.assets.set'), eq(events.companyId, companyA.companyId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.data).toEqual({
      subscription: 'ENHANCED_SUPPORT',
      assets: [
        { assetId: ids.unitA1, from: null },
        { assetId: ids.unitA2, from: null },
      ],
    });

    const alpha = (await companiesOf(users.adminA)).content;
    expect(alpha).toEqual([
      {
        companyId: companyA.companyId,
        name: 'Alpha Hosting',
        plan: 'OBSERVABILITY',
        unitCount: 4,
        unitsByPlan: {
          OBSERVABILITY: 2,
          ENHANCED_MONITORING_AND_DIAGNOSTICS: 0,
          ENHANCED_SUPPORT: 2,
          SERVICE_CONTRACT: 0,
        },
      },
    ]);
    const units = await unitsOf(users.adminA, companyA.companyId);
    expect(units.pageable.totalSize).toBe(4);
    expect(units.content.find((u) => u.assetId === ids.unitA3)).toMatchObject({
      subscription: null,
      plan: 'OBSERVABILITY',
    });

    // Back to the company's plan: null.
    const back = { assetIds: [ids.unitA2], subscription: null };
    // A technician reads plans but holds no assets:write.
    expect((await post(users.technician, '/subscriptions.assets.set', back)).status).toBe(403);
    ok(await post(users.providerAdmin, '/subscriptions.assets.set', back));
    const after = await unitsOf(users.providerAdmin, companyA.companyId);
    expect(after.content.find((u) => u.assetId === ids.unitA2)?.subscription).toBeNull();
  });

  it("sets a company's plan, which its units without their own plan follow", async () => {
    const { users, companyB } = fleet;
    const answer = endpoints.subscriptionsCompaniesSet.output.parse(
      ok(
        await post(users.providerAdmin, '/subscriptions.companies.set', {
          companyId: companyB.companyId,
          subscription: 'SERVICE_CONTRACT',
        }),
      ),
    );
    expect(answer).toMatchObject({
      plan: 'SERVICE_CONTRACT',
      unitCount: 1,
      unitsByPlan: { SERVICE_CONTRACT: 1 },
    });
    const [row] = await server.database.db
      .select()
      .from(companies)
      .where(eq(companies.companyId, companyB.companyId));
    expect(row?.subscription).toBe('SERVICE_CONTRACT');
    const filtered = await companiesOf(users.providerAdmin, { plan: 'SERVICE_CONTRACT', search: 'bravo' });
    expect(filtered.content.map((c) => c.name)).toEqual(['Bravo Cloud']);
  });

  it("keeps one company's plans from another's users, and an operator to the units of their access groups", async () => {
    const { users, companyA, companyB, ids } = fleet;
    expect((await companiesOf(users.adminB)).content.map((c) => c.companyId)).toEqual([companyB.companyId]);
    expect((await unitsOf(users.adminB, companyA.companyId)).content).toEqual([]);
    // The operator's group is one hall: its unit, and the unit under its split unit.
    const operator = await unitsOf(users.operatorA, companyA.companyId);
    expect(operator.content.map((u) => u.assetId).sort()).toEqual([ids.unitA1, ids.unitA2].sort());
    const plans = await summary(users.adminB);
    expect(plans.reduce((sum, p) => sum + p.units, 0)).toBe(1);
  });

  it('refuses customers, even with assets:write, and units of companies the caller cannot reach, changing nothing', async () => {
    const { users, ids, companyA } = fleet;
    const db = server.database.db;
    const refusal = await expectRefusedUnchanged(
      db,
      () =>
        post(users.adminA, '/subscriptions.assets.set', {
          assetIds: [ids.unitA1],
          subscription: 'SERVICE_CONTRACT',
        }),
      403,
    );
    expect(errorOf(refusal).message).toBe(STAFF_ONLY);
    await expectRefusedUnchanged(
      db,
      () =>
        post(users.adminA, '/subscriptions.companies.set', {
          companyId: companyA.companyId,
          subscription: 'SERVICE_CONTRACT',
        }),
      403,
      STAFF_ONLY,
    );
    // A site is not a unit; a missing id is not found: all or nothing.
    await expectRefusedUnchanged(
      db,
      () =>
        post(users.providerAdmin, '/subscriptions.assets.set', {
          assetIds: [ids.unitA1, ids.siteA1],
          subscription: 'SERVICE_CONTRACT',
        }),
      404,
      UNIT_NOT_FOUND,
    );
    const invalid = await post(users.providerAdmin, '/subscriptions.assets.set', {
      assetIds: [],
      subscription: 'GOLD',
    });
    expect(invalid.status).toBe(400);
    expect((await post(users.noRolesA, '/subscriptions.summary', {})).status).toBe(403);
  });
});
