import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { SALES_PRICE_BLOCKER } from '../tickets/ticketRules.ts';
import { ticketOf, ticketsApi } from '../tickets/ticketsTestKit.ts';
import { assetModelCoverage } from './assetCoverage.ts';
import { contractBody, contractOf, coverageApi, warrantyBody, warrantyOf } from './coverageTestKit.ts';

describe('coverage decides billing: tickets on covered assets', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let cover: ReturnType<typeof coverageApi>;
  let tickets: ReturnType<typeof ticketsApi>;
  let contractId: number;
  let labourOnlyId: number;
  let warrantyId: number;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    cover = coverageApi(server);
    tickets = ticketsApi(server);
    const { users, ids, companyA } = fleet;
    const running = { startDate: '2020-01-01', endDate: '2099-12-31' };
    contractId = contractOf(
      await cover.createContract(
        users.providerAdmin,
        contractBody(companyA.companyId, { ...running, assetIds: [ids.unitA1] }),
      ),
    ).contractId;
    labourOnlyId = contractOf(
      await cover.createContract(
        users.providerAdmin,
        contractBody(companyA.companyId, {
          ...running,
          label: 'Labour only',
          coversParts: false,
          assetIds: [ids.unitA2],
        }),
      ),
    ).contractId;
    // An expired contract on unit A3 covers nothing today; a running warranty on the make-up air unit does.
    await cover.createContract(
      users.providerAdmin,
      contractBody(companyA.companyId, {
        startDate: '2020-01-01',
        endDate: '2020-12-31',
        assetIds: [ids.unitA3],
      }),
    );
    warrantyId = warrantyOf(
      await cover.createWarranty(
        users.providerAdmin,
        warrantyBody(companyA.companyId, {
          startDate: '2020-01-01',
          duration: 'P100Y',
          assetIds: [ids.mauA],
        }),
      ),
    ).warrantyId;
  });
  afterAll(() => server.close());

  const create = (assetIds: number[], isBillable = true) =>
    tickets.create(fleet.users.technician, {
      companyId: fleet.companyA.companyId,
      title: 'Compressor trips',
      assetIds,
      isBillable,
    });

  it('starts a ticket on a covered asset not billable, recording the contract, and shows the coverage per asset', async () => {
    const ticket = ticketOf(await create([fleet.ids.unitA1]));
    expect(ticket).toMatchObject({
      isBillable: false,
      netSuiteBillingState: 'NOT_BILLABLE',
      coveredByContractId: contractId,
      coveredByWarrantyId: null,
      ticketAssetCoverage: [{ assetId: fleet.ids.unitA1, contracts: [contractId], warranties: [] }],
    });
    expect(ticket.assets[0]?.activeCoverage).toEqual({
      contracts: [{ contractId, label: 'Gold care', coversParts: true }],
      warranties: [],
      label: 'Contract',
    });
  });

  it('covers by warranty too, and leaves an uncovered billable ticket pending a sales order', async () => {
    const byWarranty = ticketOf(await create([fleet.ids.mauA]));
    expect(byWarranty).toMatchObject({
      isBillable: false,
      coveredByWarrantyId: warrantyId,
      coveredByContractId: null,
    });
    expect(byWarranty.assets[0]?.activeCoverage.label).toBe('Warranty');
    const expired = ticketOf(await create([fleet.ids.unitA3]));
    expect(expired).toMatchObject({
      isBillable: true,
      netSuiteBillingState: 'PENDING_SALES_ORDER',
      coveredByContractId: null,
      coveredByWarrantyId: null,
    });
    expect(expired.assets[0]?.activeCoverage.label).toBe('No Coverage');
    // One uncovered asset among covered ones: part of the work is chargeable, the ticket stays billable.
    const mixed = ticketOf(await create([fleet.ids.unitA1, fleet.ids.unitA3]));
    expect(mixed).toMatchObject({ isBillable: true, coveredByContractId: null });
  });

  it('does not block on parts at no charge, and still blocks on an unpriced service or a labour-only contract part', async () => {
    const api = apiAs(server);
    const addItem = (ticketId: number, type: string, salesPrice: number | null) =>
      api(fleet.users.technician, 'POST', '/tickets.consumables.create', {
        ticketId,
        type,
        displayName: `${type} item`,
        quantity: 1,
        salesPrice,
      });
    const blockers = async (ticketId: number) =>
      ticketOf(await tickets.get(fleet.users.technician, { ticketId })).netsuiteBlockers;

    const covered = ticketOf(await create([fleet.ids.unitA1]));
    expect((await addItem(covered.ticketId, 'PART', 0)).status).toBe(200);
    const unpriced = await addItem(covered.ticketId, 'PART', null);
    expect(unpriced.status).toBe(200);
    // A part added with no price on a ticket whose parts are free is priced at no charge.
    expect(unpriced.body).toMatchObject({ type: 'PART', salesPrice: 0 });
    expect(await blockers(covered.ticketId)).toEqual([]);
    expect((await addItem(covered.ticketId, 'SERVICE', null)).status).toBe(200);
    expect(await blockers(covered.ticketId)).toEqual([SALES_PRICE_BLOCKER]);

    const labourOnly = ticketOf(await create([fleet.ids.unitA2]));
    expect(labourOnly.coveredByContractId).toBe(labourOnlyId);
    expect((await addItem(labourOnly.ticketId, 'PART', 0)).status).toBe(200);
    expect(await blockers(labourOnly.ticketId)).toEqual([SALES_PRICE_BLOCKER]);
    // A labour-only contract leaves a part's price to be set.
    expect((await addItem(labourOnly.ticketId, 'PART', null)).body).toMatchObject({ salesPrice: null });
  });

  it('gives the asset model every contract and warranty of an asset, and those active now', async () => {
    const { ids } = fleet;
    const models = await assetModelCoverage(server.database.db, [ids.unitA3, ids.mauA], new Date());
    const expiredOnly = models.get(ids.unitA3);
    expect(expiredOnly?.coverage.contracts).toHaveLength(1);
    expect(expiredOnly?.activeCoverage).toEqual({ assetId: ids.unitA3, contracts: [], warranties: [] });
    expect(models.get(ids.mauA)?.activeCoverage.warranties).toEqual([
      { warrantyId, label: 'Factory warranty' },
    ]);
    // assets/{id}?includeCoverage=true answers the same.
    const answer = await apiAs(server)(
      fleet.users.technician,
      'GET',
      `/assets/${ids.mauA}?includeCoverage=true`,
    );
    expect(answer.body).toMatchObject({ activeCoverage: models.get(ids.mauA)?.activeCoverage });
  });
});
