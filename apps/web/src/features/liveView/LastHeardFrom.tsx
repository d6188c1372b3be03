import { useEffect, useState } from 'react';
import { Alert, Badge, Group, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { formatAgo } from '../../shared/formatting/elapsed.ts';
import { useLastLiveValueAt } from '../live/useLastLiveValueAt.ts';
import { useOnlineStatus } from './commandsQueries.ts';

/** While a unit is not sending, its status is asked this often (the query's own half-minute is for sending units). */
const NOT_SENDING_POLL_MS = 5_000;

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
 * Whether the unit is sending and when it was last heard from: the server's answer, overtaken by a live value
 * stamped after it. The answer is polled; the page's live values arrive as they are taken. A unit that was silent
 * when the status was read and sends now is sending from its first value, not from the next poll.
 */
function heardFrom(status: { isOnline: boolean; lastSeenAt: string | null }, liveAt: number | null) {
  const polled = status.lastSeenAt === null ? null : Date.parse(status.lastSeenAt);
  const sentSince = liveAt !== null && (polled === null || liveAt > polled);
  return {
    sending: status.isOnline || sentSince,
    seen: sentSince ? liveAt : polled,
  };
}

/**
 * Whether the unit is sending: a quiet badge while it is, a warning naming when it was last heard from once it
 * stopped (or that it never sent anything).
 */
export function LastHeardFrom({ assetId, timeZone }: { assetId: number; timeZone: string }) {
  const status = useOnlineStatus(assetId);
  const liveAt = useLastLiveValueAt(assetId);
  const now = useNow(10_000);
  const heard = status.data ? heardFrom(status.data, liveAt) : null;
  const waiting = heard !== null && !heard.sending;
  const { refetch } = status;
  // A unit that has not sent yet has no rows whose values could tell: only its status can, so it is asked often.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void refetch(), NOT_SENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, refetch]);

  if (!heard) return null;
  const { sending, seen } = heard;
  if (sending && seen !== null) {
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
