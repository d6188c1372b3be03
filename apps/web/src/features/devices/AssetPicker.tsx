import { useCallback, useMemo, useState } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { ASSET_TYPE, hasPermission } from '@kelvin/domain';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { useAssets } from '../assets/assetsQueries.ts';
import { buildAssetTree, filterAssetTree, type AssetTreeNode } from '../assets/assetTree.ts';
import { AssetTree } from '../assets/AssetTree.tsx';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { useCompanies } from '../companies/companiesQueries.ts';
import { useFleetStates } from '../overview/fleetQueries.ts';

const HEALTH_TYPES: ReadonlySet<number> = new Set([
  ASSET_TYPE.unit,
  ASSET_TYPE.makeUpAirUnit,
  ASSET_TYPE.agent,
]);

export interface AssetPickerProps {
  selectedAssetId: number | undefined;
  onSelect: (assetId: number) => void;
  /** Assets chosen beside the selected one (Ctrl or ⌘ with a click, or Space, toggles one). */
  checkedAssetIds?: ReadonlySet<number>;
  onToggle?: (assetId: number) => void;
  /** Says how to choose several, under the search. */
  hint?: string;
}

/**
 * Every asset the user may see, as a searchable tree. Provider staff see many companies: the tree then groups
 * by company, named from the companies list (a user without it sees 'Company {id}').
 */
export function AssetPicker(props: AssetPickerProps) {
  const { selectedAssetId, onSelect, checkedAssetIds, onToggle, hint } = props;
  const assets = useAssets();
  const permissions = useCurrentUser().data?.permissions;
  // Only users who may read companies can name them; the others see one company and need no grouping.
  const companies = useCompanies({
    enabled: permissions !== undefined && hasPermission(permissions, { permission: 'companies:read' }),
  });
  const [search, setSearch] = useState('');
  const companyNames = useMemo(
    () => new Map((companies.data ?? []).map((company) => [company.companyId, company.name])),
    [companies.data],
  );
  const tree = useMemo(
    () => (assets.data ? buildAssetTree(assets.data, companyNames) : []),
    [assets.data, companyNames],
  );
  const shown = useMemo(() => filterAssetTree(tree, search), [tree, search]);
  // Health is drawn for what raises alerts: units, make-up-air units and agents.
  const watchedIds = useMemo(
    () =>
      (assets.data ?? [])
        .filter((asset) => HEALTH_TYPES.has(asset.assetTypeId))
        .map((asset) => asset.assetId),
    [assets.data],
  );
  const states = useFleetStates(watchedIds);
  const healthOf = useCallback((assetId: number) => states.data?.get(assetId)?.health, [states.data]);
  const searching = search.trim() !== '';

  function handleSelect(node: AssetTreeNode) {
    if (node.asset) onSelect(node.asset.assetId);
  }

  return (
    <Stack gap="xs">
      <TextInput
        label="Find an asset"
        placeholder="Name or type"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        description={hint}
      />
      <QueryState query={assets} label="the assets">
        {(list) =>
          list.length === 0 ? (
            <EmptyState>You have no assets yet.</EmptyState>
          ) : shown.length === 0 ? (
            <EmptyState>No asset matches the search.</EmptyState>
          ) : (
            <AssetTree
              // A new search opens every branch it kept; clearing it returns to the selected asset's branch.
              key={`${searching ? search : ''}|${companies.isSuccess ? 'grouped' : 'flat'}`}
              nodes={shown}
              label="Asset hierarchy"
              selectedAssetId={selectedAssetId}
              initiallyExpandAll={searching}
              onSelect={handleSelect}
              healthOf={healthOf}
              checkedAssetIds={checkedAssetIds}
              onToggle={
                onToggle
                  ? (node) => {
                      if (node.asset) onToggle(node.asset.assetId);
                    }
                  : undefined
              }
            />
          )
        }
      </QueryState>
    </Stack>
  );
}
