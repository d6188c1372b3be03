import { useState } from 'react';
import { Anchor, Badge, Box, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { MonitorGroup } from '@kelvin/contract';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { EmptyState, QueryError } from '../../shared/ui/QueryState.tsx';
import { useIdParam } from '../../shared/routing/useIdParam.ts';
import { useCompany } from '../companies/companiesQueries.ts';
import { GroupFormDialog } from './GroupFormDialog.tsx';
import { useMonitorGroups } from './monitorGroupsQueries.ts';
import { CompanyBadge, monitorGroupPaths } from './monitorGroupLinks.tsx';

const COLUMNS = ['Name', 'Company', 'Rules', 'Assets'] as const;
type Column = (typeof COLUMNS)[number];
/** Counts align right; on a phone the company moves under the name, so that the counts stay in view. */
const columnProps = (column: Column) =>
  column === 'Company' ? { visibleFrom: 'sm' } : column === 'Name' ? {} : { ta: 'right' as const, w: 80 };

/** adminMonitorGroupsView: the company's monitor groups and the library's, with create. */
export function MonitorGroupsPage() {
  const companyId = useIdParam('companyId');
  const groups = useMonitorGroups(companyId);
  const company = useCompany(companyId);
  const canWrite = usePermissionScope().forCompany('problemRules:write', companyId);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const companyName = company.data?.name ?? 'This company';

  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={2}>Monitor groups</Title>
          <Text size="sm" c="dimmed">
            A unit is watched by the problem rules of its monitor group: the company’s own or one from the
            library.
          </Text>
        </Stack>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New monitor group
          </Button>
        )}
      </Group>
      {groups.isError ? (
        <QueryError label="the monitor groups" error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data?.length === 0 ? (
        <EmptyState>
          {canWrite
            ? 'No monitor groups yet. Create one, add problem rules to it, then attach it to units in their monitoring tab.'
            : 'No monitor groups yet. An administrator of this company can create one.'}
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={320} type="native">
          <Table striped highlightOnHover aria-label="Monitor groups" aria-busy={groups.isPending}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column} {...columnProps(column)}>
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.data
                ? groups.data.map((group) => (
                    <GroupRow
                      key={group.monitorGroupId}
                      group={group}
                      companyId={companyId}
                      companyName={companyName}
                    />
                  ))
                : // Placeholder rows keep the table's place while the groups load.
                  [0, 1, 2].map((row) => (
                    <Table.Tr key={row}>
                      {COLUMNS.map((column) => (
                        <Table.Td key={column} {...columnProps(column)}>
                          <Skeleton height={14} my={4} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {creating && (
        <GroupFormDialog
          companyId={companyId}
          group={null}
          onClose={() => setCreating(false)}
          onSaved={(group) => void navigate(monitorGroupPaths.group(companyId, group.monitorGroupId))}
        />
      )}
    </Stack>
  );
}

function GroupRow({
  group,
  companyId,
  companyName,
}: {
  group: MonitorGroup;
  companyId: number;
  companyName: string;
}) {
  const rules = group.problemRuleDefinitionIds.length;
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={monitorGroupPaths.group(companyId, group.monitorGroupId)}>
          {group.name}
        </Anchor>
        {group.description !== null && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {group.description}
          </Text>
        )}
        <Box hiddenFrom="sm" mt={4}>
          <CompanyBadge group={group} companyName={companyName} />
        </Box>
      </Table.Td>
      <Table.Td {...columnProps('Company')}>
        <CompanyBadge group={group} companyName={companyName} />
      </Table.Td>
      <Table.Td {...columnProps('Rules')}>
        {rules === 0 ? (
          <Badge variant="light" color="orange">
            No rules
          </Badge>
        ) : (
          rules
        )}
      </Table.Td>
      <Table.Td {...columnProps('Assets')}>{group.assetCount}</Table.Td>
    </Table.Tr>
  );
}
