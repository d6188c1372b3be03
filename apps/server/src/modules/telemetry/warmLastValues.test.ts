import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/database.ts';
import { metrics } from '../../platform/db/schema.ts';
import { openDuckDbStore } from '../../platform/timeseries/duckdb/duckDbStore.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs } from '../assets/assetsTestFixture.ts';
import { detailOf, ingestedValueOf } from './storedReadings.ts';
import type { ResolvedPoint } from './pointResolver.ts';
import { buildTelemetryFleet, postIngest, type TelemetryFleet } from './telemetryTestFixture.ts';

describe('stored readings read back as ingestion announced them', () => {
  const point = (value: ResolvedPoint['value'], units: string | null = null): ResolvedPoint => ({
    assetId: 1,
    metricId: 2,
    ts: 1_000,
    value,
    status: 3,
    units,
  });
  const roundTrip = (reading: ResolvedPoint, metric: { valueType: string; units: string | null }) => {
    const detail = detailOf(reading, metric);
    const stored = typeof reading.value === 'boolean' ? Number(reading.value) : reading.value;
    const latest =
      detail === null
        ? { kind: 'point' as const, ...reading, value: typeof stored === 'number' ? stored : Number.NaN }
        : { kind: 'detail' as const, ...detail };
    return { detail, back: ingestedValueOf(latest, metric) };
  };

  it.each([
    ['a number in its units', point(21.5, '°C'), { valueType: 'number', units: '°C' }, false],
    ['a number in units of its own', point(70.7, '°F'), { valueType: 'number', units: '°C' }, true],
    ['an enum state', point(2), { valueType: 'enum', units: null }, false],
    ['a boolean of a boolean metric', point(true), { valueType: 'boolean', units: null }, false],
    ['a number in a boolean metric', point(1), { valueType: 'boolean', units: null }, true],
    ['a boolean in a number metric', point(false), { valueType: 'number', units: null }, true],
    ['text', point('SN-0042'), { valueType: 'string', units: null }, true],
    ['an empty reading', point(null, '°C'), { valueType: 'number', units: '°C' }, true],
  ])('%s', (_name, reading, metric, detailed) => {
    const { detail, back } = roundTrip(reading, metric);
    expect(detail !== null).toBe(detailed);
    expect(back).toEqual({
      assetId: 1,
      metricId: 2,
      timestamp: 1_000,
      value: reading.value,
      status: 3,
      units: reading.units,
    });
  });
});

/**
 * The bus hands ingested values to the last-value table in a microtask after ingestion answers: no timer, so this
 * only absorbs a loaded machine (two servers on files, in one process), more than vitest's 1 s default allows.
 */
const ANNOUNCED_TIMEOUT_MS = 5_000;

describe('last values after a restart', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'kelvin-warm-'));
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    rmSync(directory, { recursive: true, force: true });
  });

  /** A server on the stores in `directory`, as `npm start` opens them (PGlite and DuckDB files). */
  const start = async () => {
    const server = await startTestServer({
      stores: {
        database: await openDatabase({ pgliteDir: path.join(directory, 'pg') }),
        timeseries: await openDuckDbStore({ directory }),
      },
    });
    servers.push(server);
    return server;
  };

  it('answers lastValue and online status as before, before any new reading', async () => {
    const first = await start();
    const fleet: TelemetryFleet = await buildTelemetryFleet(first.database.db);
    const rows = await first.database.db
      .select({ alias: metrics.alias, metricId: metrics.metricId })
      .from(metrics)
      .where(inArray(metrics.alias, ['temperature.supplyAir', 'alarm.waterLeak', 'system.serialNumber']));
    const id = (alias: string) => rows.find((row) => row.alias === alias)?.metricId ?? 0;
    const { unitA1, unitA2, unitA3 } = fleet.ids;
    const now = Date.now();
    const reading = (assetId: number, alias: string, ts: number, value: unknown, extra = {}) => ({
      assetId,
      alias,
      ts,
      value,
      ...extra,
    });
    const points = [
      reading(unitA1, 'temperature.supplyAir', now - 60_000, 18.5),
      reading(unitA1, 'temperature.supplyAir', now - 30_000, 18.75, { status: 4 }),
      reading(unitA1, 'alarm.waterLeak', now - 30_000, true),
      reading(unitA1, 'system.serialNumber', now - 30_000, 'AN-0001 "west"'),
      reading(unitA2, 'temperature.supplyAir', now - 20_000, 65.3, { units: '°F' }),
      reading(unitA2, 'alarm.waterLeak', now - 20_000, 0),
      reading(unitA2, 'system.serialNumber', now - 20_000, null),
      // Long offline: a value, but not online.
      reading(unitA3, 'temperature.supplyAir', now - 3 * 3_600_000, 17),
    ];
    const sent = await postIngest(
      first,
      { batchId: 'warm-batch-1', points },
      { headers: { 'x-agent-key': fleet.agentKeyA } },
    );
    expect(sent).toMatchObject({ status: 200, body: { accepted: points.length } });
    // A late reading older than the newest: the live table keeps the newest, and so must the warmed one.
    await postIngest(
      first,
      { batchId: 'warm-batch-2', points: [reading(unitA1, 'temperature.supplyAir', now - 45_000, 99)] },
      { headers: { 'x-agent-key': fleet.agentKeyA } },
    );

    const ask = async (server: TestServer) => {
      const api = apiAs(server);
      const user = fleet.users.providerAdmin;
      const assetIds = [unitA1, unitA2, unitA3];
      const lastValues = await api(user, 'POST', '/assets/metrics/lastValue', { assetIds });
      const online = await api(user, 'POST', '/assets.getOnlineStatus', assetIds);
      expect([lastValues.status, online.status]).toEqual([200, 200]);
      return { lastValues: lastValues.body, online: online.body };
    };
    // Ingestion announces on the bus after answering; wait until the table holds every series.
    await expect.poll(() => first.lastValues.size, { timeout: ANNOUNCED_TIMEOUT_MS }).toBe(7);
    const before = await ask(first);
    expect(before.lastValues).toMatchObject({
      [id('temperature.supplyAir')]: { [unitA1]: { value: 18.75, metadata: { status: 4, units: '°C' } } },
      [id('alarm.waterLeak')]: { [unitA1]: { value: true, metadata: { type: 'boolean' } } },
    });
    await first.close();
    servers.length = 0;

    const second = await start();
    expect(await ask(second)).toEqual(before);
  });
});
