import { Title } from '@mantine/core';

/** Settings → Subscriptions (issue 25 item 4): filled by its owner. */
export function SubscriptionsPage() {
  return <Title order={2}>Subscriptions</Title>;
}
