import { useState } from 'react';
import { Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Asset } from '@kelvin/contract';
import { AssetDialogs, useConfirmDeleteAsset, type AssetDialog } from '../assets/AssetDialogs.tsx';
import { useAssets } from '../assets/assetsQueries.ts';
import { buildAssetTree, filterAssetTree } from '../assets/assetTree.ts';
import { AssetTree } from '../assets/AssetTree.tsx';
import { canHaveChildren, canHoldUnitTemplate } from '../assets/assetPlacement.ts';
import { shortenAssetType } from '@kelvin/domain';
import { displayAssetName } from '../../shared/preferences/names.ts';
import { adminPaths } from '../../shared/routing/paths.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { useIdParam } from '../../shared/routing/useIdParam.ts';

/** adminCompanyAssetsView: the company's hierarchy as a tree, with create, move and delete. */
export function CompanyAssetsPage() {
  const companyId = useIdParam('companyId');
  const assets = useAssets({ companyIds: [companyId] });
  const canWrite = usePermissionScope().forCompany('assets:write', companyId);
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<AssetDialog>(null);
  const confirmDelete = useConfirmDeleteAsset();
  const linkTo = (assetId: number) => adminPaths.companyAsset(companyId, assetId);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Assets</Title>
        {canWrite && (
          <Button onClick={() => setDialog({ kind: 'create', parent: null })}>
            Add site or make-up-air unit
          </Button>
        )}
      </Group>
      <QueryState query={assets} label="the assets">
        {(list) => {
          const selected = list.find((asset) => asset.assetId === selectedId) ?? null;
          const tree = filterAssetTree(buildAssetTree(list), search);
          return (
            <Grid>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack>
                  <TextInput
                    label="Search assets"
                    value={search}
                    onChange={(event) => setSearch(event.currentTarget.value)}
                  />
                  {list.length === 0 ? (
                    <EmptyState>This company has no assets yet.</EmptyState>
                  ) : tree.length === 0 ? (
                    <EmptyState>No asset matches the search.</EmptyState>
                  ) : (
                    <AssetTree
                      key={search}
                      nodes={tree}
                      label="Company assets"
                      selectedAssetId={selectedId}
                      initiallyExpandAll={search.trim() !== ''}
                      onSelect={(node) => setSelectedId(node.asset?.assetId ?? null)}
                    />
                  )}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                {selected ? (
                  <SelectedAssetCard
                    asset={selected}
                    canWrite={canWrite}
                    openTo={linkTo(selected.assetId)}
                    onDialog={setDialog}
                    onDelete={() => confirmDelete(selected, () => setSelectedId(null))}
                  />
                ) : (
                  <Text c="dimmed">Select an asset in the tree to add under it, move or delete it.</Text>
                )}
              </Grid.Col>
              <AssetDialogs
                dialog={dialog}
                companyId={companyId}
                companyAssets={list}
                linkTo={linkTo}
                onClose={() => setDialog(null)}
              />
            </Grid>
          );
        }}
      </QueryState>
    </Stack>
  );
}

function SelectedAssetCard({
  asset,
  canWrite,
  openTo,
  onDialog,
  onDelete,
}: {
  asset: Asset;
  canWrite: boolean;
  openTo: string;
  onDialog: (dialog: AssetDialog) => void;
  onDelete: () => void;
}) {
  const name = displayAssetName(asset);
  return (
    <Card withBorder aria-label={`Selected asset ${name}`} component="section">
      <Stack gap="xs">
        <Title order={3}>{name}</Title>
        <Text size="sm" c="dimmed">
          {shortenAssetType(asset.type)}
        </Text>
        <Group gap="xs">
          <Button component={Link} to={openTo} variant="light" size="xs">
            Open {name}
          </Button>
          {canWrite && (
            <>
              {canHaveChildren(asset.assetTypeId) && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => onDialog({ kind: 'create', parent: asset })}
                >
                  Add child
                </Button>
              )}
              {canHoldUnitTemplate(asset.assetTypeId) && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => onDialog({ kind: 'template', parent: asset })}
                >
                  Create unit from template
                </Button>
              )}
              <Button size="xs" variant="default" onClick={() => onDialog({ kind: 'move', asset })}>
                Move
              </Button>
              <Button size="xs" color="red" variant="light" onClick={onDelete}>
                Delete
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
