import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { Warranty } from '@kelvin/contract';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import {
  COVERAGE_STATE_COLORS,
  COVERAGE_STATE_LABELS,
  formatCalendarDate,
  READABLE_WHEN_DISABLED,
  yesNo,
} from './coverageLabels.ts';
import { useUpdateWarranty } from './coverageQueries.ts';
import { WarrantyForm } from './WarrantyForm.tsx';

/**
 * Warranties viewer card (spec): Label, Start Date, End Date and Status, Sample as Yes/No, read-only until Edit;
 * Edit / Stop Editing toggles the fields, and Save keeps the change through warranties.update.
 */
export function WarrantyCard({ warranty }: { warranty: Warranty }) {
  const canEdit = usePermissionScope().forCompany('warranties:write', warranty.companyId);
  const update = useUpdateWarranty();
  const [editing, setEditing] = useState(false);

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      w="30rem"
      maw="100%"
      aria-label={`Warranty: ${warranty.warrantyId}`}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs">
          <Title order={2} size="h4">
            Warranty: {warranty.warrantyId}
          </Title>
          {warranty.isSample && <Badge variant="outline">Sample</Badge>}
        </Group>
        {canEdit && (
          <Button variant="light" size="xs" onClick={() => setEditing((on) => !on)} aria-pressed={editing}>
            {editing ? 'Stop Editing' : 'Edit'}
          </Button>
        )}
      </Group>
      {editing ? (
        <WarrantyForm
          key={`${warranty.warrantyId}-${warranty.updatedAt}`}
          initial={warranty}
          submitLabel="Save"
          onSubmit={(fields) =>
            update
              .mutateAsync({
                warrantyId: warranty.warrantyId,
                companyId: warranty.companyId,
                assetIds: warranty.assetIds,
                ...fields,
              })
              .then(() => {
                toastsFor(`Warranty ${warranty.warrantyId} saved`).onSuccess();
                setEditing(false);
              }, failWithToast)
          }
        />
      ) : (
        <WarrantyReadOnly warranty={warranty} />
      )}
    </Card>
  );
}

function WarrantyReadOnly({ warranty }: { warranty: Warranty }) {
  return (
    <Stack gap="sm">
      <TextInput label="Label" value={warranty.label} disabled styles={READABLE_WHEN_DISABLED} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Start Date"
          value={formatCalendarDate(warranty.startDate)}
          disabled
          styles={READABLE_WHEN_DISABLED}
        />
        <TextInput
          label="End Date"
          value={formatCalendarDate(warranty.endDate)}
          disabled
          styles={READABLE_WHEN_DISABLED}
        />
        <TextInput
          label="Status"
          value={COVERAGE_STATE_LABELS[warranty.state]}
          disabled
          styles={READABLE_WHEN_DISABLED}
          rightSection={<Badge size="xs" circle color={COVERAGE_STATE_COLORS[warranty.state]} />}
        />
        <TextInput label="Sample" value={yesNo(warranty.isSample)} disabled styles={READABLE_WHEN_DISABLED} />
      </SimpleGrid>
    </Stack>
  );
}
