import { useEffect, useState } from 'react';
import { Alert, Badge, Group, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { formatAgo } from '../../shared/formatting/elapsed.ts';
import { useOnlineStatus } from './commandsQueries.ts';

/** Re-renders every `ms` so that an 'ago' stays true while nothing else changes. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * Whether the unit is sending: a quiet badge while it is, a warning naming when it was last heard from once it
 * stopped (or that it never sent anything).
 */
export function LastHeardFrom({ assetId, timeZone }: { assetId: number; timeZone: string }) {
  const status = useOnlineStatus(assetId);
  const now = useNow(10_000);
  if (!status.data) return null;
  const { isOnline, lastSeenAt } = status.data;
  const seen = lastSeenAt === null ? null : Date.parse(lastSeenAt);
  if (isOnline && seen !== null) {
    return (
      <Group gap="xs">
        <Badge color="green" variant="dot">
          Sending
        </Badge>
        <Text size="xs" c="dimmed">
          last value {formatAgo(seen, now)}
        </Text>
      </Group>
    );
  }
  return (
    <Alert
      color="yellow"
      icon={<IconPlugConnectedX size={18} />}
      title="This unit stopped sending"
      role="status"
    >
      {seen === null
        ? 'No value has ever arrived from it.'
        : `Last heard from ${formatDateTime(seen, timeZone)} (${formatAgo(seen, now)}). The values below are the last it sent.`}
    </Alert>
  );
}
