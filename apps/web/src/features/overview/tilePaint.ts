import {
  ASSET_HEALTH_COLOURS,
  ASSET_HEALTH_LABELS,
  ASSET_HEALTH_TEXT_COLOURS,
  DEVICE_STATUS_BITS,
  DEVICE_STATUS_COLOURS,
  decodeDeviceStatus,
  worstDeviceStatus,
  type AssetHealthState,
  type RankedDeviceStatus,
} from '@kelvin/domain';

/** How one tile looks and what it says to a screen reader. Shared objects: equal paint, same reference. */
export interface TilePaint {
  /** The legend entry it belongs to. */
  key: string;
  /** The state in words, or the formatted value. */
  label: string;
  background: string;
  color: string;
}

/** A tile whose state has not arrived yet, or that has nothing to show: drawn as an outline. */
export const UNKNOWN_PAINT: TilePaint = {
  key: 'UNKNOWN',
  label: 'No data',
  background: 'transparent',
  color: 'inherit',
};

const healthPaint = (state: AssetHealthState): TilePaint => ({
  key: state,
  label: ASSET_HEALTH_LABELS[state],
  background: ASSET_HEALTH_COLOURS[state],
  color: ASSET_HEALTH_TEXT_COLOURS[state],
});

export const HEALTH_PAINTS: Readonly<Record<AssetHealthState, TilePaint>> = {
  HEALTHY: healthPaint('HEALTHY'),
  WARNING: healthPaint('WARNING'),
  CRITICAL: healthPaint('CRITICAL'),
  COMMUNICATION_LOST: healthPaint('COMMUNICATION_LOST'),
  MAINTENANCE_MODE: healthPaint('MAINTENANCE_MODE'),
  NO_MONITOR: healthPaint('NO_MONITOR'),
};

export function paintByHealth(health: AssetHealthState | undefined): TilePaint {
  return health === undefined ? UNKNOWN_PAINT : HEALTH_PAINTS[health];
}

/**
 * Device status view: the worst ranked status bit among the unit's current readings, in the spec's colours and
 * order. Alarm bits have no rank or colour in the spec, but a unit in alarm must not read as OK: it gets a state of
 * its own, below every ranked one. OK is a unit whose readings carry no flag.
 */
export type StatusCategory = RankedDeviceStatus | 'ALARM' | 'OK';

const STATUS_LABELS: Readonly<Record<StatusCategory, string>> = {
  DOWN: 'Down',
  FAULT: 'Fault',
  DISABLED: 'Disabled',
  OVERRIDDEN: 'Overridden',
  STALE: 'Stale',
  NULL: 'Null',
  ALARM: 'Alarm',
  OK: 'OK',
};

/** Dark text on the light spec colours (orange, light gray), white on the others. */
const LIGHT_STATUS_COLOURS: ReadonlySet<string> = new Set(['orange', 'lightgray']);

/** Worst first (the spec's severity ranks, then alarm, then OK): the legend's order. */
export const STATUS_CATEGORIES: readonly StatusCategory[] = [
  'DOWN',
  'FAULT',
  'DISABLED',
  'OVERRIDDEN',
  'STALE',
  'NULL',
  'ALARM',
  'OK',
];

function statusColour(category: StatusCategory): string {
  if (category === 'ALARM') return '#c2255c';
  if (category === 'OK') return ASSET_HEALTH_COLOURS.HEALTHY;
  return DEVICE_STATUS_COLOURS[category];
}

function statusPaint(category: StatusCategory): TilePaint {
  const background = statusColour(category);
  const color = LIGHT_STATUS_COLOURS.has(background) ? '#1a1b1e' : '#ffffff';
  return { key: category, label: STATUS_LABELS[category], background, color };
}

export const STATUS_PAINTS: Readonly<Record<StatusCategory, TilePaint>> = {
  DOWN: statusPaint('DOWN'),
  FAULT: statusPaint('FAULT'),
  DISABLED: statusPaint('DISABLED'),
  OVERRIDDEN: statusPaint('OVERRIDDEN'),
  STALE: statusPaint('STALE'),
  NULL: statusPaint('NULL'),
  ALARM: statusPaint('ALARM'),
  OK: statusPaint('OK'),
};

const ALARM_BITS = DEVICE_STATUS_BITS.ALARM | DEVICE_STATUS_BITS.UNACKNOWLEDGED_ALARM;

/** The category of a unit from the statuses of its flagged readings (none: every reading is OK). */
export function statusCategory(statuses: readonly number[]): StatusCategory {
  const worst = worstDeviceStatus(statuses);
  if (worst !== null) return worst;
  return statuses.some((status) => status > 0 && (status & ALARM_BITS) !== 0) ? 'ALARM' : 'OK';
}

/**
 * Every status integer that flags a reading (any bit but OK's, up to UNACKNOWLEDGED_ALARM): the `metricStatuses`
 * filter that asks the last-values table for flagged readings only, a few per unit instead of all 200.
 */
export const FLAGGED_STATUSES: readonly number[] = Array.from(
  { length: DEVICE_STATUS_BITS.UNACKNOWLEDGED_ALARM * 2 },
  (_, status) => status,
).filter((status) => decodeDeviceStatus(status).some((name) => name !== 'OK'));
