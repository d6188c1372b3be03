import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import { displayAssetName } from '../../shared/preferences/names.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { AssetFromRoute } from '../assets/AssetFromRoute.tsx';
import { AssetEventTickets } from '../tickets/problems/AssetEventTickets.tsx';
import { AdHocProblemDialog } from './AdHocProblemDialog.tsx';
import { ProblemSummaryHeader } from './ProblemSummaryHeader.tsx';
import { PROBLEMS_WRITE, ProblemsPanel } from './ProblemsPanel.tsx';

/** devicesProblems (devices/{assetId}/problems): one asset's problems, and reporting one a person found. */
export function DeviceProblemsPage() {
  const scope = usePermissionScope();
  const [reporting, setReporting] = useState(false);
  return (
    <AssetFromRoute>
      {(asset) => (
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Text c="dimmed" size="sm">
              Problems the rules found on {displayAssetName(asset)}, and those people reported.
            </Text>
            {scope.forCompany(PROBLEMS_WRITE, asset.companyId) && (
              <Button
                variant="default"
                leftSection={<IconMessageReport size={16} />}
                onClick={() => setReporting(true)}
              >
                Report a problem
              </Button>
            )}
          </Group>
          <ProblemSummaryHeader key={`summary-${asset.assetId}`} assetId={asset.assetId} />
          <AssetEventTickets asset={asset} />
          <ProblemsPanel key={asset.assetId} assetId={asset.assetId} />
          <AdHocProblemDialog
            asset={{ assetId: asset.assetId, name: displayAssetName(asset) }}
            opened={reporting}
            onClose={() => setReporting(false)}
          />
        </Stack>
      )}
    </AssetFromRoute>
  );
}
