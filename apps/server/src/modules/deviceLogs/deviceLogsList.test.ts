import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSourcesSchema, logsPageSchema, type LogRecord } from '@kelvin/contract';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { recentHour } from '../telemetry/telemetryTestFixture.ts';
import { buildLogsFleet, logRecord, postLogs, type LogsFleet } from './deviceLogsTestFixture.ts';

const LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
const SOURCES = ['controller', 'compressor.1', 'modbus', 'fan.2'] as const;

describe('deviceLogs.list and deviceLogs.sources', () => {
  let server: TestServer;
  let fleet: LogsFleet;
  let api: ReturnType<typeof apiAs>;
  const t0 = recentHour() - 3_600_000;
  const range = () => ({ assetId: fleet.ids.unitA1, from: t0, to: t0 + 3_600_000 });

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildLogsFleet(server.database.db);
    api = apiAs(server);
    // 120 records a second apart on unit A1, levels and sources in turn; every 40th mentions a compressor trip.
    const records = Array.from({ length: 120 }, (_, index) =>
      logRecord(fleet.ids.unitA1, t0 + index * 1000, {
        level: LEVELS[index % LEVELS.length],
        source: SOURCES[index % SOURCES.length],
        message: index % 40 === 7 ? `Compressor TRIP #${index}` : `Routine line ${index}`,
      }),
    );
    records.push(logRecord(fleet.ids.unitA3, t0, { message: 'Other hall' }));
    const answer = await postLogs(server, { records }, { headers: { 'x-agent-key': fleet.agentKeyA } });
    expect(answer.status).toBe(200);
  });
  afterAll(() => server.close());

  const list = async (user: { identityId: string }, body: Record<string, unknown>) => {
    const answer = await api(user, 'POST', '/deviceLogs.list', { ...range(), ...body });
    return { status: answer.status, answer };
  };
  const page = async (body: Record<string, unknown>, user = fleet.users.adminA) => {
    const { status, answer } = await list(user, body);
    expect(status, JSON.stringify(answer.body)).toBe(200);
    return logsPageSchema.parse(answer.body);
  };
  const indexes = (records: readonly LogRecord[]) => records.map((record) => (record.ts - t0) / 1000);

  it('answers newest first and filters by levels, sources and text', async () => {
    const newest = await page({ limit: 3 });
    expect(indexes(newest.records)).toEqual([119, 118, 117]);
    expect(newest.hasMore).toBe(true);
    const errors = await page({ levels: ['ERROR'], sources: ['fan.2', 'modbus'] });
    expect(indexes(errors.records)).toEqual(Array.from({ length: 30 }, (_, index) => 119 - index * 4));
    const trips = await page({ search: 'compressor trip' });
    expect(trips.records.map((record) => record.message)).toEqual([
      'Compressor TRIP #87',
      'Compressor TRIP #47',
      'Compressor TRIP #7',
    ]);
    expect(trips.hasMore).toBe(false);
    // The source is searched too.
    expect((await page({ search: 'FAN.2', limit: 500 })).records).toHaveLength(30);
  });

  it('pages back with `before` without gaps or repeats, and tails with `after`', async () => {
    const seen: LogRecord[] = [];
    let before: string | undefined;
    for (;;) {
      const next = await page({ limit: 25, ...(before ? { before } : {}) });
      seen.push(...next.records);
      before = next.records.at(-1)?.id;
      if (!next.hasMore) break;
    }
    expect(indexes(seen)).toEqual(Array.from({ length: 120 }, (_, index) => 119 - index));
    const anchor = seen[10]?.id;
    const tail = await page({ after: anchor, limit: 4 });
    expect(indexes(tail.records)).toEqual([113, 112, 111, 110]);
    expect(tail.hasMore).toBe(true);
    const tailEnd = await page({ after: seen[0]?.id, to: undefined });
    expect(tailEnd).toEqual({ records: [], hasMore: false });
  });

  it('lists the sources of the range with counts', async () => {
    const answer = await api(fleet.users.adminA, 'POST', '/deviceLogs.sources', range());
    expect(answer.status).toBe(200);
    expect(logSourcesSchema.parse(answer.body).sources).toEqual([
      { source: 'compressor.1', count: 30 },
      { source: 'controller', count: 30 },
      { source: 'fan.2', count: 30 },
      { source: 'modbus', count: 30 },
    ]);
  });

  it('refuses a user without assets:logs:read (403) and hides other companies and halls (404)', async () => {
    const operator = await list(fleet.users.operatorA, {});
    expect(operator.status).toBe(403);
    expect(errorOf(operator.answer).message).toMatch(/assets:logs:read/);
    const noRoles = await api(fleet.users.noRolesA, 'POST', '/deviceLogs.sources', range());
    expect(noRoles.status).toBe(403);
    const otherCompany = await list(fleet.users.adminB, {});
    expect(otherCompany.status).toBe(404);
    expect(errorOf(otherCompany.answer).message).toBe('Asset not found.');
    const otherSources = await api(fleet.users.adminB, 'POST', '/deviceLogs.sources', range());
    expect(otherSources.status).toBe(404);
    expect((await list(fleet.users.adminA, { assetId: 999_999 })).status).toBe(404);
    // The provider's staff read every company's logs.
    expect((await page({ assetId: fleet.ids.unitA3 }, fleet.users.technician)).records).toHaveLength(1);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ before: '12-x' }, 'body.before'],
      [{ before: '1-1', after: '2-2' }, 'body.after'],
      [{ to: t0 }, 'body.to'],
      [{ levels: ['LOUD'] }, 'body.levels.0'],
      [{ limit: 501 }, 'body.limit'],
      [{ search: 'x'.repeat(201) }, 'body.search'],
      [{ unknown: true }, 'body'],
    ];
    for (const [body, field] of cases) {
      const { status, answer } = await list(fleet.users.adminA, body);
      expect(status, field).toBe(400);
      expect(
        errorOf(answer).details?.map((detail) => detail.field),
        field,
      ).toContain(field);
    }
  });
});
