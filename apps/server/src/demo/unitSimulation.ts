import { DEVICE_STATUS_BITS } from '@kelvin/domain';
import type { MetricDefinition } from './metricCatalogue.ts';
import { enumValues } from './metricEnums.ts';

/** Point statuses the demo uses, as device status bits: a good reading (the spec's default 1), alarm, fault. */
export const DEMO_STATUS = {
  ok: DEVICE_STATUS_BITS.OK,
  inAlarm: DEVICE_STATUS_BITS.ALARM | DEVICE_STATUS_BITS.UNACKNOWLEDGED_ALARM,
  sensorFailure: DEVICE_STATUS_BITS.FAULT,
} as const;

/** What a fault does to a unit: the metrics it pushes, and where. */
interface FaultEffect {
  alias: string;
  offset?: number;
  set?: number;
  status: number;
}

const FAULT_EFFECTS: Record<number, FaultEffect[]> = {
  101: [{ alias: 'temperature.supplyAir', offset: 7, status: DEMO_STATUS.inAlarm }],
  102: [{ alias: 'temperature.supplyAir', offset: -6, status: DEMO_STATUS.inAlarm }],
  103: [{ alias: 'temperature.returnAir', offset: 9, status: DEMO_STATUS.inAlarm }],
  201: [{ alias: 'humidity.return', offset: 28, status: DEMO_STATUS.inAlarm }],
  202: [{ alias: 'humidity.return', offset: -27, status: DEMO_STATUS.inAlarm }],
  301: [{ alias: 'compressor.1.dischargePressure', offset: 160, status: DEMO_STATUS.inAlarm }],
  302: [{ alias: 'compressor.1.suctionPressure', offset: -70, status: DEMO_STATUS.inAlarm }],
  401: [
    { alias: 'fan.1.state', set: 3, status: DEMO_STATUS.inAlarm },
    { alias: 'fan.1.speed', set: 0, status: DEMO_STATUS.inAlarm },
  ],
  402: [{ alias: 'airflow.supply', offset: -15_000, status: DEMO_STATUS.inAlarm }],
  501: [{ alias: 'leak.zone.1.detected', set: 1, status: DEMO_STATUS.inAlarm }],
  601: [{ alias: 'chilledWater.flow', offset: -3.5, status: DEMO_STATUS.inAlarm }],
  701: [{ alias: 'pressure.filterDifferential', offset: 0.9, status: DEMO_STATUS.inAlarm }],
  801: [{ alias: 'power.total', set: 0, status: DEMO_STATUS.inAlarm }],
  901: [{ alias: 'temperature.supplyAir', set: -40, status: DEMO_STATUS.sensorFailure }],
};
const FAULT_CODES = Object.keys(FAULT_EFFECTS).map(Number);

/** Rates per unit per hour: a fault every few hours somewhere in a hall, a silent spell now and then. */
const FAULTS_PER_HOUR = 0.25;
const GAPS_PER_HOUR = 0.12;
/** A fixed origin for counters, so that backfill and live values agree on run hours and energy. */
const COUNTER_ORIGIN = Date.UTC(2024, 0, 1);

export interface SimulatedPoint {
  alias: string;
  value: number | boolean | string;
  status: number;
  /** USER while an operator's override holds the value. */
  overrideType?: 'USER';
}

/** A set or override from the console, as the unit's agent receives it. */
export interface UnitCommand {
  alias: string;
  action: 'set' | 'override';
  value: number | string | boolean;
  durationMinutes: number | null;
}

export interface UnitSimulation {
  /** True while the unit is in a communication gap: the agent sends nothing for it. */
  silent(now: number): boolean;
  /** Advances the unit to `now` and reads every metric once. */
  sample(now: number, options?: { includeText?: boolean }): SimulatedPoint[];
  /**
   * Advances the unit to `now` as sample does, without reading: reading draws no random numbers, so a replay of a
   * seeded history by skips reaches the very state its samples would, at a fraction of the cost.
   */
  skip(now: number): void;
  /**
   * Acts on a command like a controller: a set moves a setpoint or a mode for good, an override holds a value
   * (status OVERRIDDEN, override USER) until its duration ends. Answers why it refused, or null when applied.
   */
  apply(command: UnitCommand, now: number): string | null;
  /** Starts a fault of `code` at `at` for `minutes` (unless one is active then): a demo's first minutes show one. */
  scheduleFault(code: number, at: number, minutes: number): void;
  /**
   * Ends a silent spell at `now`: a unit whose replayed history ends in one is heard as soon as its agent starts
   * streaming, rather than minutes into the demo.
   */
  resume(now: number): void;
}

