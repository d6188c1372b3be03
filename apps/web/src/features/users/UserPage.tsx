import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { LinkTabs } from '../../shared/ui/LinkTabs.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useIdParam } from '../../shared/routing/useIdParam.ts';
import { useUser } from './usersQueries.ts';

const userTabs = [
  { path: 'details', label: 'Details' },
  { path: 'assets', label: 'Assets' },
  { path: 'permissions', label: 'Permissions' },
] as const;

/** adminCompanyUser: the user's name and the details, assets and permissions tabs. */
export function UserPage() {
  const user = useUser(useIdParam('userId'));
  return (
    <Stack>
      <QueryState query={user} label="the user">
        {(data) => (
          <Group gap="sm">
            <Title order={2}>{data.name}</Title>
            <Text c="dimmed">{data.email}</Text>
            {data.isDeleted && <Badge color="gray">Deleted</Badge>}
          </Group>
        )}
      </QueryState>
      <LinkTabs tabs={userTabs} label="User sections" />
      <Outlet />
    </Stack>
  );
}
