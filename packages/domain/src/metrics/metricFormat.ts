import { convertReading, DEFAULT_UNITS_PROFILE, type UnitsProfile } from '../units/unitConversion.ts';

/** The fields of a metric that decide how its values read (platform-core section 3, Metric value). */
export interface FormatMetric {
  alias: string;
  displayType: string;
  valueType: string;
  enumMap?: Readonly<Record<string, string>> | null;
}

export type MetricReading = number | string | boolean | null | undefined;

/** Spec placeholder for an empty value. */
export const EMPTY_VALUE = '-------';
const VERSION_DIGITS = 15;
const VERSION_PART = 5;

/**
 * Decimal places by the spec: at most 1 (none needed), at least 1 when the units hold a degree sign, 3 for 'iwg'
 * (inches of water gauge), 2 for aliases ending 'Availability'.
 */
export function decimalsFor(alias: string, units: string | null | undefined): { min: number; max: number } {
  if (units?.trim().toLowerCase() === 'iwg') return { min: 0, max: 3 };
  if (alias.endsWith('Availability')) return { min: 0, max: 2 };
  return { min: units?.includes('°') ? 1 : 0, max: 1 };
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function formatNumber(value: number, decimals: { min: number; max: number }): string {
  const key = `${decimals.min}/${decimals.max}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals.min,
      maximumFractionDigits: decimals.max,
      useGrouping: false,
    });
    numberFormats.set(key, format);
  }
  // -0.04 to 1 decimal is '-0': a sign on nothing reads as a fault.
  const text = format.format(value);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** A semantic version packed as a 15-digit number, 5 digits each: 000010000200003 → '1.2.3'. */
export function formatSemanticVersion(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) return String(value);
  const digits = String(value).padStart(VERSION_DIGITS, '0');
  if (digits.length > VERSION_DIGITS) return String(value);
  const parts = [0, 1, 2].map((index) =>
    Number(digits.slice(index * VERSION_PART, (index + 1) * VERSION_PART)),
  );
  return parts.join('.');
}

/**
 * The one value formatter: a reading as the console shows it, without units. Empty → '-------'; enum values by
 * their label (the raw value when the map lacks it); versions as major.minor.patch; numbers rounded by the spec.
 */
export function formatMetricValue(
  metric: FormatMetric | undefined,
  value: MetricReading,
  units?: string | null,
): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (metric?.enumMap && (metric.valueType === 'enum' || metric.displayType === 'enum')) {
    const label = metric.enumMap[String(value)];
    if (label !== undefined) return label;
  }
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return EMPTY_VALUE;
  if (metric?.displayType === 'semantic_version') return formatSemanticVersion(value);
  if (metric?.valueType === 'enum') return String(value);
  return formatNumber(value, decimalsFor(metric?.alias ?? '', units));
}

/**
 * A reading with its units ('21.5 °C'); units are left off empty values, enum labels and versions. Under the
 * imperial profile a number in a metric unit is converted first ('70.7 °F'), and rounded by the shown unit's rule.
 */
export function formatMetricValueWithUnits(
  metric: FormatMetric | undefined,
  value: MetricReading,
  units: string | null | undefined,
  profile: UnitsProfile = DEFAULT_UNITS_PROFILE,
): string {
  const plain = metric?.displayType !== 'semantic_version' && metric?.valueType !== 'enum';
  const shown = plain ? convertReading(value, units, profile, metric?.alias) : { value, units };
  const text = formatMetricValue(metric, shown.value, shown.units);
  const numeric = typeof shown.value === 'number' && text !== EMPTY_VALUE && /^-?\d/.test(text);
  return shown.units && numeric && plain ? `${text} ${shown.units}` : text;
}

export const OVERRIDE_TYPES = ['REMOTE', 'SYSTEM', 'USER', 'NONE'] as const;
export type OverrideType = (typeof OVERRIDE_TYPES)[number];

/** The override that wins among several: REMOTE over SYSTEM over USER over NONE. */
export function highestOverride(types: readonly OverrideType[]): OverrideType {
  let best: OverrideType = 'NONE';
  for (const type of types) {
    if (OVERRIDE_TYPES.indexOf(type) < OVERRIDE_TYPES.indexOf(best)) best = type;
  }
  return best;
}

/** Enum, step and semantic-version metrics chart their MAX by default; the rest their AVERAGE (spec). */
export function defaultAggregation(metric: { displayType: string; valueType: string }): 'MAX' | 'AVERAGE' {
  const stepped = ['enum', 'step', 'semantic_version'].includes(metric.displayType);
  return stepped || metric.valueType === 'enum' ? 'MAX' : 'AVERAGE';
}
