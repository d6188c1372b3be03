import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestResultSchema, logsPageSchema, UNSTORABLE_MESSAGES } from '@kelvin/contract';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { bearer, recentHour } from '../telemetry/telemetryTestFixture.ts';
import { buildLogsFleet, logRecord, postLogs, type LogsFleet } from './deviceLogsTestFixture.ts';

const result = (body: unknown) => ingestResultSchema.parse(body);

describe('deviceLogs.ingest', () => {
  let server: TestServer;
  let fleet: LogsFleet;
  let api: ReturnType<typeof apiAs>;
  const agentA = () => ({ headers: { 'x-agent-key': fleet.agentKeyA } });

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildLogsFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  /** Every record of an asset in the hour from `t0`, newest first, as the provider administrator reads them. */
  const stored = async (assetId: number, t0: number) => {
    const answer = await api(fleet.users.providerAdmin, 'POST', '/deviceLogs.list', {
      assetId,
      from: t0,
      to: t0 + 3_600_000,
      limit: 500,
    });
    expect(answer.status).toBe(200);
    return logsPageSchema.parse(answer.body).records;
  };

  it('stores an agent batch with levels, sources and fields, and answers once it is stored', async () => {
    const t0 = recentHour();
    const answer = await postLogs(
      server,
      {
        batchId: 'logs-batch-0001',
        records: [
          logRecord(fleet.ids.unitA1, t0 + 1000, {
            level: 'WARN',
            source: 'modbus',
            message: 'Timeout on register 40001',
            fields: { register: 40001, retry: 3, fatal: false, port: 'COM2' },
          }),
          logRecord(fleet.ids.unitA1, t0 + 2000, { level: 'ERROR', message: 'High return air temperature' }),
          logRecord(fleet.ids.unitA2, t0 + 3000),
        ],
      },
      agentA(),
    );
    expect(answer.status).toBe(200);
    expect(result(answer.body)).toEqual({
      batchId: 'logs-batch-0001',
      duplicate: false,
      accepted: 3,
      rejected: [],
    });
    const records = await stored(fleet.ids.unitA1, t0);
    expect(records.map(({ id: _id, ...record }) => record)).toEqual([
      {
        assetId: fleet.ids.unitA1,
        ts: t0 + 2000,
        level: 'ERROR',
        source: 'controller',
        message: 'High return air temperature',
        fields: {},
      },
      {
        assetId: fleet.ids.unitA1,
        ts: t0 + 1000,
        level: 'WARN',
        source: 'modbus',
        message: 'Timeout on register 40001',
        fields: { register: 40001, retry: 3, fatal: false, port: 'COM2' },
      },
    ]);
    expect(records[0]?.id).toMatch(new RegExp(`^${t0 + 2000}-\\d+$`));
  });

  it('takes gzip from a user with telemetry:write and makes up a batch id', async () => {
    const t0 = recentHour() - 3_600_000;
    const records = Array.from({ length: 300 }, (_, index) => logRecord(fleet.ids.unitB, t0 + index * 1000));
    const answer = await postLogs(
      server,
      { records },
      { gzip: true, headers: await bearer(server, fleet.users.providerAdmin) },
    );
    expect(answer.status).toBe(200);
    const body = result(answer.body);
    expect(body).toMatchObject({ duplicate: false, accepted: 300, rejected: [] });
    expect(body.batchId.length).toBeGreaterThanOrEqual(8);
    expect(await stored(fleet.ids.unitB, t0)).toHaveLength(300);
  });

  it('stores nothing twice for a re-sent batch id, and keeps writers apart', async () => {
    const t0 = recentHour() - 2 * 3_600_000;
    const batch = {
      batchId: 'logs-resend-0001',
      records: [logRecord(fleet.ids.unitA3, t0 + 10), logRecord(fleet.ids.unitA3, t0 + 20)],
    };
    expect(result((await postLogs(server, batch, agentA())).body).duplicate).toBe(false);
    expect(result((await postLogs(server, batch, agentA())).body)).toMatchObject({
      duplicate: true,
      accepted: 2,
    });
    expect(await stored(fleet.ids.unitA3, t0)).toHaveLength(2);
    // The same id from another writer is that writer's own batch.
    const user = await postLogs(server, batch, { headers: await bearer(server, fleet.users.providerAdmin) });
    expect(result(user.body).duplicate).toBe(false);
    expect(await stored(fleet.ids.unitA3, t0)).toHaveLength(4);
  });

  it('refuses bad records one by one with a reason each and stores the rest', async () => {
    const t0 = recentHour() - 3 * 3_600_000;
    const unit = fleet.ids.unitA2;
    const answer = await postLogs(
      server,
      {
        records: [
          logRecord(unit, t0, { message: 'kept' }),
          logRecord(unit, t0, { level: 'NOTICE' }),
          logRecord(unit, t0, { message: '' }),
          logRecord(unit, Math.floor(t0 / 1000)),
          logRecord(unit, t0, { fields: { nested: { deep: 1 } } }),
          logRecord(unit, t0, { colour: 'red' }),
          logRecord(unit, t0, { message: 'x'.repeat(4001) }),
          logRecord(unit, t0, { message: 'bad\u0000byte' }),
          logRecord(999_999, t0),
          logRecord(unit, t0 + 3 * 86_400_000),
          'not a record',
        ],
      },
      agentA(),
    );
    expect(answer.status).toBe(200);
    const body = result(answer.body);
    expect(body.accepted).toBe(1);
    expect(body.rejected.map((entry) => entry.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const reasons = body.rejected.map((entry) => entry.reason);
    expect(reasons[0]).toMatch(/^level: /);
    expect(reasons[1]).toMatch(/^message: /);
    expect(reasons[2]).toMatch(/ts must be epoch milliseconds/);
    expect(reasons[3]).toMatch(/^fields\.nested: /);
    expect(reasons[4]).toBe('Unknown field "colour"');
    expect(reasons[5]).toMatch(/^message: /);
    expect(reasons[6]).toBe(`message: ${UNSTORABLE_MESSAGES.nul}`);
    expect(reasons[7]).toBe('Asset 999999 not found');
    expect(reasons[8]).toBe('ts is more than a day in the future');
    expect((await stored(unit, t0)).map((record) => record.message)).toEqual(['kept']);
  });

  it("refuses another company's asset, also to an agent of that other company", async () => {
    const t0 = recentHour() - 4 * 3_600_000;
    const intoB = await postLogs(server, { records: [logRecord(fleet.ids.unitB, t0)] }, agentA());
    expect(result(intoB.body)).toMatchObject({
      accepted: 0,
      rejected: [{ index: 0, reason: `Asset ${fleet.ids.unitB} not found` }],
    });
    // Company B's agent writes B's unit, never A's.
    const agentB = { headers: { 'x-agent-key': fleet.agentKeyB } };
    const mixed = await postLogs(
      server,
      { records: [logRecord(fleet.ids.unitA1, t0), logRecord(fleet.ids.unitB, t0)] },
      agentB,
    );
    expect(result(mixed.body)).toMatchObject({
      accepted: 1,
      rejected: [{ index: 0, reason: `Asset ${fleet.ids.unitA1} not found` }],
    });
    expect(await stored(fleet.ids.unitA1, t0)).toEqual([]);
    expect(await stored(fleet.ids.unitB, t0)).toHaveLength(1);
  });

  it('refuses a missing or bad key, a user without telemetry:write, and a batch that is too big or malformed', async () => {
    const record = logRecord(fleet.ids.unitA1, recentHour());
    expect((await postLogs(server, { records: [record] })).status).toBe(401);
    const badKey = await postLogs(
      server,
      { records: [record] },
      { headers: { 'x-agent-key': randomBytes(24).toString('hex') } },
    );
    expect(badKey.status).toBe(401);
    const technician = await postLogs(
      server,
      { records: [record] },
      { headers: await bearer(server, fleet.users.technician) },
    );
    expect(technician.status).toBe(403);
    expect(errorOf(technician).message).toMatch(/telemetry:write/);
    const tooMany = await postLogs(
      server,
      { records: Array.from({ length: 10_001 }, () => record) },
      agentA(),
    );
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany).message).toMatch(/at most 10000 records/);
    for (const body of [
      { records: [] },
      { records: record },
      { batchId: 'short', records: [record] },
      { records: [record], extra: 1 },
    ]) {
      const refused = await postLogs(server, body, agentA());
      expect(refused.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
  });
});
