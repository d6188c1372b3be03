import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { timeSeriesSchema } from '@kelvin/contract';
import { metrics } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import {
  buildTelemetryFleet,
  postIngest,
  recentHour,
  type TelemetryFleet,
} from '../telemetry/telemetryTestFixture.ts';
import { csvField, exportTimeFormatter } from './timeSeriesExport.ts';

const HOUR = 3_600_000;

describe('assets.metrics.timeseries.export', () => {
  let server: TestServer;
  let fleet: TelemetryFleet;
  let supplyAir = 0;
  let fanSpeed = 0;
  let t0 = 0;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildTelemetryFleet(server.database.db);
    const rows = await server.database.db
      .select({ alias: metrics.alias, metricId: metrics.metricId })
      .from(metrics)
      .where(inArray(metrics.alias, ['temperature.supplyAir', 'fan.1.speed']));
    const ids = new Map(rows.map((row) => [row.alias, row.metricId]));
    supplyAir = ids.get('temperature.supplyAir') ?? 0;
    fanSpeed = ids.get('fan.1.speed') ?? 0;
    // An hour of readings every 30 s; fan speed every minute only, so that rows have empty cells.
    t0 = recentHour();
    const points = Array.from({ length: 120 }, (_, index) => [
      {
        assetId: fleet.ids.unitA1,
        alias: 'temperature.supplyAir',
        ts: t0 + index * 30_000,
        value: 18 + index / 8,
      },
      ...(index % 2 === 0
        ? [{ assetId: fleet.ids.unitA1, alias: 'fan.1.speed', ts: t0 + index * 30_000, value: 40 + index }]
        : []),
    ]).flat();
    expect(
      (await postIngest(server, { points }, { headers: { 'x-agent-key': fleet.agentKeyA } })).status,
    ).toBe(200);
  });
  afterAll(() => server.close());

  const exportAs = async (user: { identityId: string }, body: unknown) => {
    const token = await server.mintIdToken(user.identityId);
    const response = await fetch(`${server.url}/api/assets.metrics.timeseries.export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { response, text: await response.text() };
  };
  const request = (overrides: Record<string, unknown> = {}) => ({
    assetIds: [fleet.ids.unitA1],
    metricIds: [supplyAir, fanSpeed],
    from: t0,
    to: t0 + HOUR,
    timeZone: 'Asia/Tokyo',
    ...overrides,
  });

  it('streams every raw reading as rows of time in the zone by a column per series, equal to the API', async () => {
    const { response, text } = await exportAs(fleet.users.adminA, request());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(Number(response.headers.get('x-export-values'))).toBeGreaterThanOrEqual(180);
    const [header, ...rows] = text.trimEnd().split('\n');
    expect(header).toBe(
      'Time (Asia/Tokyo),AN-CRAH-01 / Supply air temperature (°C),AN-CRAH-01 / Fan 1 speed (%)',
    );
    expect(rows).toHaveLength(120);

    const answer = await apiAs(server)(fleet.users.adminA, 'POST', '/assets.metrics.timeseries.get', {
      interval: 1,
      assetIds: [fleet.ids.unitA1],
      metricsWithAggregateFunction: [
        { metricId: supplyAir, aggregateFunction: 'RAW' },
        { metricId: fanSpeed, aggregateFunction: 'RAW' },
      ],
      from: t0,
      to: t0 + HOUR,
    });
    const [supply, fan] = z.array(timeSeriesSchema).parse(answer.body);
    const time = exportTimeFormatter('Asia/Tokyo');
    const expected = (supply?.dataPoints.timestamps ?? []).map((ts, index) => {
      const fanAt = fan?.dataPoints.timestamps.indexOf(ts) ?? -1;
      const fanValue = fanAt >= 0 ? String(fan?.dataPoints.values[fanAt]) : '';
      return `${time(ts)},${String(supply?.dataPoints.values[index])},${fanValue}`;
    });
    expect(rows).toEqual(expected);
    // Tokyo is 9 hours ahead of UTC all year.
    expect(rows[0]?.slice(0, 23)).toBe(time(t0));
    expect(time(Date.UTC(2026, 0, 1, 0, 0, 0, 5))).toBe('2026-01-01 09:00:00.005');
  });

  it('converts to the user’s units profile as the screens do: imperial reads °F, and % stays as it is', async () => {
    const user = fleet.users.adminA;
    const update = await apiAs(server)(user, 'POST', '/users/me/preferences.update', {
      unitsProfile: 'imperial',
    });
    expect(update.status).toBe(200);
    try {
      const { response, text } = await exportAs(user, request());
      expect(response.status).toBe(200);
      const [header, first] = text.trimEnd().split('\n');
      expect(header).toBe(
        'Time (Asia/Tokyo),AN-CRAH-01 / Supply air temperature (°F),AN-CRAH-01 / Fan 1 speed (%)',
      );
      // The first reading: 18 °C is 64.4 °F; the fan's 40 % unchanged.
      expect(first?.split(',').slice(1)).toEqual(['64.4', '40']);
    } finally {
      await apiAs(server)(user, 'POST', '/users/me/preferences.update', { unitsProfile: 'metric' });
    }
  });

  it('refuses another company’s asset, an unknown metric and an unknown time zone, naming the field', async () => {
    const foreign = await exportAs(fleet.users.adminB, request());
    expect(foreign.response.status).toBe(404);
    const unknownMetric = await exportAs(fleet.users.adminA, request({ metricIds: [999_999] }));
    expect(unknownMetric.response.status).toBe(404);
    const zone = await exportAs(fleet.users.adminA, request({ timeZone: 'Mars/Olympus' }));
    expect(zone.response.status).toBe(400);
    expect(errorOf({ status: 400, body: JSON.parse(zone.text) }).details).toEqual([
      { field: 'body.timeZone', message: 'Unknown time zone' },
    ]);
    const backward = await exportAs(fleet.users.adminA, request({ to: t0 }));
    expect(backward.response.status).toBe(400);
  });

  it('keeps names from being read as formulas and quotes what needs quoting', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('Hall 1, Row A')).toBe('"Hall 1, Row A"');
    expect(csvField('plain')).toBe('plain');
  });
});
