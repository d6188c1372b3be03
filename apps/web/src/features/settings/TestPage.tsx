import { Title } from '@mantine/core';

/** The test page (platform-core route 'test'): filled by its owner. */
export function TestPage() {
  return <Title order={2}>Test</Title>;
}
