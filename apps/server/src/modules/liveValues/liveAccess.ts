import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assetVisibility, canSeeAsset } from '../access/assetAccess.ts';
import { listAssets } from '../assets/assetsRepository.ts';

/** Live values (Socket.IO) and last values (HTTP) are both readings of metrics. */
export const LIVE_PERMISSION = 'metrics:read';

/**
 * Of these asset ids, the ones whose metrics the caller may read, by the rules of every asset call
 * (assetAccess: the company scope of metrics:read, plus access groups for external users). Missing and deleted
 * ids are left out like invisible ones, so that another company's ids reveal nothing. Throws the 403 without
 * the permission. The one check behind both the lastValue call and live subscriptions, so that the two
 * cannot drift apart.
 */
export async function readableAssetIds(
  db: DbOrTx,
  auth: AuthContext,
  assetIds: readonly number[],
): Promise<Set<number>> {
  const visibility = await assetVisibility(db, auth, LIVE_PERMISSION);
  const rows = await listAssets(db, { assetIds: [...new Set(assetIds)] });
  return new Set(rows.filter((row) => canSeeAsset(visibility, row)).map((row) => row.assetId));
}
