import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { buildTelemetryFleet } from '../modules/telemetry/telemetryTestFixture.ts';
import { MQTT_TEST_URL, mosquittoAvailable } from '../testing/testServices.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { demoAgentTransport } from './agentTransport.ts';
import { issueDemoAgentKeys } from './demoAgentKeys.ts';
import { startSimulator } from './simulator.ts';

const MQTT_URL = MQTT_TEST_URL;
const available = await mosquittoAvailable();

describe('demo agents’ transport', () => {
  it('asks for MQTT_URL when told to send over MQTT without a broker, and is HTTP by default', async () => {
    await expect(demoAgentTransport({ mqtt: undefined }, { transport: 'mqtt' })).rejects.toThrow(ConfigError);
    await expect(demoAgentTransport({ mqtt: undefined }, { transport: 'http' })).resolves.toBeUndefined();
  });
});

describe.skipIf(!available)('demo simulator over MQTT', () => {
  const mqtt = {
    url: MQTT_URL,
    topicPrefix: `kelvin-sim-${randomBytes(4).toString('hex')}`,
    shareGroup: `sim-${randomBytes(4).toString('hex')}`,
    connections: 2,
  };
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { MQTT_URL, MQTT_TOPIC_PREFIX: mqtt.topicPrefix, MQTT_SHARE_GROUP: mqtt.shareGroup },
    });
    await buildTelemetryFleet(server.database.db);
  });
  afterAll(() => server.close());

  it('streams every demo unit’s first values through the broker', async () => {
    const unitIds = (await issueDemoAgentKeys(server.database.db)).flatMap((agent) =>
      agent.units.map((unit) => unit.assetId),
    );
    const transport = await demoAgentTransport({ mqtt }, { transport: 'mqtt' });
    const simulator = await startSimulator({
      db: server.database.db,
      timeseries: server.timeseries,
      log: server.app.log,
      // Nothing answers here: every batch must go through the broker.
      baseUrl: 'http://127.0.0.1:9',
      options: {
        enabled: true,
        intervalMs: 3_600_000,
        metricsPerUnit: 10,
        backfillUnits: 0,
        transport: 'mqtt',
      },
      transport,
    });
    try {
      await simulator.firstValues;
      expect(unitIds.length).toBeGreaterThan(1);
      expect(server.lastValues.lastSeen(unitIds).size).toBe(unitIds.length);
    } finally {
      await simulator.stop();
      await transport?.close();
    }
  });
});
