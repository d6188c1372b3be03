import { ASSET_TYPE } from './assetTypes.ts';

export const ASSET_HEALTH_STATES = [
  'HEALTHY',
  'WARNING',
  'CRITICAL',
  'COMMUNICATION_LOST',
  'MAINTENANCE_MODE',
  'NO_MONITOR',
] as const;
export type AssetHealthState = (typeof ASSET_HEALTH_STATES)[number];

/** The alert fields health reads; a resolved alert no longer counts. */
export interface HealthAlert {
  level: string;
  type: string;
  status?: string | null;
}

/** Spec alert types that mean the asset stopped talking to us. */
export const COMMUNICATION_LOST_ALERT_TYPES: readonly string[] = [
  'COMMUNICATION_LOST',
  'ASSET_COMMUNICATION_LOST',
];

export interface HealthInput {
  alerts?: readonly HealthAlert[];
  /** False when nothing watches the asset (assets.isMonitored). */
  isMonitored?: boolean;
  /** True while one of the asset's maintenance windows is active. */
  inMaintenance?: boolean;
  /**
   * Whether the asset sent a reading within the online window. Left out for assets that send nothing of their
   * own (sites, halls, agents: see reportsOwnReadings), so that silence says nothing about them.
   */
  isCommunicating?: boolean;
}

/**
 * Spec: HEALTHY by default; WARNING with any warning alert; CRITICAL with any critical alert;
 * COMMUNICATION_LOST with a communication-lost alert (the highest of the alert states).
 *
 * The spec names MAINTENANCE_MODE and NO_MONITOR without ranking them. Our precedence:
 * MAINTENANCE_MODE > NO_MONITOR > COMMUNICATION_LOST > CRITICAL > WARNING > HEALTHY.
 * Until the problems area raises communication-lost alerts, a monitored asset that has stopped sending
 * (isCommunicating false) is COMMUNICATION_LOST too: the same state the alert would give it, over the same window.
 * A maintenance window is a deliberate, time-bound statement by a person that the asset is being worked on
 * (and its alerts are suppressed), so it wins over everything; an unmonitored asset raises no alerts we can
 * trust, so any that remain do not colour it.
 */
export function deriveAssetHealth(input: HealthInput): AssetHealthState {
  if (input.inMaintenance === true) return 'MAINTENANCE_MODE';
  if (input.isMonitored === false) return 'NO_MONITOR';
  const open = (input.alerts ?? []).filter((alert) => alert.status !== 'RESOLVED');
  if (input.isCommunicating === false) return 'COMMUNICATION_LOST';
  if (open.some((alert) => COMMUNICATION_LOST_ALERT_TYPES.includes(alert.type))) return 'COMMUNICATION_LOST';
  if (open.some((alert) => alert.level === 'CRITICAL')) return 'CRITICAL';
  if (open.some((alert) => alert.level === 'WARNING')) return 'WARNING';
  return 'HEALTHY';
}

/**
 * The asset types whose readings arrive under their own id: units and make-up-air units. Sites, buildings, halls
 * and split units only hold units, and an agent sends its units' readings, not its own; none of them can go
 * silent, so communication is not part of their health.
 */
const READING_ASSET_TYPES: ReadonlySet<number> = new Set([ASSET_TYPE.unit, ASSET_TYPE.makeUpAirUnit]);

export function reportsOwnReadings(assetTypeId: number): boolean {
  return READING_ASSET_TYPES.has(assetTypeId);
}

/** What the console calls each state. */
export const ASSET_HEALTH_LABELS: Readonly<Record<AssetHealthState, string>> = {
  HEALTHY: 'Healthy',
  WARNING: 'Warning',
  CRITICAL: 'Critical',
  COMMUNICATION_LOST: 'Communication lost',
  MAINTENANCE_MODE: 'Maintenance mode',
  NO_MONITOR: 'No monitor',
};

/**
 * The one set of health colours (tiles, counts, legends, badges), as CSS colours. Each stands at least 3:1 against
 * the light (#fff) and the dark (#242424) page, so a tile is seen in either scheme, and its text colour below
 * reads on it at 4.5:1 or more. Screens name the state beside the colour too (legend, labels), never colour alone.
 */
export const ASSET_HEALTH_COLOURS: Readonly<Record<AssetHealthState, string>> = {
  HEALTHY: '#2f7d32',
  WARNING: '#e67700',
  CRITICAL: '#e03131',
  COMMUNICATION_LOST: '#7950f2',
  MAINTENANCE_MODE: '#1971c2',
  NO_MONITOR: '#6c757d',
};

/** Text that stays legible on each health colour. */
export const ASSET_HEALTH_TEXT_COLOURS: Readonly<Record<AssetHealthState, string>> = {
  HEALTHY: '#ffffff',
  WARNING: '#1a1b1e',
  CRITICAL: '#ffffff',
  COMMUNICATION_LOST: '#ffffff',
  MAINTENANCE_MODE: '#ffffff',
  NO_MONITOR: '#ffffff',
};

/** What needs attention first: the order of counts, legends and attention lists. */
export const ASSET_HEALTH_ATTENTION_ORDER: readonly AssetHealthState[] = [
  'COMMUNICATION_LOST',
  'CRITICAL',
  'WARNING',
  'MAINTENANCE_MODE',
  'NO_MONITOR',
  'HEALTHY',
];

/** States someone should look at: everything but HEALTHY and NO_MONITOR (nothing to look at on those). */
export function needsAttention(health: AssetHealthState): boolean {
  return health === 'COMMUNICATION_LOST' || health === 'CRITICAL' || health === 'WARNING';
}
