import { Title } from '@mantine/core';

/** Settings → General (issue 25 item 4): filled by its owner. */
export function GeneralSettingsPage() {
  return <Title order={2}>General settings</Title>;
}
