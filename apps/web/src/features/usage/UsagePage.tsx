import { Title } from '@mantine/core';

/** Usage (issue 25 item 5), for the provider's administrators: filled by its owner. */
export function UsagePage() {
  return <Title order={2}>Usage</Title>;
}
