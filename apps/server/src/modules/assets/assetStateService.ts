import { deriveAssetHealth, parseIsoDuration, reportsOwnReadings } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { activeMaintenanceAssetIds } from '../maintenance/maintenanceCoverage.ts';
import { healthAlertsOf } from '../problems/healthAlerts.ts';
import { visibleAssets } from './assetsService.ts';
import { isOnline, type LastSeenSource } from './lastSeenSource.ts';

/**
 * `assets.state.list`: the derived health of each visible asset (domain deriveAssetHealth). An asset covered by an
 * active maintenance window (its own, or one on a hall, building or site above it) is MAINTENANCE_MODE; else
 * NO_MONITOR when unmonitored; else its alerts active within the active interval colour it, and a unit that should
 * send and has not within the online window is COMMUNICATION_LOST even before a rule says so.
 */
export async function listAssetStates(
  db: DbOrTx,
  auth: AuthContext,
  lastSeen: LastSeenSource,
  body: { assetIds: number[]; activeInterval: string },
) {
  const { assetIds } = body;
  const rows = await visibleAssets(db, auth, { assetIds: [...new Set(assetIds)] });
  const seen = await lastSeen.lastSeen(rows.map((row) => row.assetId));
  const now = Date.now();
  const inMaintenance = await activeMaintenanceAssetIds(
    db,
    rows.map((row) => row.assetId),
    new Date(now),
  );
  const alertsOf = await healthAlertsOf(
    db,
    rows.map((row) => row.assetId),
    now,
    parseIsoDuration(body.activeInterval),
  );
  return rows.map((row) => {
    const lastSeenAt = seen.get(row.assetId);
    const health = deriveAssetHealth({
      isMonitored: row.isMonitored,
      alerts: alertsOf.get(row.assetId) ?? [],
      inMaintenance: inMaintenance.has(row.assetId),
      ...(reportsOwnReadings(row.assetTypeId) ? { isCommunicating: isOnline(lastSeenAt, now) } : {}),
    });
    return { assetId: row.assetId, health, lastSeenAt: lastSeenAt?.toISOString() ?? null };
  });
}

/** `assets.getOnlineStatus`: one entry per visible asset asked about; invisible ids are left out. */
export async function listOnlineStatus(
  db: DbOrTx,
  auth: AuthContext,
  lastSeen: LastSeenSource,
  assetIds: number[],
) {
  const rows = await visibleAssets(db, auth, { assetIds: [...new Set(assetIds)] });
  const seen = await lastSeen.lastSeen(rows.map((row) => row.assetId));
  const now = Date.now();
  return rows.map((row) => {
    const lastSeenAt = seen.get(row.assetId);
    return {
      assetId: row.assetId,
      isOnline: isOnline(lastSeenAt, now),
      lastSeenAt: lastSeenAt?.toISOString() ?? null,
    };
  });
}
