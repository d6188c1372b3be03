import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ingestResultSchema, logsPageSchema, timeSeriesSchema } from '@kelvin/contract';
import { findAgentByKey } from '../../http/authenticateAgent.ts';
import { MQTT_TEST_URL, mosquittoAvailable } from '../../testing/testServices.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs } from '../assets/assetsTestFixture.ts';
import { buildLogsFleet, logRecord, type LogsFleet } from '../deviceLogs/deviceLogsTestFixture.ts';
import { postIngest, recentHour } from '../telemetry/telemetryTestFixture.ts';
import { agentMessageDeps } from './agentMessage.ts';
import { startAgentMqttIngest } from './agentMqttIngest.ts';
import { agentTopic, type AgentMessageKind } from './agentTopics.ts';

const MQTT_URL = MQTT_TEST_URL;
const available = await mosquittoAvailable();

const replySchema = z.object({ kind: z.enum(['telemetry', 'deviceLogs']) }).loose();
const errorReplySchema = z.object({
  kind: z.enum(['telemetry', 'deviceLogs']),
  batchId: z.string().optional(),
  error: z.object({ code: z.string(), message: z.string() }),
});

describe.skipIf(!available)('agents over MQTT (Mosquitto)', () => {
  // Topics and share group of this run alone: other runs on the same broker never see its messages.
  const prefix = `kelvin-test-${randomBytes(4).toString('hex')}`;
  const group = `ingest-${randomBytes(4).toString('hex')}`;
  let server: TestServer;
  let fleet: LogsFleet;
  let agentB: number;
  let agent: MqttClient;
  const waiting = new Map<string, (reply: unknown) => void>();

  beforeAll(async () => {
    server = await startTestServer({
      env: { MQTT_URL, MQTT_TOPIC_PREFIX: prefix, MQTT_SHARE_GROUP: group, MQTT_CONNECTIONS: '2' },
    });
    fleet = await buildLogsFleet(server.database.db);
    agentB = (await findAgentByKey(server.database.db, fleet.agentKeyB))?.agentAssetId ?? 0;
    agent = await connectAsync(MQTT_URL, { protocolVersion: 5 });
    agent.on('message', (_topic, payload, packet) => {
      const id = packet.properties?.correlationData?.toString() ?? '';
      waiting.get(id)?.(JSON.parse(payload.toString()));
      waiting.delete(id);
    });
    await agent.subscribeAsync([`${prefix}/agents/+/replies`, `${prefix}-retry/agents/+/replies`], {
      qos: 1,
    });
  });
  afterAll(async () => {
    await agent.endAsync();
    await server.close();
  });

  /** Publishes as an agent (QoS 1, with correlation data) and resolves with the server's reply. */
  const send = (
    agentAssetId: number,
    kind: AgentMessageKind,
    payload: unknown,
    topicPrefix = prefix,
  ): Promise<unknown> => {
    const id = randomBytes(8).toString('hex');
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
    const reply = new Promise<unknown>((resolve, reject) => {
      waiting.set(id, resolve);
      setTimeout(() => reject(new Error(`no reply to ${kind} on agent ${String(agentAssetId)}`)), 10_000);
    });
    void agent.publishAsync(agentTopic(topicPrefix, agentAssetId, kind), body, {
      qos: 1,
      properties: { correlationData: Buffer.from(id) },
    });
    return reply;
  };
  const telemetry = (key: string, batchId: string, points: unknown[]) => ({ agentKey: key, batchId, points });
  const rawCount = async (assetId: number, alias: string, from: number) => {
    const catalogue = await apiAs(server)(fleet.users.providerAdmin, 'GET', '/metrics');
    const metric = z
      .array(z.object({ metricId: z.number(), alias: z.string() }).loose())
      .parse(catalogue.body)
      .find((one) => one.alias === alias);
    const answer = await apiAs(server)(fleet.users.providerAdmin, 'POST', '/assets.metrics.timeseries.get', {
      interval: 60_000,
      assetIds: [assetId],
      metricsWithAggregateFunction: [{ metricId: metric?.metricId ?? 0, aggregateFunction: 'RAW' }],
      from,
      to: from + 3_600_000,
      gapFill: false,
    });
    return z.array(timeSeriesSchema).parse(answer.body)[0]?.dataPoints.values.length ?? 0;
  };

  it('stores an agent’s batch once, answers on its replies topic, and a resend (MQTT or HTTP) is a duplicate', async () => {
    const t0 = recentHour();
    const points = [
      { assetId: fleet.ids.unitA1, alias: 'temperature.supplyAir', ts: t0 + 1000, value: 18.5 },
      { assetId: fleet.ids.unitA1, alias: 'temperature.supplyAir', ts: t0 + 2000, value: 18.7 },
    ];
    const first = ingestResultSchema.parse(
      replySchema.parse(
        await send(fleet.ids.agentA1, 'telemetry', telemetry(fleet.agentKeyA, 'batch-one-1', points)),
      ),
    );
    expect(first).toMatchObject({ batchId: 'batch-one-1', accepted: 2, duplicate: false, rejected: [] });
    expect(await rawCount(fleet.ids.unitA1, 'temperature.supplyAir', t0)).toBe(2);

    const again = await send(
      fleet.ids.agentA1,
      'telemetry',
      telemetry(fleet.agentKeyA, 'batch-one-1', points),
    );
    expect(again).toMatchObject({ kind: 'telemetry', batchId: 'batch-one-1', accepted: 2, duplicate: true });
    // The same writer over HTTP: the batch id is scoped to the agent either way.
    const overHttp = await postIngest(
      server,
      { batchId: 'batch-one-1', points },
      { headers: { 'x-agent-key': fleet.agentKeyA } },
    );
    expect(ingestResultSchema.parse(overHttp.body).duplicate).toBe(true);
    expect(await rawCount(fleet.ids.unitA1, 'temperature.supplyAir', t0)).toBe(2);
  });

  it('takes series in columns as the HTTP call does, refusing a bad series whole', async () => {
    const t0 = recentHour() - 2 * 3_600_000;
    const answer = ingestResultSchema.parse(
      await send(fleet.ids.agentA1, 'telemetry', {
        agentKey: fleet.agentKeyA,
        batchId: 'series-batch-1',
        series: [
          {
            assetId: fleet.ids.unitA2,
            alias: 'temperature.supplyAir',
            ts: [t0 + 1, t0 + 2, t0 + 3],
            values: [1, 2, 3],
          },
          { assetId: fleet.ids.unitB, alias: 'temperature.supplyAir', ts: [t0 + 1], values: [4] },
        ],
      }),
    );
    expect(answer).toMatchObject({
      accepted: 3,
      rejected: [],
      rejectedSeries: [{ index: 1, reason: `Asset ${fleet.ids.unitB} not found` }],
    });
    expect(await rawCount(fleet.ids.unitA2, 'temperature.supplyAir', t0)).toBe(3);
    expect(await rawCount(fleet.ids.unitB, 'temperature.supplyAir', t0)).toBe(0);
  });

  it('takes gzip-compressed batches and device logs, and refuses points of another company’s units', async () => {
    const t0 = recentHour() - 3_600_000;
    const compressed = gzipSync(
      JSON.stringify(
        telemetry(fleet.agentKeyA, 'gzip-batch-1', [
          { assetId: fleet.ids.unitA2, alias: 'temperature.returnAir', ts: t0 + 5, value: 30 },
          { assetId: fleet.ids.unitB, alias: 'temperature.returnAir', ts: t0 + 5, value: 31 },
        ]),
      ),
    );
    const answer = ingestResultSchema.parse(await send(fleet.ids.agentA1, 'telemetry', compressed));
    expect(answer.accepted).toBe(1);
    expect(answer.rejected.map((one) => one.index)).toEqual([1]);
    expect(await rawCount(fleet.ids.unitB, 'temperature.returnAir', t0)).toBe(0);

    const logs = await send(agentB, 'deviceLogs', {
      agentKey: fleet.agentKeyB,
      batchId: 'log-batch-1',
      records: [logRecord(fleet.ids.unitB, t0 + 10, { message: 'Compressor started' })],
    });
    expect(logs).toMatchObject({ kind: 'deviceLogs', accepted: 1, duplicate: false });
    const page = await apiAs(server)(fleet.users.providerAdmin, 'POST', '/deviceLogs.list', {
      assetId: fleet.ids.unitB,
      from: t0,
      to: t0 + 3_600_000,
      limit: 10,
    });
    expect(logsPageSchema.parse(page.body).records.map((record) => record.message)).toEqual([
      'Compressor started',
    ]);
  });

  it('answers a malformed or unauthorised message with its reason and stores nothing', async () => {
    const t0 = recentHour() - 2 * 3_600_000;
    const point = { assetId: fleet.ids.unitA3, alias: 'temperature.supplyAir', ts: t0 + 1, value: 20 };
    const refusals = [
      [fleet.ids.agentA1, Buffer.from('{"agentKey": "x", "points": ['), 'BAD_REQUEST', 'not valid JSON'],
      [
        fleet.ids.agentA1,
        { agentKey: fleet.agentKeyA, batchId: 'bad-batch-1', points: 'none' },
        'BAD_REQUEST',
        'Invalid request: body.points',
      ],
      [fleet.ids.agentA1, { batchId: 'bad-batch-2', points: [point] }, 'UNAUTHORIZED', 'agentKey'],
      [
        fleet.ids.agentA1,
        telemetry('not-a-real-agent-key-at-all', 'bad-batch-3', [point]),
        'UNAUTHORIZED',
        'not valid',
      ],
      [agentB, telemetry(fleet.agentKeyA, 'bad-batch-4', [point]), 'FORBIDDEN', 'another agent'],
    ] as const;
    for (const [topicAgent, payload, code, message] of refusals) {
      const reply = errorReplySchema.parse(await send(topicAgent, 'telemetry', payload));
      expect(reply.error.code).toBe(code);
      expect(reply.error.message).toContain(message);
    }
    expect(await rawCount(fleet.ids.unitA3, 'temperature.supplyAir', t0)).toBe(0);
  });

  it('shares the subscription across processes: each message is stored and answered by one of them', async () => {
    const handled = [0, 0];
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const others = await Promise.all(
      [0, 1].map((index) => {
        const deps = agentMessageDeps({ ...server, db: server.database.db, log });
        const heard = deps.heard;
        return startAgentMqttIngest(
          {
            url: MQTT_URL,
            topicPrefix: prefix,
            shareGroup: group,
            connections: 2,
            processName: `other-${index}`,
          },
          {
            ...deps,
            heard: (id) => {
              handled[index] = (handled[index] ?? 0) + 1;
              heard(id);
            },
          },
          log,
        );
      }),
    );
    try {
      const t0 = recentHour() - 3 * 3_600_000;
      const replies = await Promise.all(
        Array.from({ length: 24 }, (_, n) =>
          send(
            fleet.ids.agentA1,
            'telemetry',
            telemetry(fleet.agentKeyA, `shared-batch-${String(n)}`, [
              { assetId: fleet.ids.unitA1, alias: 'temperature.returnAir', ts: t0 + n * 1000, value: n },
            ]),
          ),
        ),
      );
      expect(replies.every((reply) => !ingestResultSchema.parse(reply).duplicate)).toBe(true);
      expect(await rawCount(fleet.ids.unitA1, 'temperature.returnAir', t0)).toBe(24);
      // The broker spread them over the server's two connections and the two other processes' four.
      expect(handled[0]).toBeGreaterThan(0);
      expect(handled[1]).toBeGreaterThan(0);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  });

  it('leaves a message it could not store with the broker, which sends it again: stored once', async () => {
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const deps = agentMessageDeps({ ...server, db: server.database.db, log });
    let failures = 1;
    const flaky = await startAgentMqttIngest(
      {
        url: MQTT_URL,
        topicPrefix: `${prefix}-retry`,
        shareGroup: group,
        connections: 1,
        processName: 'flaky',
      },
      {
        ...deps,
        writer: {
          ...deps.writer,
          write: (points, options) => {
            if (failures-- > 0) return Promise.reject(new Error('the store is away'));
            return deps.writer.write(points, options);
          },
        },
      },
      log,
    );
    try {
      const t0 = recentHour() - 4 * 3_600_000;
      const reply = await send(
        fleet.ids.agentA1,
        'telemetry',
        telemetry(fleet.agentKeyA, 'retried-batch', [
          { assetId: fleet.ids.unitA2, alias: 'temperature.supplyAir', ts: t0 + 1, value: 21 },
        ]),
        `${prefix}-retry`,
      );
      expect(failures).toBeLessThan(0);
      expect(reply).toMatchObject({ batchId: 'retried-batch', accepted: 1, duplicate: false });
      expect(await rawCount(fleet.ids.unitA2, 'temperature.supplyAir', t0)).toBe(1);
    } finally {
      await flaky.close();
    }
  });
});
