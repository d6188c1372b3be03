import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';
import { useIdParam } from '../../shared/routing/useIdParam.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { COVERAGE_STATE_COLORS, COVERAGE_STATE_LABELS, formatCalendarDate, yesNo } from './coverageLabels.ts';
import { coveragePaths } from './coveragePaths.ts';
import { useCreateWarranty, useWarranties } from './coverageQueries.ts';
import { WarrantyForm } from './WarrantyForm.tsx';

/** adminCompanyWarrantiesView: the company's warranties, newest start first, and Create warranty. */
export function CompanyWarrantiesPage() {
  const companyId = useIdParam('companyId');
  const warranties = useWarranties({ companyIds: [companyId] });
  const create = useCreateWarranty();
  const canWrite = usePermissionScope().forCompany('warranties:write', companyId);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Warranties</Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Create warranty
          </Button>
        )}
      </Group>
      <QueryState query={warranties} label="the warranties">
        {(list) =>
          list.length === 0 ? (
            <EmptyState>
              This company has no warranties.
              {canWrite ? ' Create one with Create warranty, then add the units it covers.' : ''}
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover aria-label="Warranties">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Warranty</Table.Th>
                    <Table.Th>Label</Table.Th>
                    <Table.Th>Start Date</Table.Th>
                    <Table.Th>End Date</Table.Th>
                    <Table.Th>Duration</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Sample</Table.Th>
                    <Table.Th ta="right">Assets</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((warranty) => (
                    <Table.Tr key={warranty.warrantyId}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={coveragePaths.companyWarranty(companyId, warranty.warrantyId)}
                        >
                          Warranty {warranty.warrantyId}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{warranty.label}</Table.Td>
                      <Table.Td>{formatCalendarDate(warranty.startDate)}</Table.Td>
                      <Table.Td>{formatCalendarDate(warranty.endDate)}</Table.Td>
                      <Table.Td>{warranty.duration}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={COVERAGE_STATE_COLORS[warranty.state]}>
                          {COVERAGE_STATE_LABELS[warranty.state]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{yesNo(warranty.isSample)}</Table.Td>
                      <Table.Td ta="right">{warranty.assetIds.length}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Create warranty" size="lg">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            The start date is a day in the warranty&apos;s time zone; it ends start + duration, that day
            included.
          </Text>
          <WarrantyForm
            initial={{
              label: '',
              duration: 'P2Y',
              startDate: '',
              isSample: false,
              timeZoneId: userTimeZone(),
            }}
            submitLabel="Create warranty"
            onCancel={() => setCreating(false)}
            onSubmit={(fields) =>
              create.mutateAsync({ companyId, assetIds: [], ...fields }).then((created) => {
                toastsFor(`Warranty ${created.warrantyId} created`).onSuccess();
                setCreating(false);
                void navigate(`${coveragePaths.companyWarranty(companyId, created.warrantyId)}/assets`);
              }, failWithToast)
            }
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
