import { deriveAssetHealth, reportsOwnReadings } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { activeMaintenanceAssetIds } from '../maintenance/maintenanceCoverage.ts';
import { visibleAssets } from './assetsService.ts';
import { isOnline, type LastSeenSource } from './lastSeenSource.ts';

/**
 * `assets.state.list`: the derived health of each visible asset. An asset covered by an active maintenance window
 * (its own, or one on a hall, building or site above it) is MAINTENANCE_MODE. Alerts come with the problems area;
 * until then health follows monitoring and communication: NO_MONITOR when unmonitored,
 * COMMUNICATION_LOST when a unit that should send has not within the online window, else HEALTHY. The active
 * interval is validated by the contract and will bound the alerts considered.
 */
export async function listAssetStates(
  db: DbOrTx,
  auth: AuthContext,
  lastSeen: LastSeenSource,
  assetIds: number[],
) {
  const rows = await visibleAssets(db, auth, { assetIds: [...new Set(assetIds)] });
  const seen = await lastSeen.lastSeen(rows.map((row) => row.assetId));
  const now = Date.now();
  const inMaintenance = await activeMaintenanceAssetIds(
    db,
    rows.map((row) => row.assetId),
    new Date(now),
  );
  return rows.map((row) => {
    const lastSeenAt = seen.get(row.assetId);
    const health = deriveAssetHealth({
      isMonitored: row.isMonitored,
      alerts: [],
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
