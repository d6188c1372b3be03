import { useState } from 'react';
import { Badge, Button, Card, Group, Title } from '@mantine/core';
import type { ServiceContract } from '@kelvin/contract';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { ContractForm } from './ContractForm.tsx';
import { useUpdateContract } from './coverageQueries.ts';
import { COVERAGE_STATE_COLORS, COVERAGE_STATE_LABELS } from './coverageLabels.ts';

/**
 * Contracts viewer card (spec): 'Contract: {contractId}', 30rem wide, Label, Managed Status, Payment Status, Start
 * Date and End Date read-only until Edit; Edit / Stop Editing toggles them, and Save keeps the change. Only users
 * who may write the company's contracts get Edit.
 */
export function ContractCard({ contract }: { contract: ServiceContract }) {
  const canEdit = usePermissionScope().forCompany('contracts:write', contract.companyId);
  const update = useUpdateContract();
  const [editing, setEditing] = useState(false);
  // A new key when editing starts or the contract changes: the form starts again from the contract as it is.
  const formKey = `${contract.contractId}-${contract.updatedAt}-${editing}`;

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      w="30rem"
      maw="100%"
      aria-label={`Contract: ${contract.contractId}`}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs">
          <Title order={2} size="h4">
            Contract: {contract.contractId}
          </Title>
          <Badge variant="light" color={COVERAGE_STATE_COLORS[contract.state]}>
            {COVERAGE_STATE_LABELS[contract.state]}
          </Badge>
        </Group>
        {canEdit && (
          <Button variant="light" size="xs" onClick={() => setEditing((on) => !on)} aria-pressed={editing}>
            {editing ? 'Stop Editing' : 'Edit'}
          </Button>
        )}
      </Group>
      <ContractForm
        key={formKey}
        initial={contract}
        disabled={!editing}
        withCoversParts={false}
        submitLabel="Save"
        onSubmit={(fields) =>
          update
            .mutateAsync({ contractId: contract.contractId, ...fields, coversParts: contract.coversParts })
            .then(() => {
              toastsFor(`Contract ${contract.contractId} saved`).onSuccess();
              setEditing(false);
            }, failWithToast)
        }
      />
    </Card>
  );
}
