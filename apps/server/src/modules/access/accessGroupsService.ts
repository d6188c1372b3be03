import type { Asset, User } from '@kelvin/contract';
import { PROVIDER_COMPANY_ID } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { requireCompanyAccess } from '../../http/authorize.ts';
import { badRequest, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { presentAssets } from '../assets/assetsPresenter.ts';
import { loadVisibleAsset, READ, WRITE } from '../assets/assetsService.ts';
import { presentUser } from '../users/usersService.ts';
import {
  addAssetToDefaultGroups,
  assetsInUserGroups,
  findUsers,
  removeAssetFromDefaultGroups,
  usersHoldingAsset,
} from './accessGroupsRepository.ts';
import { assetVisibility, filterVisible } from './assetAccess.ts';

/**
 * `assetAccessGroups.users.listAssets`: the assets placed in a user's groups. Anyone may ask about themself;
 * asking about someone else needs users:read on their company. The answer is further limited to the assets the
 * caller may read, like every list.
 */
export async function listUserAssets(db: DbOrTx, auth: AuthContext, userId: number): Promise<Asset[]> {
  if (userId !== auth.user.userId) {
    const [target] = await findUsers(db, [userId]);
    requireCompanyAccess(auth, 'users:read', target?.companyId ?? -1, 'User not found.');
    if (!target || target.isDeleted) throw notFound('User not found.');
  }
  const visibility = await assetVisibility(db, auth, READ);
  return presentAssets(db, filterVisible(visibility, await assetsInUserGroups(db, userId)));
}

/**
 * `assetAccessGroups.assets.listUsers`: whose groups hold the asset. The answer is user records (emails,
 * phones), so besides seeing the asset the caller needs users:read on its company. Provider staff in a
 * customer's groups are shown to the provider's own callers only.
 */
export async function listAssetUsers(db: DbOrTx, auth: AuthContext, assetId: number): Promise<User[]> {
  const asset = await loadVisibleAsset(db, auth, READ, assetId);
  requireCompanyAccess(auth, 'users:read', asset.companyId, 'Asset not found.');
  const callerIsProvider = auth.user.companyId === PROVIDER_COMPANY_ID;
  return (await usersHoldingAsset(db, assetId))
    .filter(
      (user) =>
        user.companyId === asset.companyId || (callerIsProvider && user.companyId === PROVIDER_COMPANY_ID),
    )
    .map(presentUser);
}

/** Users who may hold an asset: active, and of the asset's company or the provider's staff. */
async function requireEligibleUsers(
  db: DbOrTx,
  companyId: number,
  userIds: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(userIds)];
  const found = new Map((await findUsers(db, unique)).map((user) => [user.userId, user]));
  const refused = unique.filter((id) => {
    const user = found.get(id);
    return (
      !user || user.isDeleted || (user.companyId !== companyId && user.companyId !== PROVIDER_COMPANY_ID)
    );
  });
  if (refused.length > 0) {
    // One message for unknown users and other companies' users, so that the answer reveals neither.
    throw badRequest(`These users cannot hold this asset: ${refused.join(', ')}.`, [
      { field: 'body.userIds', message: 'Unknown users or users of another company' },
    ]);
  }
  return unique;
}

async function changeGroups(
  db: Db,
  auth: AuthContext,
  assetId: number,
  userIds: number[],
  change: 'add' | 'delete',
) {
  return db.transaction(async (tx) => {
    const asset = await loadVisibleAsset(tx, auth, WRITE, assetId);
    const users = await requireEligibleUsers(tx, asset.companyId, userIds);
    if (change === 'add') await addAssetToDefaultGroups(tx, assetId, users);
    else await removeAssetFromDefaultGroups(tx, assetId, users);
    await recordEvent(tx, {
      name: change === 'add' ? 'assetAccessGroups.addAsset' : 'assetAccessGroups.deleteAsset',
      actorUserId: auth.user.userId,
      companyId: asset.companyId,
      subjectType: 'asset',
      subjectId: assetId,
      data: { userIds: users },
    });
    return { ok: true as const };
  });
}

export function addAssetToUsers(db: Db, auth: AuthContext, assetId: number, userIds: number[]) {
  return changeGroups(db, auth, assetId, userIds, 'add');
}

export function deleteAssetFromUsers(db: Db, auth: AuthContext, assetId: number, userIds: number[]) {
  return changeGroups(db, auth, assetId, userIds, 'delete');
}
