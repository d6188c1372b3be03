import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coreEnumSchema, metricEnumSchema, metricSchema, timeSeriesSchema } from '@kelvin/contract';
import { metrics } from '../../platform/db/schema.ts';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import {
  buildTelemetryFleet,
  postIngest,
  recentHour,
  type TelemetryFleet,
} from '../telemetry/telemetryTestFixture.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const seriesList = z.array(timeSeriesSchema);
const HOUR = 3_600_000;

describe.each(kinds)('metrics and time-series queries on %s', (kind) => {
  let server: TestServer;
  let fleet: TelemetryFleet;
  let api: ReturnType<typeof apiAs>;
  let supplyAir: number;
  let fanSpeed: number;
  let t0: number;

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
    // Two hours of 10 s readings for unit A1, the first hour only for fan speed.
    t0 = recentHour() - HOUR;
    const points = Array.from({ length: 720 }, (_, index) => [
      {
        assetId: fleet.ids.unitA1,
        alias: 'temperature.supplyAir',
        ts: t0 + index * 10_000,
        value: index % 60,
      },
      ...(index < 360
        ? [{ assetId: fleet.ids.unitA1, alias: 'fan.1.speed', ts: t0 + index * 10_000, value: 50 }]
        : []),
    ]).flat();
    const answer = await postIngest(server, { points }, { headers: { 'x-agent-key': fleet.agentKeyA } });
    expect(answer.status).toBe(200);
  });
  afterAll(() => server.close());

  const query = (user: { identityId: string }, body: Record<string, unknown>) =>
    api(user, 'POST', '/assets.metrics.timeseries.get', {
      interval: 10 * 60_000,
      assetIds: [fleet.ids.unitA1],
      metricsWithAggregateFunction: [{ metricId: supplyAir, aggregateFunction: 'AVERAGE' }],
      from: t0,
      to: t0 + 2 * HOUR,
      ...body,
    });

  it('answers aggregations per metric in the contract shape', async () => {
    const answer = await query(fleet.users.adminA, {
      interval: HOUR,
      metricsWithAggregateFunction: [
        { metricId: supplyAir, aggregateFunction: 'MAX' },
        { metricId: fanSpeed, aggregateFunction: 'COUNT' },
      ],
    });
    expect(answer.status).toBe(200);
    const [max, count] = seriesList.parse(answer.body);
    expect(max).toMatchObject({ metricId: supplyAir, assetReadingType: 'MAX', interval: HOUR });
    expect(max?.dataPoints.timestamps).toEqual([t0, t0 + HOUR]);
    expect(max?.dataPoints.values).toEqual([59, 59]);
    expect(count?.dataPoints.values.filter((value) => value !== null)).toEqual([360]);
    // The empty second hour is gap filled: explicit empty points marked as such.
    expect(count?.dataPoints.metadatas.some((metadata) => metadata.isIntervalCheckEmptyValue)).toBe(true);
  });

  it('refuses RAW over 24 hours with the reason', async () => {
    const answer = await query(fleet.users.adminA, {
      metricsWithAggregateFunction: [{ metricId: supplyAir, aggregateFunction: 'RAW' }],
      from: t0 - 30 * HOUR,
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toMatch(/Raw data is only available for ranges up to 24 hours/);
  });

  it('reduces a series to M4 columns with maxPoints', async () => {
    const raw = {
      metricsWithAggregateFunction: [{ metricId: supplyAir, aggregateFunction: 'RAW' }],
      gapFill: false,
    };
    const full = seriesList.parse((await query(fleet.users.adminA, raw)).body)[0]?.dataPoints;
    const reduced = seriesList.parse((await query(fleet.users.adminA, { ...raw, maxPoints: 20 })).body)[0]
      ?.dataPoints;
    expect(full?.timestamps).toHaveLength(720);
    expect(reduced?.timestamps.length).toBeLessThanOrEqual(80);
    expect(Math.max(...(reduced?.values ?? []).map(Number))).toBe(59);
  });

  it("answers 404 for another company's asset and 403 without metrics:read", async () => {
    const foreign = await query(fleet.users.adminB, {});
    expect(foreign.status).toBe(404);
    expect((await query(fleet.users.noRolesA, {})).status).toBe(403);
  });

  it('gives the regions where data exists', async () => {
    const answer = await api(
      fleet.users.adminA,
      'GET',
      `/assets/metrics/timeseries/regions?assetIds=${fleet.ids.unitA1}&metricIds=${supplyAir},${fanSpeed}&from=${t0}&to=${t0 + 2 * HOUR}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { assetId: fleet.ids.unitA1, metricId: supplyAir, regions: [{ from: t0, to: t0 + 2 * HOUR - 10_000 }] },
      { assetId: fleet.ids.unitA1, metricId: fanSpeed, regions: [{ from: t0, to: t0 + HOUR - 10_000 }] },
    ]);
    const foreign = await api(
      fleet.users.adminB,
      'GET',
      `/assets/metrics/timeseries/regions?assetIds=${fleet.ids.unitA1}&metricIds=${supplyAir}&from=${t0}&to=${t0 + HOUR}`,
    );
    expect(foreign.status).toBe(404);
  });

  it('serves the catalogue, its enums, core enums and the asset metrics map', async () => {
    const list = await api(fleet.users.operatorA, 'GET', '/metrics');
    expect(list.status).toBe(200);
    const catalogue = z.array(metricSchema).parse(list.body);
    expect(catalogue.length).toBeGreaterThan(200);
    const compressor = catalogue.find((metric) => metric.alias === 'compressor.1.state');
    expect(compressor).toMatchObject({ displayType: 'enum', valueType: 'enum', parentAlias: 'compressor.1' });
    expect(compressor?.enumMap?.['1']).toBe('Running');
    expect(catalogue.find((metric) => metric.alias === 'firmware.controller.version')?.displayType).toBe(
      'semantic_version',
    );
    const enums = z
      .array(metricEnumSchema)
      .parse((await api(fleet.users.operatorA, 'GET', '/metrics/enums')).body);
    expect(enums.find((entry) => entry.name === 'alarmCode')?.values['501']).toBe('Water leak detected');
    const core = z
      .array(coreEnumSchema)
      .parse((await api(fleet.users.operatorA, 'GET', '/coreEnums?enumName=ticketSeverity')).body);
    expect(core).toHaveLength(1);
    expect(core[0]?.values[0]).toEqual({ key: 'normal', value: 0, label: 'Normal' });
    const map = await api(
      fleet.users.adminA,
      'GET',
      `/assets/metrics?assetIds=${fleet.ids.unitA1},${fleet.ids.unitB}`,
    );
    expect(map.body).toEqual([
      { assetId: fleet.ids.unitA1, metricIds: [supplyAir, fanSpeed].sort((a, b) => a - b) },
    ]);
    expect((await api(fleet.users.noRolesA, 'GET', '/metrics')).status).toBe(403);
  });
});
