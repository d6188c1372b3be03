import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageOfAssets } from '../modules/coverage/assetCoverage.ts';
import { buildAssetFleet, type AssetFleet } from '../modules/assets/assetsTestFixture.ts';
import { contracts, warranties } from '../platform/db/coverageSchema.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { seedCoverage } from './seedCoverage.ts';

describe('demo contracts and warranties', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  const now = Date.parse('2026-06-15T12:00:00Z');

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    await server.database.db.transaction((tx) =>
      seedCoverage(tx, [fleet.companyA.companyId, fleet.companyB.companyId], now),
    );
  });
  afterAll(() => server.close());

  it('gives each customer active and expired contracts and warranties, and a sample', async () => {
    const db = server.database.db;
    const contractRows = await db.select().from(contracts);
    const warrantyRows = await db.select().from(warranties);
    for (const companyId of [fleet.companyA.companyId, fleet.companyB.companyId]) {
      const own = contractRows.filter((row) => row.companyId === companyId);
      expect(own.some((row) => row.endDate < '2026-06-15')).toBe(true);
      expect(own.some((row) => row.startDate <= '2026-06-15' && row.endDate >= '2026-06-15')).toBe(true);
      const ownWarranties = warrantyRows.filter((row) => row.companyId === companyId);
      expect(ownWarranties.some((row) => row.isSample)).toBe(true);
      expect(ownWarranties.some((row) => row.endDate < '2026-06-15')).toBe(true);
    }
  });

  it('covers the first units today, so the demo tickets on them start not billable', async () => {
    const coverage = await coverageOfAssets(
      server.database.db,
      [fleet.ids.unitA1, fleet.ids.unitB],
      new Date(now),
    );
    expect(coverage.get(fleet.ids.unitA1)?.label).toBe('Contract');
    expect(coverage.get(fleet.ids.unitB)?.contracts.map((c) => c.label)).toContain(
      'Full service (parts and labour)',
    );
  });
});
