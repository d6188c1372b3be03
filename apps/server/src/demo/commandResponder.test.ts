import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricCommandSchema, metricCommandsEndpoints, metricsEndpoints } from '@kelvin/contract';
import { DEVICE_STATUS_BITS } from '@kelvin/domain';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { apiAs } from '../modules/assets/assetsTestFixture.ts';
import { buildCommandsFleet, type CommandsFleet } from '../modules/commands/commandsTestFixture.ts';
import { startCommandResponder } from './commandResponder.ts';
import { issueDemoAgentKeys } from './demoAgentKeys.ts';
import { DEMO_METRICS } from './metricCatalogue.ts';
import { createUnitSimulation, type UnitSimulation } from './unitSimulation.ts';

const HOUR = 3_600_000;
/**
 * The demo agent takes a command when its long poll is woken (at once) or re-reads the queue (every second), and
 * tries again 2 s after a failed poll; the applied reading is then sent at once. A few of those cycles on a
 * loaded machine, well past vitest's 1 s default.
 */
const APPLIED_TIMEOUT_MS = 10_000;

describe('a simulated unit acting on commands', () => {
  const unit = { assetId: 1, serialNumber: 'KT19-1', model: 'CW-400' };
  const read = (simulation: UnitSimulation, alias: string, now: number) =>
    simulation.sample(now).find((point) => point.alias === alias);

  it('keeps a set setpoint and mode for good', () => {
    const simulation = createUnitSimulation(unit, DEMO_METRICS, 0);
    expect(
      simulation.apply(
        { alias: 'temperature.supplyAirSetpoint', action: 'set', value: 21, durationMinutes: null },
        0,
      ),
    ).toBeNull();
    expect(
      simulation.apply({ alias: 'status.unitMode', action: 'set', value: 3, durationMinutes: null }, 0),
    ).toBeNull();
    for (const at of [60_000, 6 * HOUR, 48 * HOUR]) {
      expect(read(simulation, 'temperature.supplyAirSetpoint', at)?.value).toBe(21);
      expect(read(simulation, 'status.unitMode', at)?.value).toBe(3);
    }
  });

  it('holds an override, marked USER and OVERRIDDEN, until its duration ends', () => {
    const simulation = createUnitSimulation(unit, DEMO_METRICS, 0);
    simulation.apply({ alias: 'fan.1.speed', action: 'override', value: 100, durationMinutes: 30 }, 0);
    expect(read(simulation, 'fan.1.speed', 29 * 60_000)).toEqual({
      alias: 'fan.1.speed',
      value: 100,
      status: DEVICE_STATUS_BITS.OK | DEVICE_STATUS_BITS.OVERRIDDEN,
      overrideType: 'USER',
    });
    const after = read(simulation, 'fan.1.speed', 31 * 60_000);
    expect(after?.overrideType).toBeUndefined();
    expect(after?.status).not.toBe(DEVICE_STATUS_BITS.OK | DEVICE_STATUS_BITS.OVERRIDDEN);
  });

  it('refuses what it cannot do, with a reason', () => {
    const simulation = createUnitSimulation(unit, DEMO_METRICS, 0);
    expect(
      simulation.apply({ alias: 'temperature.supplyAir', action: 'set', value: 5, durationMinutes: null }, 0),
    ).toBe('Supply air temperature cannot be set on this unit.');
    expect(simulation.apply({ alias: 'no.such', action: 'set', value: 5, durationMinutes: null }, 0)).toBe(
      'This unit has no no.such.',
    );
  });
});

describe('the demo agents answering commands over the API', () => {
  let server: TestServer;
  let fleet: CommandsFleet;
  let stopResponder: () => Promise<void>;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildCommandsFleet(server.database.db);
    const agents = await issueDemoAgentKeys(server.database.db);
    const simulations = new Map(
      agents
        .flatMap((agent) => agent.units)
        .map((u) => [u.assetId, createUnitSimulation(u, DEMO_METRICS, Date.now())]),
    );
    const responder = startCommandResponder({
      baseUrl: server.url,
      log: server.app.log,
      agents,
      simulationOf: (assetId) => simulations.get(assetId),
      sendPoints: async (agent, points) => {
        const response = await fetch(`${server.url}/api/telemetry.ingest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-agent-key': agent.key },
          body: JSON.stringify({ points }),
        });
        expect(response.status).toBe(200);
      },
    });
    stopResponder = () => responder.stop();
  });
  afterAll(async () => {
    await stopResponder();
    await server.close();
  });

  it('applies a set point and reports the new value', async () => {
    const api = apiAs(server);
    const created = await api(fleet.users.adminA, 'POST', '/metrics.commands.create', {
      assetId: fleet.ids.unitA1,
      metricId: fleet.metrics.setpoint,
      action: 'set',
      value: 22.5,
      reason: 'Trial',
    });
    const { commandId } = metricCommandSchema.parse(created.body);
    await expect
      .poll(
        async () => {
          const listed = await api(fleet.users.adminA, 'POST', '/metrics.commands.list', {
            assetId: fleet.ids.unitA1,
          });
          return metricCommandsEndpoints.metricCommandsList.output
            .parse(listed.body)
            .find((c) => c.commandId === commandId)?.state;
        },
        { timeout: APPLIED_TIMEOUT_MS },
      )
      .toBe('APPLIED');
    await expect
      .poll(
        async () => {
          const last = await api(fleet.users.adminA, 'POST', '/assets/metrics/lastValue', {
            assetIds: [fleet.ids.unitA1],
            metricIds: [fleet.metrics.setpoint],
          });
          const answer = metricsEndpoints.lastValues.output.parse(last.body);
          return answer[fleet.metrics.setpoint]?.[fleet.ids.unitA1]?.value;
        },
        { timeout: APPLIED_TIMEOUT_MS },
      )
      .toBe(22.5);
  });
});
