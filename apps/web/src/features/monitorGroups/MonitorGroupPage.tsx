import { useState } from 'react';
import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { MonitorGroup } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { EmptyState, QueryError } from '../../shared/ui/QueryState.tsx';
import { useIdParam } from '../../shared/routing/useIdParam.ts';
import { useCompany } from '../companies/companiesQueries.ts';
import { GroupFormDialog } from './GroupFormDialog.tsx';
import { GroupRulesSection } from './GroupRulesSection.tsx';
import { CompanyBadge, isLibrary, monitorGroupPaths } from './monitorGroupLinks.tsx';
import { useDeleteMonitorGroup, useMonitorGroup } from './monitorGroupsQueries.ts';

/** adminCompanyMonitorGroup: one monitor group, its rules, rename and delete. */
export function MonitorGroupPage() {
  const companyId = useIdParam('companyId');
  const monitorGroupId = useIdParam('monitorGroupId');
  const group = useMonitorGroup(monitorGroupId);
  const company = useCompany(companyId);
  const companyName = company.data?.name ?? 'The company';

  return (
    <Stack>
      <Anchor component={Link} to={monitorGroupPaths.groups(companyId)} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          All monitor groups
        </Group>
      </Anchor>
      {group.isError ? (
        <QueryError label="the monitor group" error={group.error} onRetry={() => void group.refetch()} />
      ) : group.data === undefined ? (
        <Stack gap="xs" aria-busy>
          <Skeleton height={30} width="35%" />
          <Skeleton height={14} width="55%" />
        </Stack>
      ) : group.data.companyId !== companyId && !isLibrary(group.data) ? (
        <EmptyState>This monitor group belongs to another company.</EmptyState>
      ) : (
        <GroupDetails group={group.data} companyId={companyId} companyName={companyName} />
      )}
    </Stack>
  );
}

function GroupDetails({
  group,
  companyId,
  companyName,
}: {
  group: MonitorGroup;
  companyId: number;
  companyName: string;
}) {
  const canWrite = usePermissionScope().forCompany('problemRules:write', group.companyId);
  const remove = useDeleteMonitorGroup();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);

  function confirmDelete() {
    void modals.danger({
      title: 'Delete monitor group',
      message: `Delete ${group.name}? Its rules stay; only the group goes.`,
      okLabel: 'Delete',
      onOk: () =>
        remove.mutateAsync(group.monitorGroupId).then(() => {
          toastsFor(`${group.name} deleted`).onSuccess();
          void navigate(monitorGroupPaths.groups(companyId));
        }, failWithToast),
    });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2}>{group.name}</Title>
            <CompanyBadge group={group} companyName={companyName} />
          </Group>
          {group.description !== null && <Text c="dimmed">{group.description}</Text>}
          <Text size="sm">
            {group.assetCount === 0
              ? 'No asset holds this group yet: attach it to units in their monitoring tab.'
              : `Watches ${group.assetCount} ${group.assetCount === 1 ? 'asset' : 'assets'}${isLibrary(group) ? ' of the companies you see' : ''}.`}
          </Text>
          {isLibrary(group) && !canWrite && (
            <Text size="sm" c="dimmed">
              A library group: any company may hold it; only the provider’s staff change it.
            </Text>
          )}
        </Stack>
        {canWrite && (
          <Group gap="xs">
            <Button variant="default" onClick={() => setRenaming(true)}>
              Rename
            </Button>
            <Button color="red" variant="light" onClick={confirmDelete}>
              Delete
            </Button>
          </Group>
        )}
      </Group>
      <GroupRulesSection group={group} companyName={companyName} canWriteGroup={canWrite} />
      {renaming && (
        <GroupFormDialog companyId={group.companyId} group={group} onClose={() => setRenaming(false)} />
      )}
    </Stack>
  );
}
