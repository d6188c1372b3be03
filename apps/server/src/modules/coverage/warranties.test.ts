import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { calendarDateIn } from '@kelvin/domain';
import { coverageApi, coverageOf, warrantiesOf, warrantyBody, warrantyOf } from './coverageTestKit.ts';

describe('warranties: list, create, update, delete', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof coverageApi>;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    call = coverageApi(server);
  });
  afterAll(() => server.close());

  it('creates a warranty ending start + duration, its start a day of its own zone', async () => {
    const { users, ids, companyA } = fleet;
    const created = warrantyOf(
      await call.createWarranty(
        users.providerAdmin,
        warrantyBody(companyA.companyId, {
          assetIds: [ids.unitA1],
          duration: 'P18M',
          startDate: '2024-08-31',
        }),
      ),
    );
    expect(created).toMatchObject({
      companyName: 'Alpha Hosting',
      assetIds: [ids.unitA1],
      startDate: '2024-08-31',
      endDate: '2026-02-28',
      duration: 'P18M',
      timeZoneId: 'Europe/Berlin',
      isSample: false,
      startKind: 'DATE_COMMISSIONED',
      formValues: [],
    });
    const page = warrantiesOf(await call.listWarranties(users.adminA, { warrantyIds: [created.warrantyId] }));
    expect(page.pageable.totalSize).toBe(1);
    expect(page.content[0]).toMatchObject({ warrantyCompanyName: 'Alpha Hosting', formValues: [] });
    expect(page.content[0]?.warranty.warrantyId).toBe(created.warrantyId);
  });

  it("reads expiry against today in the warranty's zone, not the server's", async () => {
    const { users, companyA } = fleet;
    // Kiritimati (UTC+14) and Honolulu (UTC-10) show the same clock a day apart: a warranty whose last day is
    // today in Honolulu is over in Kiritimati, and still running in Honolulu.
    const honoluluToday = calendarDateIn(Date.now(), 'Pacific/Honolulu');
    const endingToday = { startDate: honoluluToday, duration: 'P0D' };
    const there = warrantyOf(
      await call.createWarranty(
        users.providerAdmin,
        warrantyBody(companyA.companyId, { ...endingToday, timeZoneId: 'Pacific/Kiritimati' }),
      ),
    );
    const here = warrantyOf(
      await call.createWarranty(
        users.providerAdmin,
        warrantyBody(companyA.companyId, { ...endingToday, timeZoneId: 'Pacific/Honolulu' }),
      ),
    );
    expect([there.isExpired, there.state]).toEqual([true, 'EXPIRED']);
    expect([here.isExpired, here.state]).toEqual([false, 'ACTIVE']);
  });

  it('updates with the spec payload, keeps the company, and deletes', async () => {
    const { users, ids, companyA, companyB } = fleet;
    const created = warrantyOf(
      await call.createWarranty(users.providerAdmin, warrantyBody(companyA.companyId)),
    );
    const updated = warrantyOf(
      await call.updateWarranty(users.providerAdmin, {
        ...warrantyBody(companyA.companyId),
        warrantyId: created.warrantyId,
        label: 'Extended warranty',
        duration: 'P3Y',
        isSample: true,
        assetIds: [ids.unitA2],
        timeZoneId: 'America/New_York',
      }),
    );
    expect(updated).toMatchObject({
      label: 'Extended warranty',
      endDate: '2028-03-01',
      isSample: true,
      assetIds: [ids.unitA2],
      timeZoneId: 'America/New_York',
    });
    const moved = await call.updateWarranty(users.providerAdmin, {
      ...warrantyBody(companyB.companyId),
      warrantyId: created.warrantyId,
    });
    expect(moved.status).toBe(400);
    expect(errorOf(moved).message).toContain("A warranty's company cannot change");
    expect((await call.deleteWarranty(users.providerAdmin, { warrantyId: created.warrantyId })).status).toBe(
      200,
    );
    expect(
      warrantiesOf(await call.listWarranties(users.providerAdmin, { warrantyIds: [created.warrantyId] }))
        .content,
    ).toEqual([]);
  });

  it('validates duration, zone, dates and assets', async () => {
    const { users, ids, companyA } = fleet;
    const create = (overrides: Record<string, unknown>) =>
      call.createWarranty(users.providerAdmin, warrantyBody(companyA.companyId, overrides));
    expect(JSON.stringify(errorOf(await create({ duration: 'PT5H' })))).toContain(
      'whole years, months, weeks or days',
    );
    expect(JSON.stringify(errorOf(await create({ timeZoneId: 'Mars/Olympus' })))).toContain(
      'not a known IANA time zone',
    );
    expect((await create({ startDate: '2025-02-29' })).status).toBe(400);
    const other = await create({ assetIds: [ids.unitB] });
    expect(errorOf(other).message).toBe(`Asset ${ids.unitB} is not an asset of the warranty's company.`);
  });

  it("keeps warranties within the caller's companies and writes to provider administrators", async () => {
    const { users, ids, companyA, companyB } = fleet;
    const created = warrantyOf(
      await call.createWarranty(
        users.providerAdmin,
        warrantyBody(companyA.companyId, { assetIds: [ids.unitA3] }),
      ),
    );
    expect(
      warrantiesOf(await call.listWarranties(users.adminB, { warrantyIds: [created.warrantyId] })).content,
    ).toEqual([]);
    const bList = warrantiesOf(await call.listWarranties(users.adminB, {}));
    expect(bList.content.every((item) => item.warranty.companyId === companyB.companyId)).toBe(true);
    for (const user of [users.technician, users.adminA]) {
      expect((await call.createWarranty(user, warrantyBody(companyA.companyId))).status).toBe(403);
      expect((await call.deleteWarranty(user, { warrantyId: created.warrantyId })).status).toBe(403);
    }
    expect((await call.deleteWarranty(users.providerAdmin, { warrantyId: 2_000_000 })).status).toBe(404);
  });

  it('pages the list', async () => {
    const { users, companyB } = fleet;
    for (const label of ['One', 'Two', 'Three'])
      warrantyOf(await call.createWarranty(users.providerAdmin, warrantyBody(companyB.companyId, { label })));
    const page = warrantiesOf(
      await call.listWarranties(users.adminB, {
        companyIds: [companyB.companyId],
        pageableQuery: { type: 'PAGED', pageSize: 2, pageNumber: 1, sort: [] },
      }),
    );
    expect(page.pageable).toMatchObject({ totalSize: 3, pageSize: 2, pageNumber: 1 });
    expect(page.content).toHaveLength(1);
  });

  it('counts a warranty in what covers an asset, on the days of its span', async () => {
    const { users, ids, companyA } = fleet;
    const created = warrantyOf(
      await call.createWarranty(
        users.providerAdmin,
        warrantyBody(companyA.companyId, { assetIds: [ids.mauA], startDate: '2023-01-10', duration: 'P1M' }),
      ),
    );
    const on = async (date: string) =>
      coverageOf(await call.coverage(users.adminA, { assetId: ids.mauA, date }));
    expect((await on('2023-02-10')).warranties.map((w) => w.warrantyId)).toEqual([created.warrantyId]);
    expect((await on('2023-02-10')).label).toBe('Warranty');
    expect((await on('2023-02-11')).label).toBe('No Coverage');
  });
});
