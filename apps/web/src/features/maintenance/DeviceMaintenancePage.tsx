import { Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { shortenAssetType } from '@kelvin/domain';
import { displayAssetName } from '../../shared/preferences/names.ts';
import { AssetFromRoute } from '../assets/AssetFromRoute.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useOptionalIdParam } from '../../shared/routing/useIdParam.ts';
import { useAsset } from '../assets/assetsQueries.ts';
import { AssetPicker } from '../devices/AssetPicker.tsx';
import { MaintenanceWindowsPanel } from './MaintenanceWindowsPanel.tsx';

/**
 * deviceMaintenance (/user/maintenance/{assetId?}): maintenance windows of the asset picked in the hierarchy (with
 * those of the halls, buildings and sites above it and the units below), or of every asset before one is picked.
 */
export function DeviceMaintenancePage() {
  const assetId = useOptionalIdParam('assetId');
  const navigate = useNavigate();
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        {/* On a phone the tree scrolls in its own box, so that the windows stay near the top. */}
        <Paper
          withBorder
          p="sm"
          component="nav"
          aria-label="Asset picker"
          mah={{ base: 340, md: 'none' }}
          style={{ overflowY: 'auto' }}
        >
          <AssetPicker
            selectedAssetId={assetId}
            onSelect={(id) => void navigate(`/user/maintenance/${id}`)}
          />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <Stack>
          <Title order={1} size="h2">
            Device maintenance
          </Title>
          {assetId === undefined ? <AllAssets /> : <ChosenAsset assetId={assetId} />}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function AllAssets() {
  return (
    <>
      <Text c="dimmed">
        Windows of every asset you can see. Choose an asset in the hierarchy to see its own and plan
        maintenance.
      </Text>
      <MaintenanceWindowsPanel />
    </>
  );
}

function ChosenAsset({ assetId }: { assetId: number }) {
  const asset = useAsset(assetId);
  return (
    <QueryState query={asset} label="the asset">
      {(data) => (
        <>
          <Group gap="sm">
            <Title order={2} size="h3">
              {displayAssetName(data)}
            </Title>
            <Badge variant="light">{shortenAssetType(data.type)}</Badge>
            <Button component={Link} to="/user/maintenance" variant="subtle" size="xs" ml="auto">
              Show every asset
            </Button>
          </Group>
          <MaintenanceWindowsPanel key={data.assetId} asset={data} />
        </>
      )}
    </QueryState>
  );
}

/** devicesAssets.maintenance: the maintenance tab of the device's asset. */
export function DeviceMaintenanceTab() {
  return (
    <AssetFromRoute>
      {(asset) => <MaintenanceWindowsPanel key={asset.assetId} asset={asset} />}
    </AssetFromRoute>
  );
}
