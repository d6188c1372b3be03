import { deriveAssetHealth, parseIsoDuration, reportsOwnReadings } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { activeMaintenanceAssetIds } from '../maintenance/maintenanceCoverage.ts';
import { healthAlertsOf } from '../problems/healthAlerts.ts';
import type { AssetRow } from './assetsRepository.ts';
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
  const rows = await visibleAssets(db, auth, { assetIds: [...new Set(body.assetIds)] });
  return statesOf(db, lastSeen, rows, body.activeInterval);
}

/** What health is derived from, per asset: the row's own fields it reads. */
export type HealthSubject = Pick<AssetRow, 'assetId' | 'assetTypeId' | 'isMonitored'>;

/** The health of rows the caller may see (already checked): the one derivation assets.state.list and assets.fleet.state share. */
export async function statesOf(
  db: DbOrTx,
  lastSeen: LastSeenSource,
  rows: readonly HealthSubject[],
  activeInterval: string,
) {
  const ids = rows.map((row) => row.assetId);
  const now = Date.now();
  const [seen, inMaintenance, alertsOf] = await Promise.all([
    lastSeen.lastSeen(ids),
    activeMaintenanceAssetIds(db, ids, new Date(now)),
    healthAlertsOf(db, ids, now, parseIsoDuration(activeInterval)),
  ]);
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
