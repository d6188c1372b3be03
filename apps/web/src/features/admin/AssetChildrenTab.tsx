import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { AssetDialogs, type AssetDialog } from '../assets/AssetDialogs.tsx';
import { AssetFromRoute } from '../assets/AssetFromRoute.tsx';
import { AssetTable } from '../assets/AssetHierarchyTab.tsx';
import { canHaveChildren, canHoldUnitTemplate } from '../assets/assetPlacement.ts';
import { useAssetChildren } from '../assets/assetsQueries.ts';
import { adminPaths } from '../../shared/routing/paths.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { useIdParam } from '../../shared/routing/useIdParam.ts';

/** adminCompanyAssetAssets: the asset's children, with add child and create unit from template. */
export function AssetChildrenTab() {
  const companyId = useIdParam('companyId');
  const assetId = useIdParam('assetId');
  const children = useAssetChildren(assetId);
  const canWrite = usePermissionScope().forCompany('assets:write', companyId);
  const [dialog, setDialog] = useState<AssetDialog>(null);
  const linkTo = (id: number) => adminPaths.companyAsset(companyId, id);

  return (
    <AssetFromRoute>
      {(asset) => (
        <Stack>
          {canWrite && (
            <Group>
              {canHaveChildren(asset.assetTypeId) && (
                <Button onClick={() => setDialog({ kind: 'create', parent: asset })}>Add child</Button>
              )}
              {canHoldUnitTemplate(asset.assetTypeId) && (
                <Button variant="light" onClick={() => setDialog({ kind: 'template', parent: asset })}>
                  Create unit from template
                </Button>
              )}
            </Group>
          )}
          <QueryState query={children} label="the children">
            {(list) =>
              list.length === 0 ? (
                <EmptyState>This asset has no children.</EmptyState>
              ) : (
                <AssetTable assets={list} linkTo={linkTo} label="Children" />
              )
            }
          </QueryState>
          <AssetDialogs
            dialog={dialog}
            companyId={companyId}
            companyAssets={children.data ?? []}
            linkTo={linkTo}
            onClose={() => setDialog(null)}
          />
        </Stack>
      )}
    </AssetFromRoute>
  );
}
