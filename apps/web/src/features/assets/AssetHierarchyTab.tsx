import { Anchor, Breadcrumbs, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Asset } from '@kelvin/contract';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { AssetNotes } from './AssetNotes.tsx';
import { useAssetChildren, useAssetParents } from './assetsQueries.ts';
import { assetDisplayName, shortenAssetType } from '@kelvin/domain';

export interface AssetHierarchyTabProps {
  asset: Asset;
  /** Where a link to another asset goes, e.g. its own hierarchy tab. */
  linkTo: (assetId: number) => string;
}

/**
 * The ancestors from the root as breadcrumbs, then the direct children, then the notes (the spec's tab list has
 * no notes tab; they sit with the asset's place in the hierarchy).
 */
export function AssetHierarchyTab({ asset, linkTo }: AssetHierarchyTabProps) {
  const parents = useAssetParents(asset.assetId);
  const children = useAssetChildren(asset.assetId);

  return (
    <Stack>
      <QueryState query={parents} label="the parents">
        {(list) => (
          <Breadcrumbs aria-label="Parents" separator="›">
            {list.map((parent) => (
              <Anchor key={parent.assetId} component={Link} to={linkTo(parent.assetId)}>
                {assetDisplayName(parent)}
              </Anchor>
            ))}
            <Text aria-current="page">{assetDisplayName(asset)}</Text>
          </Breadcrumbs>
        )}
      </QueryState>
      <Title order={3}>Children</Title>
      <QueryState query={children} label="the children">
        {(list) =>
          list.length === 0 ? (
            <EmptyState>This asset has no children.</EmptyState>
          ) : (
            <AssetTable assets={list} linkTo={linkTo} label="Children" />
          )
        }
      </QueryState>
      <AssetNotes asset={asset} />
    </Stack>
  );
}

/** A plain table of assets: name (linked), type, monitored. */
export function AssetTable({
  assets,
  linkTo,
  label,
}: {
  assets: readonly Asset[];
  linkTo: (assetId: number) => string;
  label: string;
}) {
  return (
    <Table striped aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Monitored</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {assets.map((child) => (
          <Table.Tr key={child.assetId}>
            <Table.Td>
              <Anchor component={Link} to={linkTo(child.assetId)}>
                {assetDisplayName(child)}
              </Anchor>
            </Table.Td>
            <Table.Td>{shortenAssetType(child.type)}</Table.Td>
            <Table.Td>{child.isMonitored ? 'Yes' : 'No'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
