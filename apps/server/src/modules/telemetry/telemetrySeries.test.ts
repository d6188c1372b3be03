import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ingestResultSchema, lastValueSchema, timeSeriesSchema } from '@kelvin/contract';
import { metrics } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { buildTelemetryFleet, postIngest, recentHour, type TelemetryFleet } from './telemetryTestFixture.ts';

const result = (body: unknown) => ingestResultSchema.parse(body);
const seriesList = z.array(timeSeriesSchema);
const lastValues = z.record(z.string(), z.record(z.string(), lastValueSchema));
/** Ingestion announces on the bus after answering: last values follow within this. */
const ANNOUNCED_TIMEOUT_MS = 5000;

describe('telemetry.ingest with series in columns', () => {
  let server: TestServer;
  let fleet: TelemetryFleet;
  let api: ReturnType<typeof apiAs>;
  let metricId: (alias: string) => number;
  const agent = () => ({ headers: { 'x-agent-key': fleet.agentKeyA } });

  beforeAll(async () => {
    server = await startTestServer({ database: 'pglite' });
    fleet = await buildTelemetryFleet(server.database.db);
    api = apiAs(server);
    const rows = await server.database.db
      .select({ alias: metrics.alias, metricId: metrics.metricId })
      .from(metrics)
      .where(inArray(metrics.alias, ['temperature.supplyAir', 'alarm.waterLeak', 'system.serialNumber']));
    const ids = new Map(rows.map((row) => [row.alias, row.metricId]));
    metricId = (alias) => ids.get(alias) ?? 0;
  });
  afterAll(() => server.close());

  const rawSeries = async (assetId: number, alias: string, from: number) => {
    const answer = await api(fleet.users.providerAdmin, 'POST', '/assets.metrics.timeseries.get', {
      interval: 60_000,
      assetIds: [assetId],
      metricsWithAggregateFunction: [{ metricId: metricId(alias), aggregateFunction: 'RAW' }],
      from,
      to: from + 3_600_000,
      gapFill: false,
    });
    expect(answer.status).toBe(200);
    return seriesList.parse(answer.body)[0]?.dataPoints;
  };
  const lastValuesOf = async (assetIds: number[]) => {
    const answer = await api(fleet.users.providerAdmin, 'POST', '/assets/metrics/lastValue', { assetIds });
    expect(answer.status).toBe(200);
    return lastValues.parse(answer.body);
  };

  it('reads back exactly as the same readings sent as points: raw data, text, booleans, units, last values', async () => {
    const t0 = recentHour();
    const readings: [string, number[], (number | boolean | string | null)[], { units?: string }][] = [
      ['temperature.supplyAir', [t0 + 1000, t0 + 2000, t0 + 3000], [18.5, 18.75, 19], {}],
      ['alarm.waterLeak', [t0 + 1000, t0 + 2000], [false, true], {}],
      ['system.serialNumber', [t0 + 1000, t0 + 2000], ['KT19-1', null], {}],
    ];
    const { unitA1: asPoints, unitA2: asSeries } = fleet.ids;
    const points = readings.flatMap(([alias, ts, values, extra]) =>
      ts.map((at, index) => ({ assetId: asPoints, alias, ts: at, value: values[index] ?? null, ...extra })),
    );
    const series = readings.map(([alias, ts, values, extra]) => ({
      assetId: asSeries,
      alias,
      ts,
      values,
      ...extra,
    }));
    // A series with units of its own: every value keeps them, as a point's would.
    series.push({
      assetId: asSeries,
      alias: 'temperature.supplyAir',
      ts: [t0 + 4000],
      values: [65.3],
      units: '°F',
    });
    points.push({
      assetId: asPoints,
      alias: 'temperature.supplyAir',
      ts: t0 + 4000,
      value: 65.3,
      units: '°F',
    });

    const sentPoints = await postIngest(server, { batchId: 'as-points-1', points }, agent());
    const sentSeries = await postIngest(server, { batchId: 'as-series-1', series }, agent());
    expect(result(sentPoints.body)).toMatchObject({ accepted: 8, rejected: [] });
    expect(result(sentSeries.body)).toEqual({
      batchId: 'as-series-1',
      duplicate: false,
      accepted: 8,
      rejected: [],
      rejectedSeries: [],
    });
    for (const [alias] of readings) {
      expect(await rawSeries(asSeries, alias, t0)).toEqual(await rawSeries(asPoints, alias, t0));
    }
    expect((await rawSeries(asSeries, 'temperature.supplyAir', t0))?.values).toEqual([18.5, 18.75, 19, 65.3]);
    await expect
      .poll(
        async () => Object.keys((await lastValuesOf([asSeries]))[metricId('system.serialNumber')] ?? {}),
        {
          timeout: ANNOUNCED_TIMEOUT_MS,
        },
      )
      .toEqual([String(asSeries)]);
    const last = await lastValuesOf([asPoints, asSeries]);
    for (const alias of ['temperature.supplyAir', 'alarm.waterLeak', 'system.serialNumber']) {
      const byAsset = last[metricId(alias)];
      expect(byAsset?.[asSeries]).toEqual(byAsset?.[asPoints]);
    }
    expect(last[metricId('temperature.supplyAir')]?.[asSeries]).toMatchObject({
      value: 65.3,
      metadata: { units: '°F' },
    });
  });

  it('stores points and series of one batch together, and nothing twice when the batch is sent again', async () => {
    const t0 = recentHour() - 3_600_000;
    const batch = {
      batchId: 'mixed-0001',
      points: [{ assetId: fleet.ids.unitA3, alias: 'temperature.supplyAir', ts: t0 + 500, value: 16 }],
      series: [
        {
          assetId: fleet.ids.unitA3,
          alias: 'temperature.supplyAir',
          ts: [t0 + 1000, t0 + 2000],
          values: [17, 18],
        },
      ],
    };
    expect(result((await postIngest(server, batch, agent())).body)).toMatchObject({
      duplicate: false,
      accepted: 3,
    });
    expect(result((await postIngest(server, batch, agent())).body)).toMatchObject({
      duplicate: true,
      accepted: 3,
    });
    expect((await rawSeries(fleet.ids.unitA3, 'temperature.supplyAir', t0))?.values).toEqual([16, 17, 18]);
  });

  it('refuses a bad series whole, naming the value at fault, and stores the rest', async () => {
    const t0 = recentHour() - 2 * 3_600_000;
    const unit = fleet.ids.unitA1;
    const good = {
      assetId: unit,
      alias: 'temperature.supplyAir',
      ts: [t0 + 1000, t0 + 2000],
      values: [20, 21],
    };
    const answer = await postIngest(
      server,
      {
        series: [
          { ...good, alias: 'no.such.metric' },
          { ...good, assetId: fleet.ids.unitB },
          { ...good, ts: [t0 + 3000, Math.floor(t0 / 1000)] },
          { ...good, values: [20, 'hot'] },
          { ...good, values: [20] },
          { ...good, colour: 'red' },
          { ...good, ts: [t0 + 5000, 1.5] },
          { ...good, status: 2 ** 31 },
          'not a series',
          good,
        ],
      },
      agent(),
    );
    expect(answer.status).toBe(200);
    expect(result(answer.body)).toMatchObject({
      accepted: 2,
      rejected: [],
      rejectedSeries: [
        { index: 0, reason: 'Unknown metric alias "no.such.metric"' },
        // Another company's asset reads as a missing one.
        { index: 1, reason: `Asset ${fleet.ids.unitB} not found` },
        {
          index: 2,
          reason: 'ts[1]: ts must be epoch milliseconds (this looks like seconds or a date before 2000)',
        },
        { index: 3, reason: 'values[1]: Metric "temperature.supplyAir" takes number values, not text' },
        { index: 4, reason: 'ts and values must be arrays of the same length' },
        { index: 5, reason: 'Unknown field "colour"' },
        { index: 6, reason: 'ts[1] must be epoch milliseconds (a non-negative integer)' },
        { index: 7, reason: 'status: Too big: expected number to be <=2147483647' },
        { index: 8, reason: 'Each series must be an object' },
      ],
    });
    expect((await rawSeries(unit, 'temperature.supplyAir', t0))?.values).toEqual([20, 21]);
  });

  it('refuses a batch of more than 50,000 values, and one with neither points nor series, storing nothing', async () => {
    const t0 = recentHour() - 4 * 3_600_000;
    const ts = Array.from({ length: 25_001 }, (_, index) => t0 + index);
    const values = ts.map(() => 1);
    const unit = fleet.ids.unitA2;
    const tooMany = await postIngest(
      server,
      {
        points: [{ assetId: unit, alias: 'temperature.supplyAir', ts: t0, value: 1 }],
        series: [
          { assetId: unit, alias: 'temperature.supplyAir', ts, values },
          { assetId: unit, alias: 'temperature.supplyAir', ts: ts.slice(1), values: values.slice(1) },
        ],
      },
      { ...agent(), gzip: true },
    );
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany).message).toBe('A batch holds at most 50000 points');
    expect((await rawSeries(unit, 'temperature.supplyAir', t0))?.values).toEqual([]);

    const empty = await postIngest(server, { batchId: 'empty-0001' }, agent());
    expect(empty.status).toBe(400);
    expect(errorOf(empty).message).toMatch(/A batch needs points or series/);
  });
});
