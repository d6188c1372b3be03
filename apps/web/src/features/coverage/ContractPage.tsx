import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet, useNavigate } from 'react-router';
import { modals } from '../../app/modals/modalStore.ts';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { useIdParam } from '../../shared/routing/useIdParam.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { LinkTabs } from '../../shared/ui/LinkTabs.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { CoverageMissing } from './CoverageMissing.tsx';
import { COVERAGE_STATE_COLORS, COVERAGE_STATE_LABELS } from './coverageLabels.ts';
import { coveragePaths } from './coveragePaths.ts';
import { useContracts, useDeleteContract } from './coverageQueries.ts';

const contractTabs = [
  { path: 'details', label: 'Details' },
  { path: 'assets', label: 'Assets' },
] as const;

/** The contract of the route, for its page and tabs (one query, shared through the cache). */
export function useRouteContract() {
  const contractId = useIdParam('contractId');
  const contracts = useContracts({ contractIds: [contractId] });
  return { contractId, contracts, contract: contracts.data?.find((item) => item.contractId === contractId) };
}

/** adminCompanyContract: the contract's title, state and its Details and Assets tabs; Delete for writers. */
export function ContractPage() {
  const companyId = useIdParam('companyId');
  const { contractId, contracts, contract } = useRouteContract();
  const canWrite = usePermissionScope().forCompany('contracts:write', companyId);
  const remove = useDeleteContract();
  const navigate = useNavigate();

  const confirmDelete = () =>
    void modals.danger({
      title: 'Delete contract',
      message: `Delete contract ${contractId}? Its assets are no longer covered by it; tickets already made keep their billing.`,
      okLabel: 'Delete',
      onOk: () =>
        remove.mutateAsync(contractId).then(() => {
          toastsFor(`Contract ${contractId} deleted`).onSuccess();
          void navigate(coveragePaths.companyContracts(companyId));
        }, failWithToast),
    });

  return (
    <Stack>
      <QueryState query={contracts} label="the contract">
        {() =>
          contract === undefined ? (
            <CoverageMissing what="Contract" id={contractId} />
          ) : (
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Group gap="xs">
                  <Title order={2}>Contract: {contract.contractId}</Title>
                  <Badge variant="light" color={COVERAGE_STATE_COLORS[contract.state]}>
                    {COVERAGE_STATE_LABELS[contract.state]}
                  </Badge>
                </Group>
                <Text c="dimmed">{contract.label}</Text>
              </Stack>
              <Group gap="xs">
                <Anchor component={Link} to={coveragePaths.contractsViewer([contract.contractId])} size="sm">
                  Open in the viewer
                </Anchor>
                {canWrite && (
                  <Button variant="light" color="red" onClick={confirmDelete} loading={remove.isPending}>
                    Delete contract
                  </Button>
                )}
              </Group>
            </Group>
          )
        }
      </QueryState>
      <LinkTabs tabs={contractTabs} label="Contract sections" />
      <Outlet />
    </Stack>
  );
}
