import { useEffect, useState } from 'react';
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { fetchVersionInfo, watchVersion, type VersionInfo } from './versionWatcher.ts';

export interface VersionBannerProps {
  fetchVersion?: () => Promise<VersionInfo>;
  onRefresh?: () => void;
}

function reloadPage(): void {
  window.location.reload();
}

/** Spec: banner 'A new version is available.' with 'Refresh Now'; it can be dismissed. */
export function VersionBanner({
  fetchVersion = fetchVersionInfo,
  onRefresh = reloadPage,
}: VersionBannerProps) {
  const [visible, setVisible] = useState(false);

  useEffect(() => watchVersion(() => setVisible(true), fetchVersion), [fetchVersion]);

  if (!visible) return null;
  return (
    <Paper role="status" aria-label="New version" shadow="sm" p="xs" radius={0} bg="blue.0">
      <Group justify="center" gap="sm">
        <Text size="sm">A new version is available.</Text>
        <Button size="xs" onClick={onRefresh}>
          Refresh Now
        </Button>
        <CloseButton size="sm" aria-label="Dismiss" onClick={() => setVisible(false)} />
      </Group>
    </Paper>
  );
}
