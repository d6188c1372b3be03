import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import {
  addAssetToUsers,
  deleteAssetFromUsers,
  listAssetUsers,
  listUserAssets,
} from './accessGroupsService.ts';

export function registerAccessGroupsRoutes({ route, db }: RouteContext): void {
  route(contract.accessGroupsListUserAssets, ({ auth, body }) => listUserAssets(db, auth, body.userId));
  route(contract.accessGroupsListAssetUsers, ({ auth, body }) => listAssetUsers(db, auth, body.assetId));
  route(contract.accessGroupsAddAsset, ({ auth, body }) =>
    addAssetToUsers(db, auth, body.assetId, body.userIds),
  );
  route(contract.accessGroupsDeleteAsset, ({ auth, body }) =>
    deleteAssetFromUsers(db, auth, body.assetId, body.userIds),
  );
}
