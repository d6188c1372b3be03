import { useState } from 'react';
import { Button, Group, MultiSelect, Stack, Table } from '@mantine/core';
import type { Asset, User } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { useCompanyUsers } from '../users/usersQueries.ts';
import { useAddAssetToUsers, useAssetUsers, useRemoveAssetFromUsers } from './accessGroupsQueries.ts';
import { assetDisplayName } from '@kelvin/domain';

/** The users whose access groups hold the asset; users of the asset's company can be added or removed. */
export function AssetUsersTab({ asset }: { asset: Asset }) {
  const scope = usePermissionScope();
  // Who holds an asset is user data (names, emails): only readers of the company's users may see it.
  const canRead = scope.forCompany('users:read', asset.companyId);
  const users = useAssetUsers(asset.assetId, canRead);
  const remove = useRemoveAssetFromUsers();
  const canChange = scope.forCompany('users:write', asset.companyId);
  const name = assetDisplayName(asset);

  function handleRemove(user: User) {
    void modals.danger({
      title: 'Remove user',
      message: `Remove ${name} from the access group of ${user.name}? They will no longer see it.`,
      okLabel: 'Remove',
      onOk: () =>
        remove
          .mutateAsync({ assetId: asset.assetId, userIds: [user.userId] })
          .then(() => toastsFor(`${user.name} removed`).onSuccess(), failWithToast),
    });
  }

  if (!canRead) {
    return <EmptyState>You do not have permission to see who has access to this asset.</EmptyState>;
  }

  return (
    <Stack>
      <QueryState query={users} label="the users">
        {(list) => (
          <>
            {canChange && <AddAssetUsers asset={asset} present={list} />}
            {list.length === 0 ? (
              <EmptyState>No user has this asset in an access group.</EmptyState>
            ) : (
              <Table striped aria-label="Users with access">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Email</Table.Th>
                    {canChange && <Table.Th>Actions</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((user) => (
                    <Table.Tr key={user.userId}>
                      <Table.Td>{user.name}</Table.Td>
                      <Table.Td>{user.email}</Table.Td>
                      {canChange && (
                        <Table.Td>
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            aria-label={`Remove ${user.name}`}
                            onClick={() => handleRemove(user)}
                          >
                            Remove
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function AddAssetUsers({ asset, present }: { asset: Asset; present: readonly User[] }) {
  const companyUsers = useCompanyUsers(asset.companyId);
  const add = useAddAssetToUsers();
  const [selected, setSelected] = useState<string[]>([]);
  const presentIds = new Set(present.map((user) => user.userId));
  const options = (companyUsers.data ?? [])
    .filter((user) => !user.isDeleted && !presentIds.has(user.userId))
    .map((user) => ({ value: String(user.userId), label: `${user.name} (${user.email})` }));

  function handleAdd() {
    const userIds = selected.map(Number);
    if (userIds.length === 0) return;
    add.mutate(
      { assetId: asset.assetId, userIds },
      toastsFor(userIds.length === 1 ? 'User added' : `${userIds.length} users added`, () => setSelected([])),
    );
  }

  return (
    <Group align="flex-end">
      <MultiSelect
        label="Add users"
        placeholder={companyUsers.isPending ? 'Loading users' : 'Choose users'}
        data={options}
        value={selected}
        onChange={setSelected}
        searchable
        nothingFoundMessage="No other users in this company"
        style={{ flex: 1 }}
      />
      <Button onClick={handleAdd} disabled={selected.length === 0} loading={add.isPending}>
        Add
      </Button>
    </Group>
  );
}
