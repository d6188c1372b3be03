import {
  convertReading,
  formatMetricValueWithUnits,
  type FormatMetric,
  type MetricReading,
} from '@kelvin/domain';
import { userUnitsProfile } from '../../shared/preferences/displayPreferences.ts';

/** A reading as the comparison sees it: its value and the units it arrived in. */
export interface ComparedReading {
  value: MetricReading;
  units: string | null | undefined;
}

/** How one unit's reading stands against the reference unit's (the first unit picked). */
export type ValueDifference =
  /** Nothing to compare: this unit or the reference has no value. */
  | { kind: 'none' }
  /** Reads the same as the reference (numbers: equal at the metric's decimals). */
  | { kind: 'same' }
  /** A number above or below the reference's, the difference written like the values, e.g. '+1.2 °C'. */
  | { kind: 'higher' | 'lower'; text: string }
  /** An enum, text, flag or version unlike the reference's, or numbers in other units than the reference's. */
  | { kind: 'differs' };

/** Enums and versions are labels, not quantities: their numeric codes have no meaningful difference. */
function isLabelled(metric: FormatMetric | undefined): boolean {
  return (
    metric?.valueType === 'enum' ||
    metric?.displayType === 'enum' ||
    metric?.displayType === 'semantic_version'
  );
}

/** No reading, or one the formatter shows as empty ('-------'). */
const isEmpty = (value: MetricReading) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (typeof value === 'number' && !Number.isFinite(value));
/** '0', '0.0', '0.000': a difference that rounds away at the metric's decimals. */
const ROUNDS_TO_ZERO = /^0(\.0*)?$/;
const MINUS = '\u2212';

/**
 * The difference of a reading from the reference's. Numbers of the same units give the signed difference,
 * rounded and written by the one value formatter; anything else is only equal or not.
 */
export function valueDifference(
  metric: FormatMetric | undefined,
  reading: ComparedReading | undefined,
  reference: ComparedReading | undefined,
): ValueDifference {
  if (!reading || !reference || isEmpty(reading.value) || isEmpty(reference.value)) return { kind: 'none' };
  const value = reading.value;
  const base = reference.value;
  const sameUnits = (reading.units ?? null) === (reference.units ?? null);
  if (typeof value === 'number' && typeof base === 'number' && !isLabelled(metric) && sameUnits) {
    // Both converted first: a difference of temperatures is 1.8 times as many °F, without the 32 of a reading.
    const profile = userUnitsProfile();
    const shown = convertReading(value, reading.units, profile, metric?.alias);
    const delta = shown.value - convertReading(base, reference.units, profile, metric?.alias).value;
    const magnitude = formatMetricValueWithUnits(metric, Math.abs(delta), shown.units);
    const digits = magnitude.split(' ')[0] ?? magnitude;
    if (delta === 0 || ROUNDS_TO_ZERO.test(digits)) return { kind: 'same' };
    return delta > 0
      ? { kind: 'higher', text: `+${magnitude}` }
      : { kind: 'lower', text: `${MINUS}${magnitude}` };
  }
  return value === base && sameUnits ? { kind: 'same' } : { kind: 'differs' };
}
