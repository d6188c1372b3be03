import {
  ActionIcon,
  Box,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { Notification } from '@kelvin/contract';
import { browserTimeZone, formatDateTime } from '../../shared/formatting/dateTime.ts';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { LEVEL_PAINTS } from '../problems/problemPaint.tsx';
import { useNotificationList } from './notificationsQueries.ts';
import { notificationSubject } from './useNotificationSignals.ts';

export interface NotificationListProps {
  /** Opens the problem a notification tells of (and marks it read). */
  onOpen: (notification: Notification) => void;
  onMarkRead: (notificationId: number) => void;
}

function NotificationItem({
  notification,
  onOpen,
  onMarkRead,
}: { notification: Notification } & NotificationListProps) {
  const paint = LEVEL_PAINTS[notification.level];
  const unread = notification.readAt === null;
  const at = formatDateTime(Date.parse(notification.createdAt), browserTimeZone());
  return (
    <Group
      component="li"
      gap="xs"
      wrap="nowrap"
      align="stretch"
      px="sm"
      py={8}
      data-unread={unread || undefined}
      // Unread ones stand out by more than their weight: a tint the eye finds when scanning the list.
      bg={unread ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {/* The level's colour, named in words under the title for those who do not tell colours apart. */}
      <Box w={4} style={{ background: paint.background, borderRadius: 2, flexShrink: 0 }} aria-hidden />
      <UnstyledButton
        onClick={() => onOpen(notification)}
        style={{ flex: 1, minWidth: 0 }}
        aria-label={`${paint.label}: ${notification.title}, ${notificationSubject(notification)}${unread ? ', unread' : ''}`}
      >
        <Text size="sm" fw={unread ? 700 : 400} lineClamp={1}>
          {notification.title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {notification.body}
        </Text>
        <Text size="xs" c="dimmed" mt={2}>
          <Text span size="xs" fw={600} c={paint.background}>
            {paint.label}
          </Text>
          {` · ${notificationSubject(notification)} · ${at}`}
        </Text>
      </UnstyledButton>
      {unread && (
        <Tooltip label="Mark read">
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Mark read: ${notification.title}`}
            onClick={() => onMarkRead(notification.notificationId)}
          >
            <IconCheck size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The notification centre's list, newest first, with its loading, empty and failed states. */
export function NotificationList(props: NotificationListProps) {
  const list = useNotificationList(true);
  if (list.isPending) {
    return (
      <Stack gap="xs" p="sm" role="status" aria-label="Loading notifications">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={48} />
        ))}
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Box p="sm">
        <QueryError label="notifications" error={list.error} onRetry={() => void list.refetch()} />
      </Box>
    );
  }
  if (list.data.content.length === 0) {
    return (
      <Text c="dimmed" size="sm" p="md" ta="center">
        No notifications yet. New problems of the units you watch appear here.
      </Text>
    );
  }
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Notifications">
      {list.data.content.map((notification) => (
        <NotificationItem key={notification.notificationId} notification={notification} {...props} />
      ))}
      {list.data.pageable.totalSize > list.data.content.length && (
        <Text size="xs" c="dimmed" p="sm" ta="center">
          Showing the newest {list.data.content.length} of {list.data.pageable.totalSize}.
        </Text>
      )}
    </Box>
  );
}

export function MarkAllReadButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <Button variant="subtle" size="compact-xs" disabled={disabled} onClick={onClick}>
      Mark all read
    </Button>
  );
}