function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

function roundFor(spread: number, value: number): number {
  const decimals = spread >= 1 ? 1 : spread >= 0.1 ? 2 : spread >= 0.01 ? 3 : 4;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** The component a metric belongs to (fan.2.speed → fan.2), for "no speed while stopped". */
function componentOf(alias: string): string | null {
  const match = /^(fan|compressor|pump)\.(\d+)\./.exec(alias);
  return match ? `${match[1] ?? ''}.${match[2] ?? ''}` : null;
}
const STOPPED_READINGS = /\.(speed|rpm|current|power)$/;

/**
 * One unit's behaviour: mean-reverting random walks around their centres with a daily swing, step changes for
 * states, faults that raise alarms and push the affected readings (with status bits), a filter that slowly clogs,
 * and communication gaps of a few minutes. Each unit has its own offsets, so a fleet does not move in lockstep.
 */
export function createUnitSimulation(
  unit: { assetId: number; serialNumber: string; model: string },
  metrics: readonly MetricDefinition[],
  start: number,
  random: () => number = Math.random,
): UnitSimulation {
  const offsets = new Map<string, number>();
  const values = new Map<string, number>();
  const states = new Map<string, number>();
  const phase = random() * 2 * Math.PI;
  let bootAt = start - random() * 40 * 86_400_000;
  let fault: { code: number; until: number } | null = null;
  let scheduled: { code: number; at: number; minutes: number } | null = null;
  let silentUntil = 0;
  let last = start;
  /** Setpoints and modes an operator set: they replace the catalogue's value or normal state for good. */
  const setValues = new Map<string, number>();
  const overrides = new Map<string, { value: number | string | boolean; until: number }>();
  const byAlias = new Map(metrics.map((metric) => [metric.alias, metric]));

  /** Where a walk is drawn to at `now`: its centre and offset, a daily swing, and for the filter its clog. */
  const targetOf = (alias: string, b: { center: number; spread: number }, now: number): number => {
    const daily = Math.sin((2 * Math.PI * now) / 86_400_000 + phase) * b.spread;
    const clog = alias === 'pressure.filterDifferential' ? ((now - bootAt) / 86_400_000) * 0.01 : 0;
    return b.center + (offsets.get(alias) ?? 0) + daily + clog;
  };

  for (const metric of metrics) {
    const b = metric.behaviour;
    if (b.kind === 'walk') {
      const offset = (random() - 0.5) * b.spread * 2;
      offsets.set(metric.alias, offset);
      // Settled from the start: a unit starting away from its target would drift towards it in its first
      // minutes, which a rate rule reads as a jump (the filter's weeks of clog).
      values.set(metric.alias, targetOf(metric.alias, b, start));
    }
    if (b.kind === 'state') states.set(metric.alias, b.normal);
  }

  const advance = (now: number): void => {
    const hours = Math.max(0, now - last) / 3_600_000;
    last = now;
    if (fault && now >= fault.until) fault = null;
    if (scheduled && now >= scheduled.at) {
      fault ??= { code: scheduled.code, until: scheduled.at + scheduled.minutes * 60_000 };
      scheduled = null;
    }
    if (!fault && random() < FAULTS_PER_HOUR * hours) {
      const code = FAULT_CODES[Math.floor(random() * FAULT_CODES.length)] ?? 101;
      fault = { code, until: now + (5 + random() * 25) * 60_000 };
      if (code === 801) bootAt = now; // a power failure restarts the controller
    }
    if (now >= silentUntil && random() < GAPS_PER_HOUR * hours) {
      silentUntil = now + (2 + random() * 6) * 60_000;
    }
    const steps = Math.max(1, hours * 360); // the walk is tuned for 10 s steps
    const pull = 1 - 0.95 ** steps;
    const noise = 0.15 * Math.sqrt(steps);
    for (const metric of metrics) {
      const b = metric.behaviour;
      if (b.kind === 'walk') {
        const target = targetOf(metric.alias, b, now);
        const current = values.get(metric.alias) ?? target;
        const next = current + (target - current) * pull + gaussian(random) * b.spread * noise;
        values.set(metric.alias, Math.min(b.max ?? Infinity, Math.max(b.min ?? -Infinity, next)));
      } else if (b.kind === 'state') {
        const normal = setValues.get(metric.alias) ?? b.normal;
        const current = states.get(metric.alias) ?? normal;
        // Away from normal, a state comes back ten times faster than it left; a mode an operator set stays.
        const rate = setValues.has(metric.alias)
          ? 0
          : current === normal
            ? b.changesPerHour
            : b.changesPerHour * 10 + 2;
        if (random() < rate * hours) {
          const options = enumValues(b.enumName).filter((value) => value !== current);
          const next = current !== normal ? normal : options[Math.floor(random() * options.length)];
          states.set(metric.alias, next ?? normal);
        }
      }
    }
  };

  const read = (metric: MetricDefinition, now: number): SimulatedPoint | null => {
    const b = metric.behaviour;
    const status = DEMO_STATUS.ok;
    switch (b.kind) {
      case 'walk': {
        const component = componentOf(metric.alias);
        const stopped =
          component !== null &&
          STOPPED_READINGS.test(metric.alias) &&
          (states.get(`${component}.state`) ?? 1) !== 1;
        return {
          alias: metric.alias,
          value: stopped ? 0 : roundFor(b.spread, values.get(metric.alias) ?? b.center),
          status,
        };
      }
      case 'setpoint':
        return { alias: metric.alias, value: setValues.get(metric.alias) ?? b.value, status };
      case 'state':
        return { alias: metric.alias, value: states.get(metric.alias) ?? b.normal, status };
      case 'flag':
        return { alias: metric.alias, value: fault !== null && b.faultCodes.includes(fault.code), status };
      case 'counter':
        return {
          alias: metric.alias,
          value: Math.round(b.start + (b.perHour * (now - COUNTER_ORIGIN)) / 3_600_000),
          status,
        };
      case 'version':
        return { alias: metric.alias, value: b.value, status };
      case 'uptime':
        return { alias: metric.alias, value: Math.round((now - bootAt) / 1000), status };
      case 'text':
        return { alias: metric.alias, value: b.value === 'serial' ? unit.serialNumber : unit.model, status };
      // A controller's alarm points are themselves in alarm while a fault is active: what metric-status rules read.
      case 'alarmCode':
        return { alias: metric.alias, value: fault?.code ?? 0, status: fault ? DEMO_STATUS.inAlarm : status };
      case 'alarmLevel':
        return {
          alias: metric.alias,
          value: fault ? ([501, 801].includes(fault.code) ? 3 : 2) : 0,
          status: fault ? DEMO_STATUS.inAlarm : status,
        };
      case 'alarmCount':
        return { alias: metric.alias, value: fault ? 1 : 0, status: fault ? DEMO_STATUS.inAlarm : status };
    }
  };

  /** An override in force replaces the reading; an ended one is forgotten. */
  const overridden = (point: SimulatedPoint, now: number): SimulatedPoint => {
    const override = overrides.get(point.alias);
    if (!override) return point;
    if (now >= override.until) {
      overrides.delete(point.alias);
      return point;
    }
    return {
      alias: point.alias,
      value: override.value,
      status: DEMO_STATUS.ok | DEVICE_STATUS_BITS.OVERRIDDEN,
      overrideType: 'USER',
    };
  };

  const apply = (command: UnitCommand, now: number): string | null => {
    const metric = byAlias.get(command.alias);
    if (!metric) return `This unit has no ${command.alias}.`;
    if (command.action === 'override') {
      overrides.set(command.alias, {
        value: command.value,
        until: now + (command.durationMinutes ?? 0) * 60_000,
      });
      return null;
    }
    const kind = metric.behaviour.kind;
    if ((kind !== 'setpoint' && kind !== 'state') || typeof command.value !== 'number') {
      return `${metric.name} cannot be set on this unit.`;
    }
    setValues.set(command.alias, command.value);
    if (kind === 'state') states.set(command.alias, command.value);
    return null;
  };

  return {
    apply,
    scheduleFault(code, at, minutes) {
      scheduled = { code, at, minutes };
    },
    resume(now) {
      silentUntil = Math.min(silentUntil, now);
    },
    silent: (now) => now < silentUntil,
    skip: advance,
    sample(now, options = {}) {
      advance(now);
      const points: SimulatedPoint[] = [];
      const effects = new Map(
        (fault ? (FAULT_EFFECTS[fault.code] ?? []) : []).map((effect) => [effect.alias, effect]),
      );
      for (const metric of metrics) {
        if (metric.behaviour.kind === 'text' && !options.includeText) continue;
        const point = read(metric, now);
        if (!point) continue;
        const effect = effects.get(metric.alias);
        if (effect && typeof point.value === 'number') {
          point.value = effect.set ?? point.value + (effect.offset ?? 0);
          point.status = effect.status;
        } else if (effect && typeof point.value === 'boolean') {
          point.value = effect.set === 1;
          point.status = effect.status;
        }
        points.push(overridden(point, now));
      }
      return points;
    },
  };
}
