import { useState } from 'react';
import { Button, Code, Group, List, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { Role, User } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { useIdParam } from '../../shared/routing/useIdParam.ts';
import { useAssignRole, useRemoveRole, useRoles, useUserRoles } from './rolesQueries.ts';
import { useUser } from './usersQueries.ts';

/** The permissions a set of roles grants, each once, sorted. */
export function permissionsOfRoles(roles: readonly Role[]): string[] {
  return [...new Set(roles.flatMap((role) => role.permissions))].sort();
}

/** userPermissions: the user's roles (assign, remove) and the permissions they add up to. */
export function UserPermissionsTab() {
  const user = useUser(useIdParam('userId'));
  return (
    <QueryState query={user} label="the user">
      {(data) => <UserRoles user={data} />}
    </QueryState>
  );
}

function UserRoles({ user }: { user: User }) {
  const userRoles = useUserRoles(user.userId);
  const allRoles = useRoles();
  const assign = useAssignRole();
  const remove = useRemoveRole();
  const canManage = usePermissionScope().forCompany('roles:manage', user.companyId) && !user.isDeleted;
  const [choice, setChoice] = useState<string | null>(null);

  function handleRemove(role: Role) {
    void modals.danger({
      title: 'Remove role',
      message: `Take the role ${role.name} from ${user.name}?`,
      okLabel: 'Remove role',
      onOk: () =>
        remove
          .mutateAsync({ userId: user.userId, roleId: role.roleId })
          .then(() => toastsFor(`${role.name} removed`).onSuccess(), failWithToast),
    });
  }

  return (
    <QueryState query={userRoles} label="the roles">
      {(roles) => {
        const held = new Set(roles.map((role) => role.roleId));
        const options = (allRoles.data ?? [])
          .filter((role) => !held.has(role.roleId))
          .map((role) => ({ value: String(role.roleId), label: role.name }));
        const permissions = permissionsOfRoles(roles);
        return (
          <Stack>
            <Title order={3}>Roles</Title>
            {canManage && (
              <Group align="flex-end">
                <Select label="Role to assign" data={options} value={choice} onChange={setChoice} w={320} />
                <Button
                  disabled={choice === null}
                  loading={assign.isPending}
                  onClick={() =>
                    choice !== null &&
                    assign.mutate(
                      { userId: user.userId, roleId: Number(choice) },
                      toastsFor('Role assigned', () => setChoice(null)),
                    )
                  }
                >
                  Assign role
                </Button>
              </Group>
            )}
            {roles.length === 0 ? (
              <EmptyState>This user has no roles.</EmptyState>
            ) : (
              <Table striped aria-label="Roles">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Description</Table.Th>
                    {canManage && <Table.Th>Actions</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {roles.map((role) => (
                    <Table.Tr key={role.roleId}>
                      <Table.Td>{role.name}</Table.Td>
                      <Table.Td>{role.description}</Table.Td>
                      {canManage && (
                        <Table.Td>
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            aria-label={`Remove role ${role.name}`}
                            onClick={() => handleRemove(role)}
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
            <Title order={3}>Permissions</Title>
            {permissions.length === 0 ? (
              <EmptyState>The roles grant no permissions.</EmptyState>
            ) : (
              <>
                <Text size="sm" c="dimmed">
                  What the roles above grant together.
                </Text>
                <List aria-label="Permissions" spacing={2}>
                  {permissions.map((permission) => (
                    <List.Item key={permission}>
                      <Code>{permission}</Code>
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
