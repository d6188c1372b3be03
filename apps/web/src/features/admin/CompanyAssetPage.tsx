import { Anchor, Badge, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useAsset, useAssetParents } from '../assets/assetsQueries.ts';
import { shortenAssetType } from '@kelvin/domain';
import { displayAssetName } from '../../shared/preferences/names.ts';
import { adminPaths } from '../../shared/routing/paths.ts';
import { LinkTabs } from '../../shared/ui/LinkTabs.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useIdParam } from '../../shared/routing/useIdParam.ts';

const assetTabs = [
  { path: 'assets', label: 'Assets' },
  { path: 'monitoring', label: 'Monitoring' },
  { path: 'users', label: 'Users' },
  { path: 'audit', label: 'Audit' },
  { path: 'contract', label: 'Contract' },
  { path: 'warranties', label: 'Warranties' },
] as const;

/** adminCompanyAsset: where the asset sits, what it is, and its tabs. */
export function CompanyAssetPage() {
  const companyId = useIdParam('companyId');
  const assetId = useIdParam('assetId');
  const asset = useAsset(assetId);
  const parents = useAssetParents(assetId);

  return (
    <Stack>
      <Breadcrumbs aria-label="Asset location" separator="›">
        <Anchor component={Link} to={adminPaths.companyAssets(companyId)}>
          All assets
        </Anchor>
        {(parents.data ?? []).map((parent) => (
          <Anchor
            key={parent.assetId}
            component={Link}
            to={adminPaths.companyAsset(companyId, parent.assetId)}
          >
            {displayAssetName(parent)}
          </Anchor>
        ))}
      </Breadcrumbs>
      <QueryState query={asset} label="the asset">
        {(data) => (
          <Group gap="sm">
            <Title order={2}>{displayAssetName(data)}</Title>
            <Badge variant="light">{shortenAssetType(data.type)}</Badge>
            {!data.isActive && <Badge color="gray">Inactive</Badge>}
            <Text size="sm" c="dimmed">
              Asset {data.assetId}
            </Text>
          </Group>
        )}
      </QueryState>
      <LinkTabs tabs={assetTabs} label="Asset sections" />
      <Outlet />
    </Stack>
  );
}
