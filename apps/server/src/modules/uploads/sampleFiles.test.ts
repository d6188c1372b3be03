import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { seedDemo } from '../../demo/seedDemo.ts';
import { assets, metrics, users } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs } from '../assets/assetsTestFixture.ts';
import { SAMPLE_ASSET_IDS, SAMPLE_POINT_COUNT, SAMPLE_START, sampleFiles } from './sampleFiles.ts';
import { settled, upload } from './uploadsTestKit.ts';

describe('the sample upload files', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await seedDemo(server.database.db, {
      dataDir: mkdtempSync(path.join(tmpdir(), 'kelvin-samples-')),
      password: 'x',
    });
  });
  afterAll(() => server.close());

  const supplyAirPoints = async () => {
    const [supplyAir] = await server.database.db
      .select()
      .from(metrics)
      .where(eq(metrics.alias, 'temperature.supplyAir'));
    const [series] = await server.timeseries.query({
      assetIds: [SAMPLE_ASSET_IDS[0]],
      metrics: [{ metricId: supplyAir?.metricId ?? 0, aggregation: 'RAW' }],
      from: SAMPLE_START,
      to: SAMPLE_START + 3_600_000,
      intervalMs: 60_000,
    });
    return series?.timestamps.length ?? 0;
  };

  it('are what makeSamples.ts writes (run it after changing sampleFiles.ts)', () => {
    for (const [name, bytes] of Object.entries(sampleFiles())) {
      expect(readFileSync(path.join(repoRoot, 'samples', name)).equals(bytes), name).toBe(true);
    }
  });

  it('name units of the demo fleet', async () => {
    for (const assetId of SAMPLE_ASSET_IDS) {
      const [asset] = await server.database.db.select().from(assets).where(eq(assets.assetId, assetId));
      expect(asset?.assetTypeId).toBe(4);
    }
  });

  it.each(Object.keys(sampleFiles()))('%s is ingested whole for a provider administrator', async (name) => {
    const { db } = server.database;
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@kelvin.example'));
    if (!admin) throw new Error('demo admin missing');
    const bytes = readFileSync(path.join(repoRoot, 'samples', name));
    const before = await supplyAirPoints();
    const created = await upload(apiAs(server), admin, name, bytes);
    expect(await settled(db, created.fileAttachmentId)).toMatchObject({
      status: 'INGESTED',
      pointsIngested: SAMPLE_POINT_COUNT,
    });
    // Both files hold the same hour; each upload adds its 12 supply air readings of the first unit.
    expect((await supplyAirPoints()) - before).toBe(12);
  });
});
