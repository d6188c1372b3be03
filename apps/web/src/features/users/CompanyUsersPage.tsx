import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Stack, Switch, Table, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { adminPaths } from '../../shared/routing/paths.ts';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { useIdParam } from '../../shared/routing/useIdParam.ts';
import { useRoles } from './rolesQueries.ts';
import { UserForm } from './UserForm.tsx';
import { useCompanyUsers, useCreateUser } from './usersQueries.ts';

/** adminCompanyUsersView: the company's users, searchable, and a create form with roles. */
export function CompanyUsersPage() {
  const companyId = useIdParam('companyId');
  const users = useCompanyUsers(companyId);
  const roles = useRoles();
  const createUser = useCreateUser();
  const canWrite = usePermissionScope().forCompany('users:write', companyId);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const [showDeleted, setShowDeleted] = useState(false);
  const needle = search.trim().toLowerCase();

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Users</Title>
        {canWrite && <Button onClick={() => setCreating(true)}>Create user</Button>}
      </Group>
      <Group align="flex-end">
        <TextInput
          label="Search users"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Switch
          label="Show deleted users"
          checked={showDeleted}
          onChange={(event) => setShowDeleted(event.currentTarget.checked)}
        />
      </Group>
      <QueryState query={users} label="the users">
        {(list) => {
          const shown = list.filter(
            (user) =>
              (showDeleted || !user.isDeleted) &&
              (user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle)),
          );
          if (shown.length === 0) {
            return (
              <EmptyState>
                {needle ? 'No user matches the search.' : 'This company has no users yet.'}
              </EmptyState>
            );
          }
          return (
            <Table striped highlightOnHover aria-label="Users">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Job title</Table.Th>
                  <Table.Th>Location</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((user) => (
                  <Table.Tr key={user.userId}>
                    <Table.Td>
                      <Anchor component={Link} to={adminPaths.companyUser(companyId, user.userId)}>
                        {user.name}
                      </Anchor>{' '}
                      {user.isDeleted && <Badge color="gray">Deleted</Badge>}
                    </Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{user.role ?? ''}</Table.Td>
                    <Table.Td>{user.location ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          );
        }}
      </QueryState>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Create user" size="lg">
        <UserForm
          mode={{ kind: 'create', companyId, roles: roles.data ?? [] }}
          submitLabel="Create user"
          onCancel={() => setCreating(false)}
          onSubmit={(submit) => {
            if (submit.kind !== 'create') return Promise.resolve();
            return createUser.mutateAsync(submit.input).then((user) => {
              toastsFor(`${user.name} created`).onSuccess();
              setCreating(false);
              void navigate(adminPaths.companyUser(companyId, user.userId));
            }, failWithToast);
          }}
        />
      </Modal>
    </Stack>
  );
}
