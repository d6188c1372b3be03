import { useState } from 'react';
import { Badge, Button, Group, Stack, Switch, Table, Text } from '@mantine/core';
import type { ProblemAutomation } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { AssetFromRoute } from '../assets/AssetFromRoute.tsx';
import { PROBLEMS_WRITE } from './ProblemsPanel.tsx';
import { useAutomations, useDisableAutomations } from './problemsQueries.ts';

const TYPE_LABELS: Readonly<Record<ProblemAutomation['type'], string>> = {
  AUTO_ACKNOWLEDGEMENT: 'Auto-acknowledge',
  AUTO_MUTE: 'Auto-mute',
};
const STATE_COLOURS: Readonly<Record<ProblemAutomation['state'], string>> = {
  ACTIVE: 'teal',
  EXPIRED: 'gray',
  DISABLED: 'gray',
};

/** devicesAssets.automation: the asset's automations, ended ones on request, each active one disabled here. */
export function DeviceAutomationTab() {
  return (
    <AssetFromRoute>
      {(asset) => <AutomationList assetId={asset.assetId} companyId={asset.companyId} />}
    </AssetFromRoute>
  );
}

export function AutomationList({ assetId, companyId }: { assetId: number; companyId: number }) {
  const [includeEnded, setIncludeEnded] = useState(false);
  const automations = useAutomations(assetId, includeEnded);
  const disable = useDisableAutomations();
  const canWrite = usePermissionScope().forCompany(PROBLEMS_WRITE, companyId);
  const timeZone = userTimeZone();
  const at = (iso: string) => formatDateTime(Date.parse(iso), timeZone);

  function handleDisable(automation: ProblemAutomation) {
    void modals.danger({
      title: 'Disable automation',
      message: `Stop ${TYPE_LABELS[automation.type].toLowerCase()} of ${automation.ruleName}? Problems it muted are muted no longer; acknowledgements stay.`,
      okLabel: 'Disable',
      onOk: () =>
        disable
          .mutateAsync([automation.problemAutomationId])
          .then(() => toastsFor('Automation disabled').onSuccess())
          .catch((error: unknown) => {
            toastsFor('').onError(error);
            return false;
          }),
    });
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Automations acknowledge or mute this asset’s problems of one rule until they expire. Set them from
          the problems list (select problems, then Automate…).
        </Text>
        <Switch
          label="Show ended"
          checked={includeEnded}
          onChange={(event) => setIncludeEnded(event.currentTarget.checked)}
        />
      </Group>
      <QueryState query={automations} label="the automations">
        {(list) =>
          list.length === 0 ? (
            <EmptyState>
              {includeEnded
                ? 'No automation was ever set on this asset.'
                : 'No automation is active on this asset. To set one, select its problems in the Problems section and choose Automate….'}
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table striped aria-label="Automations">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={140}>Action</Table.Th>
                    <Table.Th>Rule</Table.Th>
                    <Table.Th>Description</Table.Th>
                    <Table.Th>Set by</Table.Th>
                    <Table.Th w={150}>Expires</Table.Th>
                    <Table.Th w={110}>State</Table.Th>
                    {canWrite && <Table.Th w={100} aria-label="Actions" />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((automation) => (
                    <Table.Tr key={automation.problemAutomationId}>
                      <Table.Td>{TYPE_LABELS[automation.type]}</Table.Td>
                      <Table.Td>{automation.ruleName}</Table.Td>
                      <Table.Td>{automation.description}</Table.Td>
                      <Table.Td>
                        {automation.setting.setByName}
                        <Text size="xs" c="dimmed">
                          {at(automation.setting.setAt)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{at(automation.expiredBy)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={STATE_COLOURS[automation.state]} radius="sm">
                          {automation.state === 'ACTIVE'
                            ? 'Active'
                            : automation.state === 'EXPIRED'
                              ? 'Expired'
                              : 'Disabled'}
                        </Badge>
                      </Table.Td>
                      {canWrite && (
                        <Table.Td>
                          {automation.state === 'ACTIVE' && (
                            <Button
                              size="compact-sm"
                              variant="light"
                              color="red"
                              onClick={() => handleDisable(automation)}
                              aria-label={`Disable ${TYPE_LABELS[automation.type].toLowerCase()} of ${automation.ruleName}`}
                            >
                              Disable
                            </Button>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
    </Stack>
  );
}
