import { DEVICE_STATUS_BITS, type DeviceStatusBit } from '../assets/statusBits.ts';

/** Spec problem levels, worst first. */
export type Level = 'CRITICAL' | 'WARNING' | 'INFO';
const LEVEL_RANK: Readonly<Record<Level, number>> = { CRITICAL: 3, WARNING: 2, INFO: 1 };

export function worseLevel(a: Level, b: Level): Level {
  return LEVEL_RANK[a] >= LEVEL_RANK[b] ? a : b;
}

export type WindowAggregation = 'AVERAGE' | 'MAX' | 'MIN';

/** The readings of one metric of one asset inside a rule's window, oldest first. */
export interface WindowSeries {
  timestamps: readonly number[];
  values: readonly (number | null)[];
  statuses: readonly number[];
}

/**
 * What one evaluation of a rule on an asset found. `breach` null means the window held nothing to judge by (a gap):
 * it neither opens an alert nor counts toward recovery.
 */
export interface Verdict {
  breach: boolean | null;
  /** The level of a breach (the rule's impact level, or the threshold group's limit that was crossed). */
  level: Level;
  /** The value judged (an aggregate, a rate, a status, minutes of silence), for the alert's first/last values. */
  value: number | null;
}

const unknown = (level: Level): Verdict => ({ breach: null, level, value: null });

/** AVERAGE, MAX or MIN of the numeric values; null with none. */
export function aggregateWindow(
  values: readonly (number | null)[],
  aggregation: WindowAggregation,
): number | null {
  let count = 0;
  let sum = 0;
  let max = -Infinity;
  let min = Infinity;
  for (const value of values) {
    if (value === null || !Number.isFinite(value)) continue;
    count++;
    sum += value;
    if (value > max) max = value;
    if (value < min) min = value;
  }
  if (count === 0) return null;
  if (aggregation === 'MAX') return max;
  if (aggregation === 'MIN') return min;
  return sum / count;
}

/** A metric's limits from a threshold group (any may be unset). */
export interface GroupLimits {
  criticalLow: number | null;
  warningLow: number | null;
  warningHigh: number | null;
  criticalHigh: number | null;
}

export type ThresholdLimits =
  | { source: 'THRESHOLD_GROUP'; group: GroupLimits | null }
  | { source: 'FIXED'; above: number | null; below: number | null };

/**
 * A window aggregate against limits. From a threshold group: past a critical limit is CRITICAL, past a warning limit
 * WARNING, capped at the rule's impact level (a rule made INFO stays INFO whatever the group says). Fixed limits
 * breach at the rule's impact level. An asset whose group sets no limit for the metric cannot breach.
 */
export function thresholdVerdict(value: number | null, limits: ThresholdLimits, impactLevel: Level): Verdict {
  if (value === null) return unknown(impactLevel);
  if (limits.source === 'FIXED') {
    const breach =
      (limits.above !== null && value > limits.above) || (limits.below !== null && value < limits.below);
    return { breach, level: impactLevel, value };
  }
  const group = limits.group;
  if (group === null) return { breach: false, level: impactLevel, value };
  const past = (high: number | null, low: number | null) =>
    (high !== null && value > high) || (low !== null && value < low);
  const cap = (level: Level): Level => (LEVEL_RANK[level] > LEVEL_RANK[impactLevel] ? impactLevel : level);
  if (past(group.criticalHigh, group.criticalLow)) return { breach: true, level: cap('CRITICAL'), value };
  if (past(group.warningHigh, group.warningLow)) return { breach: true, level: cap('WARNING'), value };
  return { breach: false, level: impactLevel, value };
}

/** Any reading of the window carrying one of the watched status bits; the value is the last such status. */
export function metricStatusVerdict(
  series: WindowSeries,
  watched: readonly DeviceStatusBit[],
  impactLevel: Level,
): Verdict {
  if (series.statuses.length === 0) return unknown(impactLevel);
  const mask = watched.reduce((bits, name) => bits | DEVICE_STATUS_BITS[name], 0);
  let found: number | null = null;
  for (const status of series.statuses) if (status >= 0 && (status & mask) !== 0) found = status;
  return { breach: found !== null, level: impactLevel, value: found ?? series.statuses.at(-1) ?? null };
}

/**
 * VALUE: the metric took more than one value in the window (an enum or mode that changed). RATE: from the first to
 * the last reading it moved faster than `maxChangePerMinute`; the value is the rate per minute.
 */
export function changeVerdict(
  series: WindowSeries,
  mode: 'VALUE' | 'RATE',
  maxChangePerMinute: number | null,
  impactLevel: Level,
): Verdict {
  const points: { ts: number; value: number }[] = [];
  series.values.forEach((value, index) => {
    const ts = series.timestamps[index];
    if (value !== null && Number.isFinite(value) && ts !== undefined) points.push({ ts, value });
  });
  const first = points[0];
  const last = points.at(-1);
  if (first === undefined || last === undefined) return unknown(impactLevel);
  if (mode === 'VALUE') {
    const changed = points.some((point) => point.value !== first.value);
    return { breach: changed, level: impactLevel, value: last.value };
  }
  if (points.length < 2 || last.ts === first.ts) return unknown(impactLevel);
  const perMinute = ((last.value - first.value) / (last.ts - first.ts)) * 60_000;
  const breach = maxChangePerMinute !== null && Math.abs(perMinute) > maxChangePerMinute;
  return { breach, level: impactLevel, value: perMinute };
}

/**
 * Silent for the whole window: no reading (or agent call) since `now - windowMs`. Never heard from counts as
 * silent. The value is the minutes of silence (null when never heard from).
 */
export function silenceVerdict(
  lastSeenAt: number | undefined,
  now: number,
  windowMs: number,
  impactLevel: Level,
): Verdict {
  if (lastSeenAt === undefined) return { breach: true, level: impactLevel, value: null };
  const silentMs = Math.max(0, now - lastSeenAt);
  return { breach: silentMs >= windowMs, level: impactLevel, value: silentMs / 60_000 };
}

/** A QUERY rule's computed value against its threshold. */
export function comparisonVerdict(
  value: number | null,
  comparison: 'ABOVE' | 'BELOW',
  threshold: number,
  impactLevel: Level,
): Verdict {
  if (value === null || !Number.isFinite(value)) return unknown(impactLevel);
  const breach = comparison === 'ABOVE' ? value > threshold : value < threshold;
  return { breach, level: impactLevel, value };
}
