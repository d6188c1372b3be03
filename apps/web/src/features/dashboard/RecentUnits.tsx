import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { FleetAsset } from '@kelvin/contract';
import { ASSET_TYPE_LABELS, isKnownAssetType } from '@kelvin/domain';
import { EmptyState } from '../../shared/ui/QueryState.tsx';
import { useRecentUnitsStore } from './recentUnitsStore.ts';

/**
 * The assets the user opened last under devices, newest first, named from the fleet's slim list (assets.fleet). An asset that is gone
 * or out of reach since is left out.
 */
export function RecentUnits({ assets }: { assets: ReadonlyMap<number, FleetAsset> | undefined }) {
  const visits = useRecentUnitsStore((state) => state.visits);
  const known = visits.flatMap((visit) => {
    const asset = assets?.get(visit.assetId);
    return asset ? [{ visit, asset }] : [];
  });
  if (assets === undefined) return <Text c="dimmed">Loading…</Text>;
  if (known.length === 0) return <EmptyState>Units you open appear here, to find them again.</EmptyState>;
  return (
    <Stack
      gap={6}
      component="ul"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
      aria-label="Recently viewed"
    >
      {known.map(({ asset }) => (
        <li key={asset.assetId}>
          <Anchor component={Link} to={`/user/devices/${asset.assetId}`} size="sm" fw={600}>
            {asset.name}
          </Anchor>{' '}
          {isKnownAssetType(asset.assetTypeId) && (
            <Text span size="xs" c="dimmed">
              {ASSET_TYPE_LABELS[asset.assetTypeId]}
            </Text>
          )}
        </li>
      ))}
    </Stack>
  );
}
