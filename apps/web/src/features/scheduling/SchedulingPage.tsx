import { Title } from '@mantine/core';

/** The scheduling screen (issue 25 item 2): filled by its owner. */
export function SchedulingPage() {
  return <Title order={2}>Scheduling</Title>;
}
