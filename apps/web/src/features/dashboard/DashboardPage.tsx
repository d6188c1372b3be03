import { Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';

/** The landing area for users. */
export function DashboardPage() {
  const { data } = useCurrentUser();
  if (!data) return null;
  return (
    <Stack>
      <Title order={1}>Welcome, {data.user.name}</Title>
      <Text c="dimmed">{data.subscription.companyName}</Text>
    </Stack>
  );
}
