/**
 * Units profiles (platform-core section 3, Preference state): values are stored and sent in the units the unit
 * reports (the demo's catalogue is metric, with static pressures in 'iwg'); a user on the imperial profile reads
 * them converted. The metric profile shows the stored units as they are.
 */
export const unitsProfiles = ['metric', 'imperial'] as const;
export type UnitsProfile = (typeof unitsProfiles)[number];
export const DEFAULT_UNITS_PROFILE: UnitsProfile = 'metric';

/** One conversion from a stored unit: to the shown unit and back (a linear map, `shown = stored * factor + offset`). */
export interface UnitConversion {
  from: string;
  to: string;
  factor: number;
  offset: number;
}

const GALLONS_PER_LITRE = 1 / 3.785411784;
const CUBIC_FEET_PER_CUBIC_METRE = 35.31466672148859;
const PSI_PER_KPA = 0.14503773773020923;
const KW_PER_TON_OF_REFRIGERATION = 3.516852842;
const GRAINS_PER_GRAM = 15.43235835294143;

/**
 * The imperial reading of each metric unit the catalogue uses. kW is cooling capacity (tons of refrigeration) only
 * for cooling aliases: electrical power stays in kW in the United States too, as do kWh, kVA, A, V, Hz and %.
 */
function imperialConversion(units: string, alias: string): UnitConversion | null {
  switch (units) {
    case '°C':
      return { from: units, to: '°F', factor: 9 / 5, offset: 32 };
    case 'K':
      // A temperature difference: no offset.
      return { from: units, to: '°F', factor: 9 / 5, offset: 0 };
    case 'l/s':
    case 'L/s':
      return { from: units, to: 'GPM', factor: 60 * GALLONS_PER_LITRE, offset: 0 };
    case 'm³/h':
      return { from: units, to: 'CFM', factor: CUBIC_FEET_PER_CUBIC_METRE / 60, offset: 0 };
    case 'kPa':
      return { from: units, to: 'psi', factor: PSI_PER_KPA, offset: 0 };
    case 'Pa':
      return { from: units, to: 'iwg', factor: 1 / 249.08891, offset: 0 };
    case 'g/kg':
      // Grains of water per pound of dry air: 1 g/kg is 7 gr/lb.
      return { from: units, to: 'gr/lb', factor: GRAINS_PER_GRAM / (1000 / 453.59237), offset: 0 };
    case 'kW':
      return /capacity|cooling/i.test(alias)
        ? { from: units, to: 'tons', factor: 1 / KW_PER_TON_OF_REFRIGERATION, offset: 0 }
        : null;
    default:
      return null;
  }
}

/** How a stored unit reads in a profile; null when it reads as stored (metric, or a unit with no other reading). */
export function unitConversion(
  units: string | null | undefined,
  profile: UnitsProfile,
  alias = '',
): UnitConversion | null {
  if (!units || profile === 'metric') return null;
  return imperialConversion(units.trim(), alias);
}

/** The units a metric's values are shown in under a profile. */
export function displayUnits(
  units: string | null | undefined,
  profile: UnitsProfile,
  alias = '',
): string | null | undefined {
  return unitConversion(units, profile, alias)?.to ?? units;
}

/** A stored value as shown under the profile. */
export function toDisplayValue(value: number, conversion: UnitConversion | null): number {
  return conversion ? value * conversion.factor + conversion.offset : value;
}

/** A shown value (typed by the user in the shown units) back in the stored units. */
export function fromDisplayValue(value: number, conversion: UnitConversion | null): number {
  return conversion ? (value - conversion.offset) / conversion.factor : value;
}

/** A stored reading and its units as shown under the profile; non-numbers pass through unchanged. */
export function convertReading<T>(
  value: T,
  units: string | null | undefined,
  profile: UnitsProfile,
  alias = '',
): { value: T | number; units: string | null | undefined } {
  const conversion = unitConversion(units, profile, alias);
  if (!conversion || typeof value !== 'number' || !Number.isFinite(value)) return { value, units };
  return { value: toDisplayValue(value, conversion), units: conversion.to };
}
