import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ingestResultSchema, timeSeriesSchema, UNSTORABLE_MESSAGES } from '@kelvin/contract';
import { assetMetrics, metrics } from '../../platform/db/schema.ts';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import {
  bearer,
  buildTelemetryFleet,
  postIngest,
  recentHour,
  type TelemetryFleet,
} from './telemetryTestFixture.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const result = (body: unknown) => ingestResultSchema.parse(body);
const seriesList = z.array(timeSeriesSchema);

describe.each(kinds)('telemetry.ingest on %s', (kind) => {
  let server: TestServer;
  let fleet: TelemetryFleet;
  let api: ReturnType<typeof apiAs>;
  let supplyAir: number;
  let fanSpeed: number;
  const agent = () => ({ headers: { 'x-agent-key': fleet.agentKeyA } });

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    fleet = await buildTelemetryFleet(server.database.db);
    api = apiAs(server);
    const rows = await server.database.db
      .select({ alias: metrics.alias, metricId: metrics.metricId })
      .from(metrics)
      .where(inArray(metrics.alias, ['temperature.supplyAir', 'fan.1.speed']));
    const ids = new Map(rows.map((row) => [row.alias, row.metricId]));
    supplyAir = ids.get('temperature.supplyAir') ?? 0;
    fanSpeed = ids.get('fan.1.speed') ?? 0;
  });
  afterAll(() => server.close());

  const rawSeries = async (assetId: number, metricId: number, from: number) => {
    const answer = await api(fleet.users.providerAdmin, 'POST', '/assets.metrics.timeseries.get', {
      interval: 60_000,
      assetIds: [assetId],
      metricsWithAggregateFunction: [{ metricId, aggregateFunction: 'RAW' }],
      from,
      to: from + 3_600_000,
      gapFill: false,
    });
    expect(answer.status).toBe(200);
    return seriesList.parse(answer.body)[0]?.dataPoints;
  };

  it('stores an agent batch, records the asset metrics, and the points are queryable', async () => {
    const t0 = recentHour();
    const answer = await postIngest(
      server,
      {
        batchId: 'agent-batch-0001',
        points: [
          { assetId: fleet.ids.unitA1, alias: 'temperature.supplyAir', ts: t0 + 1000, value: 18.5 },
          { assetId: fleet.ids.unitA1, metricId: supplyAir, ts: t0 + 61_000, value: 19, status: 3 },
          { assetId: fleet.ids.unitA1, alias: 'alarm.waterLeak', ts: t0 + 2000, value: true },
          { assetId: fleet.ids.unitA1, alias: 'system.serialNumber', ts: t0 + 3000, value: 'KT19-240117' },
        ],
      },
      agent(),
    );
    expect(answer.status).toBe(200);
    expect(result(answer.body)).toEqual({
      batchId: 'agent-batch-0001',
      duplicate: false,
      accepted: 4,
      rejected: [],
    });
    expect(await rawSeries(fleet.ids.unitA1, supplyAir, t0)).toEqual({
      timestamps: [t0 + 1000, t0 + 61_000],
      values: [18.5, 19],
      metadatas: [{ status: 1 }, { status: 3 }],
    });
    const pairs = await server.database.db
      .select()
      .from(assetMetrics)
      .where(eq(assetMetrics.assetId, fleet.ids.unitA1));
    expect(pairs.map((pair) => pair.metricId)).toContain(supplyAir);
    expect(pairs).toHaveLength(3);
  });

  it('takes a gzip-encoded body from a user with telemetry:write, and generates a batch id', async () => {
    const t0 = recentHour() - 3_600_000;
    const points = Array.from({ length: 600 }, (_, index) => ({
      assetId: fleet.ids.unitB,
      alias: 'fan.1.speed',
      ts: t0 + index * 5000,
      value: 60 + (index % 10),
    }));
    const answer = await postIngest(
      server,
      { points },
      { gzip: true, headers: await bearer(server, fleet.users.providerAdmin) },
    );
    expect(answer.status).toBe(200);
    const body = result(answer.body);
    expect(body).toMatchObject({ duplicate: false, accepted: 600, rejected: [] });
    expect(body.batchId.length).toBeGreaterThanOrEqual(8);
    expect((await rawSeries(fleet.ids.unitB, fanSpeed, t0))?.timestamps).toHaveLength(600);
  });

  it('stores nothing twice for a re-sent batch id, but keeps writers apart', async () => {
    const t0 = recentHour() - 5 * 3_600_000;
    const batch = {
      batchId: 'resend-0001',
      points: [{ assetId: fleet.ids.unitA3, alias: 'temperature.supplyAir', ts: t0 + 10, value: 17 }],
    };
    expect(result((await postIngest(server, batch, agent())).body).duplicate).toBe(false);
    const again = result((await postIngest(server, batch, agent())).body);
    expect(again).toMatchObject({ duplicate: true, accepted: 1 });
    // The same id from another writer is that writer's own batch.
    const user = await postIngest(server, batch, {
      headers: await bearer(server, fleet.users.providerAdmin),
    });
    expect(result(user.body).duplicate).toBe(false);
    expect((await rawSeries(fleet.ids.unitA3, supplyAir, t0))?.values).toEqual([17, 17]);
  });

  it('rejects bad points with a reason each and stores the rest', async () => {
    const t0 = recentHour();
    const answer = await postIngest(
      server,
      {
        points: [
          { assetId: fleet.ids.unitA2, alias: 'temperature.returnAir', ts: t0 + 5, value: 30 },
          { assetId: fleet.ids.unitA2, alias: 'temperature.nowhere', ts: t0, value: 1 },
          { assetId: 999_999, alias: 'temperature.returnAir', ts: t0, value: 1 },
          { assetId: fleet.ids.unitB, alias: 'temperature.returnAir', ts: t0, value: 1 },
          { assetId: fleet.ids.unitA2, alias: 'temperature.returnAir', ts: Math.floor(t0 / 1000), value: 1 },
          { assetId: fleet.ids.unitA2, alias: 'temperature.returnAir', ts: 'yesterday', value: 1 },
          { assetId: fleet.ids.unitA2, ts: t0, value: 1 },
          { assetId: fleet.ids.unitA2, alias: 'temperature.returnAir', ts: t0, value: 'hot' },
          'not a point',
          // Beyond PostgreSQL's integer range: refused as a point, never a database error for the batch.
          { assetId: 3_000_000_000, metricId: 3_000_000_000, ts: t0, value: 1 },
        ],
      },
      agent(),
    );
    expect(answer.status).toBe(200);
    const body = result(answer.body);
    expect(body.accepted).toBe(1);
    expect(body.rejected.map((entry) => entry.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const reasons = body.rejected.map((entry) => entry.reason);
    expect(reasons[0]).toBe('Unknown metric alias "temperature.nowhere"');
    expect(reasons[1]).toBe('Asset 999999 not found');
    expect(reasons[2]).toBe(`Asset ${fleet.ids.unitB} not found`);
    expect(reasons[3]).toMatch(/ts must be epoch milliseconds/);
    expect(reasons[4]).toMatch(/ts must be epoch milliseconds/);
    expect(reasons[5]).toMatch(/alias or a metricId/);
    expect(reasons[6]).toMatch(/not text/);
    expect(reasons[8]).toMatch(/assetId/);
  });

  it('refuses a point whose text cannot be stored alone, and a batch id holding a NUL as a whole', async () => {
    const t0 = recentHour() - 2 * 3_600_000;
    const serial = (value: string, units?: string) => ({
      assetId: fleet.ids.unitA2,
      alias: 'system.serialNumber',
      ts: t0,
      value,
      ...(units === undefined ? {} : { units }),
    });
    const answer = await postIngest(
      server,
      {
        points: [
          serial('KT19\u0000240117'),
          serial('KT19-\uDC00'),
          { ...serial('KT19-240117'), alias: 'system.\u0000serial' },
          serial('KT19-240117', 'u\u0000'),
          serial('KT19-240117 \uD83D\uDE00'),
        ],
      },
      agent(),
    );
    expect(answer.status).toBe(200);
    expect(result(answer.body)).toMatchObject({
      accepted: 1,
      rejected: [
        { index: 0, reason: `value: ${UNSTORABLE_MESSAGES.nul}` },
        { index: 1, reason: `value: ${UNSTORABLE_MESSAGES.surrogate}` },
        { index: 2, reason: `alias: ${UNSTORABLE_MESSAGES.nul}` },
        { index: 3, reason: `units: ${UNSTORABLE_MESSAGES.nul}` },
      ],
    });
    const refused = await postIngest(server, { batchId: 'batch\u0000id-1', points: [serial('x')] }, agent());
    expect(refused.status).toBe(400);
    expect(errorOf(refused).details).toContainEqual({
      field: 'body.batchId',
      message: UNSTORABLE_MESSAGES.nul,
    });
  });

  it('refuses more than 50,000 points, a missing key, a bad key, and a user without telemetry:write', async () => {
    const point = { assetId: fleet.ids.unitA1, alias: 'fan.1.speed', ts: recentHour(), value: 1 };
    const tooMany = await postIngest(
      server,
      { points: Array.from({ length: 50_001 }, () => point) },
      agent(),
    );
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany).message).toMatch(/at most 50000 points/);
    expect((await postIngest(server, { points: [point] })).status).toBe(401);
    const badKey = await postIngest(
      server,
      { points: [point] },
      { headers: { 'x-agent-key': randomBytes(24).toString('hex') } },
    );
    expect(badKey.status).toBe(401);
    const technician = await postIngest(
      server,
      { points: [point] },
      { headers: await bearer(server, fleet.users.technician) },
    );
    expect(technician.status).toBe(403);
    expect(errorOf(technician).message).toMatch(/telemetry:write/);
  });

  it('refuses a corrupt gzip body with a 400 and a gzip bomb with a 413', async () => {
    const corrupt = await postIngest(server, null, { ...agent(), raw: Buffer.from('definitely not gzip') });
    expect(corrupt.status).toBe(400);
    expect(errorOf(corrupt).message).toMatch(/gzip/);
    const bomb = gzipSync(Buffer.alloc(40 * 1024 * 1024, 0x20));
    const refused = await postIngest(server, null, { ...agent(), raw: bomb });
    expect(refused.status).toBe(413);
    expect(errorOf(refused).message).toMatch(/larger than 32 MB/);
  });
});
