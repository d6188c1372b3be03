import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { CONTRACT_MANAGED_STATUS_LABELS, CONTRACT_PAYMENT_STATUS_LABELS } from '@kelvin/contract';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { useIdParam } from '../../shared/routing/useIdParam.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { ContractForm, NEW_CONTRACT } from './ContractForm.tsx';
import { COVERAGE_STATE_COLORS, COVERAGE_STATE_LABELS, formatCalendarDate } from './coverageLabels.ts';
import { coveragePaths } from './coveragePaths.ts';
import { useContracts, useCreateContract } from './coverageQueries.ts';

/** adminCompanyContractsView: the company's service contracts, newest start first, and Create contract. */
export function CompanyContractsPage() {
  const companyId = useIdParam('companyId');
  const contracts = useContracts({ companyIds: [companyId] });
  const create = useCreateContract();
  const canWrite = usePermissionScope().forCompany('contracts:write', companyId);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Contracts</Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Create contract
          </Button>
        )}
      </Group>
      <QueryState query={contracts} label="the contracts">
        {(list) =>
          list.length === 0 ? (
            <EmptyState>
              This company has no service contracts.
              {canWrite ? ' Create one with Create contract, then add the units it covers.' : ''}
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover aria-label="Contracts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Contract</Table.Th>
                    <Table.Th>Label</Table.Th>
                    <Table.Th>Managed Status</Table.Th>
                    <Table.Th>Payment Status</Table.Th>
                    <Table.Th>Start Date</Table.Th>
                    <Table.Th>End Date</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Assets</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((contract) => (
                    <Table.Tr key={contract.contractId}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={coveragePaths.companyContract(companyId, contract.contractId)}
                        >
                          Contract {contract.contractId}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{contract.label}</Table.Td>
                      <Table.Td>{CONTRACT_MANAGED_STATUS_LABELS[contract.managedStatus]}</Table.Td>
                      <Table.Td>{CONTRACT_PAYMENT_STATUS_LABELS[contract.paymentStatus]}</Table.Td>
                      <Table.Td>{formatCalendarDate(contract.startDate)}</Table.Td>
                      <Table.Td>{formatCalendarDate(contract.endDate)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={COVERAGE_STATE_COLORS[contract.state]}>
                          {COVERAGE_STATE_LABELS[contract.state]}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">{contract.assetIds.length}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Create contract" size="lg">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Dates are whole days, both included. Add the units it covers once it is created.
          </Text>
          <ContractForm
            initial={NEW_CONTRACT}
            submitLabel="Create contract"
            onCancel={() => setCreating(false)}
            onSubmit={(fields) =>
              create.mutateAsync({ companyId, ...fields, assetIds: [] }).then((created) => {
                toastsFor(`Contract ${created.contractId} created`).onSuccess();
                setCreating(false);
                void navigate(`${coveragePaths.companyContract(companyId, created.contractId)}/assets`);
              }, failWithToast)
            }
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
