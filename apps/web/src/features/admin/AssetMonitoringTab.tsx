import { useState } from 'react';
import { Alert, Button, Divider, Stack, Switch, Text } from '@mantine/core';
import type { Asset } from '@kelvin/contract';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { AssetFromRoute } from '../assets/AssetFromRoute.tsx';
import { useUpdateAsset } from '../assets/assetsQueries.ts';
import { useCompany } from '../companies/companiesQueries.ts';
import { AssetMonitorGroupFields } from '../monitorGroups/AssetMonitorGroupFields.tsx';
import { ThresholdsSection } from '../thresholds/ThresholdsSection.tsx';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';

/** adminCompanyAssetMonitoring: whether the asset is monitored, its monitor group, and its thresholds. */
export function AssetMonitoringTab() {
  return (
    <AssetFromRoute>
      {(asset) => (
        <Stack gap="xl">
          <MonitoringForm key={asset.assetId} asset={asset} />
          <Divider />
          <ThresholdsOfAsset asset={asset} />
        </Stack>
      )}
    </AssetFromRoute>
  );
}

function ThresholdsOfAsset({ asset }: { asset: Asset }) {
  const canWrite = usePermissionScope().forCompany('assets:write', asset.companyId);
  return <ThresholdsSection asset={asset} canWrite={canWrite} />;
}

function MonitoringForm({ asset }: { asset: Asset }) {
  const update = useUpdateAsset(asset.assetId);
  const canWrite = usePermissionScope().forCompany('assets:write', asset.companyId);
  const [isMonitored, setIsMonitored] = useState(asset.isMonitored);
  const [monitorGroupId, setMonitorGroupId] = useState<number | null>(asset.monitorGroupId);
  const [error, setError] = useState<string | null>(null);
  const company = useCompany(asset.companyId);

  function handleSave() {
    setError(null);
    update
      .mutateAsync({ isMonitored, monitorGroupId })
      .then(() => toastsFor('Monitoring saved').onSuccess(), failWithToast)
      .catch((caught: unknown) => setError(errorMessage(caught)));
  }

  return (
    <Stack maw={640}>
      <Switch
        label="Is monitored"
        checked={isMonitored}
        onChange={(event) => setIsMonitored(event.currentTarget.checked)}
        disabled={!canWrite}
      />
      <AssetMonitorGroupFields
        companyId={asset.companyId}
        companyName={company.data?.name}
        monitorGroupId={monitorGroupId}
        onChange={setMonitorGroupId}
        disabled={!canWrite}
      />
      {error !== null && (
        <Alert color="red" role="alert" title="Not saved">
          {error}
        </Alert>
      )}
      {canWrite ? (
        <Button onClick={handleSave} loading={update.isPending} w="fit-content">
          Save monitoring
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          You may view but not change monitoring.
        </Text>
      )}
    </Stack>
  );
}
