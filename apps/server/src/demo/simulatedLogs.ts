import type { LogFields, LogLevel, LogRecordInput } from '@kelvin/contract';
import type { DemoUnitRef } from './demoAgentKeys.ts';
import { DEMO_METRICS } from './metricCatalogue.ts';
import { DEMO_METRIC_ENUMS } from './metricEnums.ts';
import type { SimulatedPoint, UnitCommand, UnitSimulation } from './unitSimulation.ts';

/** Routine lines per unit per hour: poll statistics, slow registers, hourly summaries, the odd raw frame. */
const ROUTINE_PER_HOUR = { pollStats: 6, slowRegister: 0.8, frame: 0.5 } as const;
const HOUR_MS = 3_600_000;
/** Faults that stop the unit or flood the floor are FATAL; every other alarm is an ERROR. */
const FATAL_ALARMS = new Set([501, 801]);

const metricByAlias = new Map(DEMO_METRICS.map((metric) => [metric.alias, metric]));
const alarmLabels: Record<string, string> = DEMO_METRIC_ENUMS.alarmCode;

/** Metrics whose every change is worth a line: component states, the unit's mode, control source, filter. */
function watchesState(alias: string): boolean {
  return (
    /^(fan|compressor|pump)\.\d+\.state$/.test(alias) ||
    alias === 'status.unitMode' ||
    alias === 'status.controlSource' ||
    alias === 'filter.condition'
  );
}

function stateLabel(alias: string, value: SimulatedPoint['value']): string {
  const enumName = metricByAlias.get(alias)?.enumName;
  const labels: Record<string, string> | undefined = enumName ? DEMO_METRIC_ENUMS[enumName] : undefined;
  return labels?.[String(value)] ?? String(value);
}

function withUnits(alias: string, value: SimulatedPoint['value']): string {
  const units = metricByAlias.get(alias)?.units;
  return units ? `${String(value)} ${units}` : String(value);
}

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * Watches one simulated unit and writes what a real controller and its agent log: the agent connecting, controller
 * start-ups (uptime falling back), alarms raised and cleared (with how long they lasted), component state and mode
 * changes, set points and overrides from console commands, communication drops and their recovery, and routine
 * Modbus chatter. Lines carry the time of the sample that showed them, so a backfill writes history.
 */
