import { useUserAssets } from '../assets/accessGroupsQueries.ts';
import { AssetTable } from '../assets/AssetHierarchyTab.tsx';
import { adminPaths } from '../../shared/routing/paths.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { useIdParam } from '../../shared/routing/useIdParam.ts';

/** userAssets: the assets in the user's access groups (added and removed from each asset's users tab). */
export function UserAssetsTab() {
  const companyId = useIdParam('companyId');
  const assets = useUserAssets(useIdParam('userId'));
  return (
    <QueryState query={assets} label="the user's assets">
      {(list) =>
        list.length === 0 ? (
          <EmptyState>No assets are in this user&apos;s access groups.</EmptyState>
        ) : (
          <AssetTable
            assets={list}
            label="Assets in access groups"
            linkTo={(assetId) => adminPaths.companyAsset(companyId, assetId)}
          />
        )
      }
    </QueryState>
  );
}
