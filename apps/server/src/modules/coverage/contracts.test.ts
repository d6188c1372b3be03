import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { contractBody, contractOf, contractsOf, coverageApi, coverageOf } from './coverageTestKit.ts';

describe('contracts: list, create, change, assets, delete', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof coverageApi>;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    call = coverageApi(server);
  });
  afterAll(() => server.close());

  it('lets a provider administrator create a contract on its company assets, and every reader of that company see it', async () => {
    const { users, ids, companyA } = fleet;
    const created = contractOf(
      await call.createContract(
        users.providerAdmin,
        contractBody(companyA.companyId, { assetIds: [ids.unitA1, ids.unitA1] }),
      ),
    );
    expect(created).toMatchObject({
      companyId: companyA.companyId,
      companyName: 'Alpha Hosting',
      label: 'Gold care',
      managedStatus: 'MANAGED',
      paymentStatus: 'PAID',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      coversParts: true,
      assetIds: [ids.unitA1],
    });
    for (const reader of [users.providerAdmin, users.technician, users.adminA, users.operatorA]) {
      const seen = contractsOf(await call.listContracts(reader, { contractIds: [created.contractId] }));
      expect(seen.map((c) => c.contractId)).toEqual([created.contractId]);
    }
    expect(
      contractsOf(await call.listContracts(users.adminA, { assetIds: [ids.unitA1] })).map(
        (c) => c.contractId,
      ),
    ).toContain(created.contractId);
  });

  it("keeps one company's contracts from another's users", async () => {
    const { users, companyA, companyB } = fleet;
    const created = contractOf(
      await call.createContract(users.providerAdmin, contractBody(companyA.companyId)),
    );
    expect(
      contractsOf(await call.listContracts(users.adminB, { contractIds: [created.contractId] })),
    ).toEqual([]);
    expect(contractsOf(await call.listContracts(users.adminB, { companyIds: [companyA.companyId] }))).toEqual(
      [],
    );
    const own = contractsOf(await call.listContracts(users.adminB, {}));
    expect(own.every((contract) => contract.companyId === companyB.companyId)).toBe(true);
    // Writing it is refused: customers hold no contracts:write.
    const answer = await call.updateContract(users.adminB, {
      ...contractBody(companyA.companyId, { label: 'Hijacked' }),
      companyId: undefined,
      assetIds: undefined,
      contractId: created.contractId,
    });
    expect(answer.status).toBe(403);
    expect((await call.deleteContract(users.adminB, { contractId: created.contractId })).status).toBe(403);
  });

  it('refuses writes to readers without contracts:write, with the permission named', async () => {
    const { users, companyA } = fleet;
    for (const user of [users.technician, users.adminA, users.operatorA]) {
      const answer = await call.createContract(user, contractBody(companyA.companyId));
      expect(answer.status).toBe(403);
      expect(errorOf(answer).message).toBe('You need the contracts:write permission to do this.');
    }
    expect((await call.listContracts(users.noRolesA, {})).status).toBe(403);
  });

  it('validates: dates in order, statuses known, assets of the contract company only', async () => {
    const { users, ids, companyA } = fleet;
    const backwards = await call.createContract(
      users.providerAdmin,
      contractBody(companyA.companyId, { startDate: '2025-06-01', endDate: '2025-05-31' }),
    );
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(errorOf(backwards))).toContain('End Date must be on or after Start Date');
    const badStatus = await call.createContract(
      users.providerAdmin,
      contractBody(companyA.companyId, { managedStatus: 'MAYBE' }),
    );
    expect(badStatus.status).toBe(400);
    const badDate = await call.createContract(
      users.providerAdmin,
      contractBody(companyA.companyId, { endDate: '2025-02-30' }),
    );
    expect(badDate.status).toBe(400);
    const otherCompanyAsset = await call.createContract(
      users.providerAdmin,
      contractBody(companyA.companyId, { assetIds: [ids.unitB] }),
    );
    expect(otherCompanyAsset.status).toBe(400);
    expect(errorOf(otherCompanyAsset).message).toBe(
      `Asset ${ids.unitB} is not an asset of the contract's company.`,
    );
    const noLabel = await call.createContract(
      users.providerAdmin,
      contractBody(companyA.companyId, { label: '  ' }),
    );
    expect(JSON.stringify(errorOf(noLabel))).toContain('Label is required');
  });

  it('changes a contract, sets its assets, and deletes it', async () => {
    const { users, ids, companyA } = fleet;
    const created = contractOf(
      await call.createContract(users.providerAdmin, contractBody(companyA.companyId)),
    );
    const { companyId: _c, assetIds: _a, ...fields } = contractBody(companyA.companyId);
    const updated = contractOf(
      await call.updateContract(users.providerAdmin, {
        ...fields,
        contractId: created.contractId,
        label: 'Platinum care',
        paymentStatus: 'OVERDUE',
        coversParts: false,
      }),
    );
    expect(updated).toMatchObject({ label: 'Platinum care', paymentStatus: 'OVERDUE', coversParts: false });
    const assigned = contractOf(
      await call.setContractAssets(users.providerAdmin, {
        contractId: created.contractId,
        assetIds: [ids.unitA2, ids.unitA3],
      }),
    );
    expect(assigned.assetIds).toEqual([ids.unitA2, ids.unitA3].sort((a, b) => a - b));
    const refused = await call.setContractAssets(users.providerAdmin, {
      contractId: created.contractId,
      assetIds: [ids.unitB],
    });
    expect(refused.status).toBe(400);
    expect((await call.deleteContract(users.providerAdmin, { contractId: created.contractId })).status).toBe(
      200,
    );
    expect(
      contractsOf(await call.listContracts(users.providerAdmin, { contractIds: [created.contractId] })),
    ).toEqual([]);
    expect((await call.deleteContract(users.providerAdmin, { contractId: created.contractId })).status).toBe(
      404,
    );
  });

  it('answers what covers an asset on a day, both end days included', async () => {
    const { users, ids, companyA } = fleet;
    const created = contractOf(
      await call.createContract(
        users.providerAdmin,
        contractBody(companyA.companyId, {
          startDate: '2024-02-01',
          endDate: '2024-02-29',
          assetIds: [ids.unitA3],
        }),
      ),
    );
    const on = async (date: string) =>
      coverageOf(await call.coverage(users.adminA, { assetId: ids.unitA3, date }));
    expect((await on('2024-02-29')).contracts.map((c) => c.contractId)).toEqual([created.contractId]);
    expect((await on('2024-02-01')).label).toBe('Contract');
    expect(await on('2024-03-01')).toMatchObject({ contracts: [], label: 'No Coverage' });
    // Another company's asset is missing for a customer.
    expect((await call.coverage(users.adminB, { assetId: ids.unitA3, date: '2024-02-10' })).status).toBe(404);
  });
});
