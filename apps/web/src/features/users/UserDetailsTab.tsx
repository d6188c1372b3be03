import { Button, Stack, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { User } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { adminPaths } from '../../shared/routing/paths.ts';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useIdParam } from '../../shared/routing/useIdParam.ts';
import { UserForm } from './UserForm.tsx';
import { useDeleteUser, useUpdateUser, useUser } from './usersQueries.ts';

/** userDetails: edit the user's details; delete (a soft delete) behind the danger dialog. */
export function UserDetailsTab() {
  const user = useUser(useIdParam('userId'));
  return (
    <QueryState query={user} label="the user">
      {(data) => <UserDetails key={data.userId} user={data} />}
    </QueryState>
  );
}

function UserDetails({ user }: { user: User }) {
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const navigate = useNavigate();
  const canWrite = usePermissionScope().forCompany('users:write', user.companyId) && !user.isDeleted;

  function handleDelete() {
    void modals.danger({
      title: 'Delete user',
      message: `Delete ${user.name}? They will no longer be able to sign in; their history stays.`,
      okLabel: 'Delete user',
      onOk: () =>
        remove.mutateAsync(user.userId).then(() => {
          toastsFor(`${user.name} deleted`).onSuccess();
          void navigate(adminPaths.companyUsers(user.companyId));
        }, failWithToast),
    });
  }

  if (!canWrite) {
    const rows: [string, string | null][] = [
      ['Name', user.name],
      ['Email', user.email],
      ['Job title', user.role],
      ['Location', user.location],
      ['Primary phone', user.primaryPhone],
      ['Secondary phone', user.secondaryPhone],
    ];
    return (
      <Stack>
        {user.isDeleted && <Text c="dimmed">This user has been deleted.</Text>}
        <Table aria-label="User details">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th>{label}</Table.Th>
                <Table.Td>{value ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    );
  }

  return (
    <UserForm
      mode={{ kind: 'edit', user }}
      submitLabel="Save user"
      onSubmit={(submit) =>
        submit.kind === 'edit'
          ? update.mutateAsync(submit.input).then(() => toastsFor('User saved').onSuccess(), failWithToast)
          : Promise.resolve()
      }
      extraActions={
        <Button color="red" variant="light" onClick={handleDelete}>
          Delete user
        </Button>
      }
    />
  );
}
