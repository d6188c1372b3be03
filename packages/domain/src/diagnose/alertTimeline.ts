import type { TimelineLane, TimelineSegment } from './statusTimeline.ts';

export type AlertLevel = 'CRITICAL' | 'WARNING' | 'INFO';

/** What the alert Gantt reads of an alert (the contract's alert has more). Times are ISO 8601. */
export interface AlertBarInput {
  kyotoEventDetailId: number;
  assetId: number;
  monitorId: number;
  monitorName: string;
  level: AlertLevel;
  firstEventAt: string;
  resolvedAt: string | null;
}

/** Alert levels in the colours the console gives health: critical red, warning orange, info blue. */
export const ALERT_LEVEL_COLOURS: Readonly<Record<AlertLevel, string>> = {
  CRITICAL: '#e03131',
  WARNING: '#f08c00',
  INFO: '#1c7ed6',
};

export const ALERT_LEVEL_LABELS: Readonly<Record<AlertLevel, string>> = {
  CRITICAL: 'Critical',
  WARNING: 'Warning',
  INFO: 'Info',
};

const LEVEL_RANK: Readonly<Record<AlertLevel, number>> = { CRITICAL: 2, WARNING: 1, INFO: 0 };

export interface AlertSegment extends Omit<TimelineSegment, 'status'> {
  level: AlertLevel;
  alertId: number;
}

/**
 * The alert Gantt's lanes: one per monitor (and asset, when several are shown, named by asset then monitor),
 * each alert a bar from its first event to its resolution, or to now while it is open. Lanes with a critical
 * alert come first, then by name, so that the worst is read first.
 */
export function alertLanes(
  alerts: readonly AlertBarInput[],
  assetNames: ReadonlyMap<number, string>,
  now: number,
): (Omit<TimelineLane, 'segments'> & { segments: AlertSegment[] })[] {
  const severalAssets = new Set(alerts.map((alert) => alert.assetId)).size > 1;
  const lanes = new Map<string, { key: string; label: string; segments: AlertSegment[]; worst: number }>();
  for (const alert of alerts) {
    const from = Date.parse(alert.firstEventAt);
    const to = alert.resolvedAt === null ? now : Date.parse(alert.resolvedAt);
    if (!Number.isFinite(from) || !Number.isFinite(to)) continue;
    const key = `${alert.assetId}:${alert.monitorId}`;
    const assetName = assetNames.get(alert.assetId) ?? `Asset ${alert.assetId}`;
    const lane = lanes.get(key) ?? {
      key,
      label: severalAssets ? `${assetName} · ${alert.monitorName}` : alert.monitorName,
      segments: [],
      worst: 0,
    };
    lane.segments.push({
      from,
      to: Math.max(to, from),
      level: alert.level,
      alertId: alert.kyotoEventDetailId,
    });
    lane.worst = Math.max(lane.worst, LEVEL_RANK[alert.level]);
    lanes.set(key, lane);
  }
  return [...lanes.values()]
    .sort((a, b) => b.worst - a.worst || a.label.localeCompare(b.label))
    .map(({ key, label, segments }) => ({
      key,
      label,
      segments: segments.sort((a, b) => a.from - b.from),
    }));
}
