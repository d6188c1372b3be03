import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestResultSchema } from '@kelvin/contract';
import { findAgentByKey } from '../../http/authenticateAgent.ts';
import { serviceAvailable } from '../../testing/serviceAvailable.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildLogsFleet, type LogsFleet } from '../deviceLogs/deviceLogsTestFixture.ts';
import { recentHour } from '../telemetry/telemetryTestFixture.ts';
import { agentTopic } from './agentTopics.ts';

const MOSQUITTO = '/usr/sbin/mosquitto';
const available = await serviceAvailable('mosquitto (the broker binary)', MOSQUITTO, () =>
  existsSync(MOSQUITTO) ? Promise.resolve() : Promise.reject(new Error('not installed')),
);

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * The deployment recipe of the README, on a broker of the test's own: each agent signs in to the broker with its
 * own credentials (user name: its asset id) and may write only its own topics; the server has a user of its own.
 */
describe.skipIf(!available)('agents over MQTT behind a broker’s credentials and access list', () => {
  const prefix = 'kelvin';
  const dir = mkdtempSync(path.join(tmpdir(), 'kelvin-mosquitto-'));
  let broker: ChildProcess;
  let port: number;
  let server: TestServer;
  let fleet: LogsFleet;
  let agentB: number;
  const passwords = { server: randomBytes(8).toString('hex'), agent: randomBytes(8).toString('hex') };

  beforeAll(async () => {
    // Started as root, mosquitto drops to its own user, which must read the files.
    chmodSync(dir, 0o755);
    port = await freePort();
    const passwordFile = path.join(dir, 'passwords');
    writeFileSync(
      path.join(dir, 'acl'),
      [
        'user kelvin-server',
        `topic read ${prefix}/agents/+/telemetry`,
        `topic read ${prefix}/agents/+/deviceLogs`,
        `topic write ${prefix}/agents/+/replies`,
        '',
        `pattern write ${prefix}/agents/%u/telemetry`,
        `pattern write ${prefix}/agents/%u/deviceLogs`,
        `pattern read ${prefix}/agents/%u/replies`,
        '',
      ].join('\n'),
    );
    writeFileSync(
      path.join(dir, 'mosquitto.conf'),
      [
        `listener ${String(port)} 127.0.0.1`,
        'allow_anonymous false',
        `password_file ${passwordFile}`,
        `acl_file ${path.join(dir, 'acl')}`,
        'persistence false',
        '',
      ].join('\n'),
    );
    execFileSync('mosquitto_passwd', ['-b', '-c', passwordFile, 'kelvin-server', passwords.server]);
    broker = spawn(MOSQUITTO, ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    await brokerAnswers();
    server = await startTestServer({
      env: {
        MQTT_URL: `mqtt://kelvin-server:${passwords.server}@127.0.0.1:${String(port)}`,
        MQTT_TOPIC_PREFIX: prefix,
        MQTT_CONNECTIONS: '1',
      },
    });
    fleet = await buildLogsFleet(server.database.db);
    agentB = (await findAgentByKey(server.database.db, fleet.agentKeyB))?.agentAssetId ?? 0;
    // The agent's credentials, read by the broker on SIGHUP as an operator would add them.
    execFileSync('mosquitto_passwd', ['-b', passwordFile, String(fleet.ids.agentA1), passwords.agent]);
    broker.kill('SIGHUP');
  });
  afterAll(async () => {
    await server.close();
    broker.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Waits until the broker takes the server user's sign-in. */
  async function brokerAnswers(): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        const probe = await connectAsync(`mqtt://127.0.0.1:${String(port)}`, {
          username: 'kelvin-server',
          password: passwords.server,
          reconnectPeriod: 0,
          connectTimeout: 500,
        });
        await probe.endAsync();
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    throw new Error('the test broker did not start');
  }

  const agentClient = (username: string, password: string): Promise<MqttClient> =>
    connectAsync(`mqtt://127.0.0.1:${String(port)}`, {
      protocolVersion: 5,
      username,
      password,
      reconnectPeriod: 0,
    });

  it('lets an agent write its own topics and read its replies, and nobody else’s', async () => {
    await expect(agentClient(String(fleet.ids.agentA1), 'wrong-password')).rejects.toThrow();
    // The broker reads the new password file shortly after SIGHUP.
    let agent: MqttClient | undefined;
    await expect
      .poll(async () => {
        agent = await agentClient(String(fleet.ids.agentA1), passwords.agent).catch(() => undefined);
        return agent !== undefined;
      })
      .toBe(true);
    if (!agent) return;
    try {
      const replies: unknown[] = [];
      agent.on('message', (_topic, payload) => replies.push(JSON.parse(payload.toString())));
      await agent.subscribeAsync(agentTopic(prefix, fleet.ids.agentA1, 'replies'), { qos: 1 });
      const t0 = recentHour();
      const batch = (batchId: string) =>
        JSON.stringify({
          agentKey: fleet.agentKeyA,
          batchId,
          points: [{ assetId: fleet.ids.unitA1, alias: 'temperature.supplyAir', ts: t0 + 1, value: 20 }],
        });
      // Another agent's topic: the broker refuses the publish (MQTT 5 reason code 135, not authorised).
      await expect(
        agent.publishAsync(agentTopic(prefix, agentB, 'telemetry'), batch('acl-other-1'), { qos: 1 }),
      ).rejects.toThrow(/135|[Nn]ot authori[sz]ed/);
      await agent.publishAsync(agentTopic(prefix, fleet.ids.agentA1, 'telemetry'), batch('acl-own-1'), {
        qos: 1,
      });
      await expect.poll(() => replies.length, { timeout: 10_000 }).toBe(1);
      expect(ingestResultSchema.parse(replies[0])).toMatchObject({ batchId: 'acl-own-1', accepted: 1 });
    } finally {
      await agent.endAsync();
    }
  });
});
