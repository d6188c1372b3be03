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
}

/**
 * Spec: HEALTHY by default; WARNING with any warning alert; CRITICAL with any critical alert;
 * COMMUNICATION_LOST with a communication-lost alert (the highest of the alert states).
 *
 * The spec names MAINTENANCE_MODE and NO_MONITOR without ranking them. Our precedence:
 * MAINTENANCE_MODE > NO_MONITOR > COMMUNICATION_LOST > CRITICAL > WARNING > HEALTHY.
 * A maintenance window is a deliberate, time-bound statement by a person that the asset is being worked on
 * (and its alerts are suppressed), so it wins over everything; an unmonitored asset raises no alerts we can
 * trust, so any that remain do not colour it.
 */
export function deriveAssetHealth(input: HealthInput): AssetHealthState {
  if (input.inMaintenance === true) return 'MAINTENANCE_MODE';
  if (input.isMonitored === false) return 'NO_MONITOR';
  const open = (input.alerts ?? []).filter((alert) => alert.status !== 'RESOLVED');
  if (open.some((alert) => COMMUNICATION_LOST_ALERT_TYPES.includes(alert.type))) return 'COMMUNICATION_LOST';
  if (open.some((alert) => alert.level === 'CRITICAL')) return 'CRITICAL';
  if (open.some((alert) => alert.level === 'WARNING')) return 'WARNING';
  return 'HEALTHY';
}