export function watchUnitForLogs(
  unit: DemoUnitRef,
  inner: UnitSimulation,
  emit: (record: LogRecordInput) => void,
  random: () => number = Math.random,
): UnitSimulation {
  const last = new Map<string, SimulatedPoint['value']>();
  let lastSampleAt: number | null = null;
  let alarm: { code: number; since: number } | null = null;
  let silentSince: number | null = null;
  const line = (ts: number, level: LogLevel, source: string, message: string, fields?: LogFields) =>
    emit({ assetId: unit.assetId, ts, level, source, message, ...(fields ? { fields } : {}) });
  // After a long gap (a silent spell) a routine line is due at least once, not several times.
  const chance = (perHour: number, elapsedMs: number) =>
    random() < Math.min(1, (perHour * elapsedMs) / HOUR_MS);

  const started = (ts: number, points: readonly SimulatedPoint[]) => {
    const firmware = points.find((point) => point.alias === 'system.firmwareVersion')?.value;
    line(ts, 'INFO', 'controller', `Controller boot completed (${unit.model}, serial ${unit.serialNumber})`, {
      ...(firmware === undefined ? {} : { firmware: String(firmware) }),
    });
    line(ts + 1, 'INFO', 'controller', 'Configuration loaded: 6 EC fans, 4 compressors, 3 pumps');
    line(ts + 2, 'DEBUG', 'modbus', 'Modbus TCP server listening on port 502');
    line(ts + 3, 'INFO', 'compressor.1', 'Compressor 1 start requested; anti-cycle delay 180 s', {
      delaySeconds: 180,
    });
  };

  const compare = (ts: number, points: readonly SimulatedPoint[]) => {
    const value = (alias: string) => points.find((point) => point.alias === alias)?.value;
    const uptime = value('system.uptime');
    const previousUptime = last.get('system.uptime');
    if (typeof uptime === 'number' && typeof previousUptime === 'number' && uptime < previousUptime)
      started(ts - uptime * 1000, points);
    const code = Number(value('alarm.activeCode') ?? 0);
    if (alarm && alarm.code !== code) {
      line(
        ts,
        'INFO',
        'alarm',
        `Alarm ${alarm.code} cleared: ${alarmLabels[alarm.code] ?? 'unknown'} (active ${duration(ts - alarm.since)})`,
        { code: alarm.code, activeSeconds: Math.round((ts - alarm.since) / 1000) },
      );
      alarm = null;
    }
    if (code !== 0 && !alarm) {
      alarm = { code, since: ts };
      line(
        ts,
        FATAL_ALARMS.has(code) ? 'FATAL' : 'ERROR',
        'alarm',
        `Alarm ${code} raised: ${alarmLabels[code] ?? 'unknown'}`,
        { code, level: stateLabel('alarm.level', value('alarm.level') ?? 0) },
      );
    }
    for (const point of points) {
      const before = last.get(point.alias);
      if (before === undefined || before === point.value || !watchesState(point.alias)) continue;
      const name = metricByAlias.get(point.alias)?.name ?? point.alias;
      const now = stateLabel(point.alias, point.value);
      const level: LogLevel = /Fault/.test(now)
        ? 'ERROR'
        : /lockout|Dirty|Replace/.test(now)
          ? 'WARN'
          : 'INFO';
      const source =
        point.alias.startsWith('status.') || point.alias.startsWith('filter.')
          ? 'controller'
          : point.alias.replace(/\.state$/, '');
      line(ts, level, source, `${name}: ${stateLabel(point.alias, before)} → ${now}`, {
        from: Number(before),
        to: Number(point.value),
      });
    }
  };

  const routine = (ts: number, elapsedMs: number, points: readonly SimulatedPoint[]) => {
    if (chance(ROUTINE_PER_HOUR.pollStats, elapsedMs))
      line(
        ts,
        'DEBUG',
        'modbus',
        `Poll cycle read ${points.length} registers in ${Math.round(250 + random() * 400)} ms`,
        { registers: points.length },
      );
    if (chance(ROUTINE_PER_HOUR.slowRegister, elapsedMs)) {
      const register = 40_001 + Math.floor(random() * 900);
      line(
        ts,
        'WARN',
        'modbus',
        `Slow response from holding register ${register}: ${(1.2 + random() * 1.5).toFixed(1)} s (retry 1 of 3)`,
        { register, retry: 1 },
      );
    }
    if (chance(ROUTINE_PER_HOUR.frame, elapsedMs))
      line(
        ts,
        'TRACE',
        'modbus',
        `TX 01 03 9C ${Math.floor(random() * 256)
          .toString(16)
          .toUpperCase()
          .padStart(2, '0')} 00 0A`,
      );
    if (lastSampleAt !== null && Math.floor(ts / HOUR_MS) !== Math.floor(lastSampleAt / HOUR_MS)) {
      const reading = (alias: string) =>
        withUnits(alias, points.find((point) => point.alias === alias)?.value ?? '-');
      line(
        ts,
        'INFO',
        'controller',
        `Hourly summary: supply air ${reading('temperature.supplyAir')}, return air ${reading('temperature.returnAir')}, return humidity ${reading('humidity.return')}`,
      );
    }
  };

  const command = (command: UnitCommand, now: number, refusal: string | null) => {
    const name = metricByAlias.get(command.alias)?.name ?? command.alias;
    if (refusal !== null) {
      line(now, 'WARN', 'agent', `Remote command refused: ${refusal}`, { alias: command.alias });
      return;
    }
    if (command.action === 'override') {
      line(
        now,
        'WARN',
        'controller',
        `${name} overridden to ${withUnits(command.alias, command.value)} for ${command.durationMinutes ?? 0} min (remote command)`,
        { alias: command.alias, minutes: command.durationMinutes ?? 0 },
      );
      return;
    }
    const before = last.get(command.alias);
    const from =
      before === undefined
        ? ''
        : ` from ${watchesState(command.alias) ? stateLabel(command.alias, before) : withUnits(command.alias, before)}`;
    const to = watchesState(command.alias)
      ? stateLabel(command.alias, command.value)
      : withUnits(command.alias, command.value);
    line(now, 'INFO', 'controller', `${name} changed${from} to ${to} (remote command)`, {
      alias: command.alias,
    });
  };

  return {
    scheduleFault: (code, at, minutes) => inner.scheduleFault(code, at, minutes),
    resume: (now) => inner.resume(now),
    skip: (now) => inner.skip(now),
    silent(now) {
      const silent = inner.silent(now);
      if (silent && silentSince === null) {
        silentSince = now;
        line(
          now,
          'WARN',
          'agent',
          `No answer from ${unit.name} controller: Modbus TCP timeout after 3 s, 3 retries; communication lost`,
          { timeoutMs: 3000, retries: 3 },
        );
      } else if (!silent && silentSince !== null) {
        line(
          now,
          'INFO',
          'agent',
          `Communication with ${unit.name} controller restored after ${duration(now - silentSince)}`,
          { downSeconds: Math.round((now - silentSince) / 1000) },
        );
        silentSince = null;
      }
      return silent;
    },
    sample(now, options) {
      const points = inner.sample(now, options);
      if (lastSampleAt === null)
        line(now, 'INFO', 'agent', `Agent connected to ${unit.name} controller (Modbus TCP, unit id 1)`, {
          protocol: 'modbus-tcp',
        });
      else {
        compare(now, points);
        routine(now, now - lastSampleAt, points);
      }
      for (const point of points) last.set(point.alias, point.value);
      lastSampleAt = now;
      return points;
    },
    apply(unitCommand, now) {
      const refusal = inner.apply(unitCommand, now);
      command(unitCommand, now, refusal);
      return refusal;
    },
  };
}
