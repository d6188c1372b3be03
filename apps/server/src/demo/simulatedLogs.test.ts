import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestResultSchema, type LogRecordInput } from '@kelvin/contract';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { buildLogsFleet, postLogs, type LogsFleet } from '../modules/deviceLogs/deviceLogsTestFixture.ts';
import { DEMO_METRICS } from './metricCatalogue.ts';
import { watchUnitForLogs } from './simulatedLogs.ts';
import { createUnitSimulation, type SimulatedPoint, type UnitSimulation } from './unitSimulation.ts';

const unit = { assetId: 7, name: 'AN-CRAH-07', serialNumber: 'KT19-7', model: 'CW-400' };
const MINUTE = 60_000;

/** A unit whose readings and silences the test sets by hand. */
function scriptedUnit() {
  const state: { readings: Map<string, SimulatedPoint['value']>; silent: boolean; refuse: string | null } = {
    readings: new Map(),
    silent: false,
    refuse: null,
  };
  const simulation: UnitSimulation = {
    silent: () => state.silent,
    sample: () => [...state.readings].map(([alias, value]) => ({ alias, value, status: 1 })),
    apply: () => state.refuse,
    scheduleFault: () => {},
    resume: () => {
      state.silent = false;
    },
    skip: () => {},
  };
  return { state, simulation };
}

describe('simulated device logs', () => {
  it('logs the agent connecting, alarms, state changes, drops, start-ups and commands', () => {
    const lines: LogRecordInput[] = [];
    const { state, simulation } = scriptedUnit();
    // No routine chatter (no draw falls below a chance): every line below comes from an event.
    const watched = watchUnitForLogs(
      unit,
      simulation,
      (line) => lines.push(line),
      () => 1,
    );
    const t0 = Date.UTC(2025, 2, 1, 10, 5);
    state.readings = new Map<string, SimulatedPoint['value']>([
      ['alarm.activeCode', 0],
      ['alarm.level', 0],
      ['fan.2.state', 1],
      ['system.uptime', 86_400],
      ['temperature.supplyAirSetpoint', 18],
    ]);
    watched.sample(t0);
    state.readings.set('alarm.activeCode', 401);
    state.readings.set('alarm.level', 2);
    state.readings.set('fan.2.state', 3);
    watched.sample(t0 + MINUTE);
    state.readings.set('alarm.activeCode', 0);
    state.readings.set('fan.2.state', 1);
    watched.sample(t0 + 13 * MINUTE);
    state.silent = true;
    watched.silent(t0 + 14 * MINUTE);
    watched.silent(t0 + 15 * MINUTE);
    state.silent = false;
    watched.silent(t0 + 18 * MINUTE);
    state.readings.set('system.uptime', 30);
    watched.sample(t0 + 19 * MINUTE);
    watched.apply(
      { alias: 'temperature.supplyAirSetpoint', action: 'set', value: 19.5, durationMinutes: null },
      t0 + 20 * MINUTE,
    );
    state.refuse = 'Fan 1 speed cannot be set on this unit.';
    watched.apply(
      { alias: 'fan.1.speed', action: 'set', value: 80, durationMinutes: null },
      t0 + 21 * MINUTE,
    );

    expect(lines.map((line) => [line.ts - t0, line.level, line.source, line.message])).toEqual([
      [0, 'INFO', 'agent', 'Agent connected to AN-CRAH-07 controller (Modbus TCP, unit id 1)'],
      [MINUTE, 'ERROR', 'alarm', 'Alarm 401 raised: Fan failure'],
      [MINUTE, 'ERROR', 'fan.2', 'Fan 2 state: Running → Fault'],
      [13 * MINUTE, 'INFO', 'alarm', 'Alarm 401 cleared: Fan failure (active 12 min 0 s)'],
      [13 * MINUTE, 'INFO', 'fan.2', 'Fan 2 state: Fault → Running'],
      [
        14 * MINUTE,
        'WARN',
        'agent',
        'No answer from AN-CRAH-07 controller: Modbus TCP timeout after 3 s, 3 retries; communication lost',
      ],
      [18 * MINUTE, 'INFO', 'agent', 'Communication with AN-CRAH-07 controller restored after 4 min 0 s'],
      [19 * MINUTE - 30_000, 'INFO', 'controller', 'Controller boot completed (CW-400, serial KT19-7)'],
      [19 * MINUTE - 29_999, 'INFO', 'controller', 'Configuration loaded: 6 EC fans, 4 compressors, 3 pumps'],
      [19 * MINUTE - 29_998, 'DEBUG', 'modbus', 'Modbus TCP server listening on port 502'],
      [19 * MINUTE - 29_997, 'INFO', 'compressor.1', 'Compressor 1 start requested; anti-cycle delay 180 s'],
      [
        20 * MINUTE,
        'INFO',
        'controller',
        'Supply air temperature setpoint changed from 18 °C to 19.5 °C (remote command)',
      ],
      [21 * MINUTE, 'WARN', 'agent', 'Remote command refused: Fan 1 speed cannot be set on this unit.'],
    ]);
    expect(lines[1]?.fields).toEqual({ code: 401, level: 'Alarm' });
    expect(lines[3]?.fields).toEqual({ code: 401, activeSeconds: 720 });
  });

  describe('through the ingestion call', () => {
    let server: TestServer;
    let fleet: LogsFleet;
    beforeAll(async () => {
      server = await startTestServer();
      fleet = await buildLogsFleet(server.database.db);
    });
    afterAll(() => server.close());

    it('writes half a day of a real simulated unit that deviceLogs.ingest accepts in full', async () => {
      const lines: LogRecordInput[] = [];
      const start = Date.now() - 12 * 3_600_000;
      const real = { ...unit, assetId: fleet.ids.unitA1 };
      const watched = watchUnitForLogs(real, createUnitSimulation(real, DEMO_METRICS, start), (line) =>
        lines.push(line),
      );
      for (let ts = start; ts < Date.now(); ts += MINUTE) {
        watched.sample(ts);
        watched.silent(ts);
      }
      // Chatter and events alike: more than one level and source, and every line is a valid record.
      expect(lines.length).toBeGreaterThan(100);
      expect(new Set(lines.map((line) => line.level)).size).toBeGreaterThanOrEqual(4);
      expect(new Set(lines.map((line) => line.source)).size).toBeGreaterThanOrEqual(4);
      const answer = await postLogs(
        server,
        { records: lines },
        { headers: { 'x-agent-key': fleet.agentKeyA } },
      );
      expect(ingestResultSchema.parse(answer.body)).toMatchObject({ accepted: lines.length, rejected: [] });
    });
  });
});
