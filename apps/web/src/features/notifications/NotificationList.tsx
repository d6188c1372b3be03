import { useState } from 'react';
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
import { IconCheck, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { Notification, ProblemLevel } from '@kelvin/contract';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';
import { formatAgo } from '../../shared/formatting/elapsed.ts';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { LEVEL_PAINTS } from '../problems/problemPaint.tsx';
import { groupNotifications, type NotificationGroup } from './NotificationListGroups.ts';
import { useNotificationList } from './notificationsQueries.ts';
import { notificationSubject } from './useNotificationSignals.ts';

export interface NotificationListProps {
  /** Opens the problem a notification tells of (and marks it read). */
  onOpen: (notification: Notification) => void;
  onMarkRead: (notificationId: number) => void;
}

const ROW_BORDER = { borderBottom: '1px solid var(--mantine-color-default-border)' } as const;

/** The level's colour as a thin bar: the eye finds the critical ones first; the level is also said in words. */
function LevelBar({ level }: { level: ProblemLevel }) {
  return (
    <Box
      w={4}
      style={{ background: LEVEL_PAINTS[level].background, borderRadius: 2, flexShrink: 0 }}
      aria-hidden
    />
  );
}

/** Unread is a small dot and a bolder title, not a fill: with ten unread a fill on all marks none. */
function UnreadDot({ unread }: { unread: boolean }) {
  return (
    <Box
      w={8}
      h={8}
      mt={6}
      style={{
        borderRadius: '50%',
        flexShrink: 0,
        background: unread ? 'var(--mantine-primary-color-filled)' : 'transparent',
      }}
      aria-hidden
    />
  );
}

/** 'Critical · CRAH-01 · 3m ago', the level in its colour; the exact moment on hover. */
function MetaLine({
  notification,
  now,
  subject,
}: {
  notification: Notification;
  now: number;
  subject: boolean;
}) {
  const paint = LEVEL_PAINTS[notification.level];
  const at = Date.parse(notification.createdAt);
  return (
    <Text size="xs" c="dimmed" mt={2} title={formatDateTime(at, userTimeZone())}>
      <Text span size="xs" fw={600} c={paint.background}>
        {paint.label}
      </Text>
      {subject ? ` · ${notificationSubject(notification)}` : ''}
      {` · ${formatAgo(at, now)}`}
    </Text>
  );
}

function NotificationItem({
  notification,
  onOpen,
  onMarkRead,
  now,
  inGroup = false,
}: { notification: Notification; now: number; inGroup?: boolean } & NotificationListProps) {
  const paint = LEVEL_PAINTS[notification.level];
  const unread = notification.readAt === null;
  return (
    <Group
      component="li"
      gap="xs"
      wrap="nowrap"
      align="stretch"
      pl={inGroup ? 'xl' : 'sm'}
      pr="sm"
      py={8}
      data-unread={unread || undefined}
      style={ROW_BORDER}
    >
      <LevelBar level={notification.level} />
      <UnreadDot unread={unread} />
      <UnstyledButton
        onClick={() => onOpen(notification)}
        style={{ flex: 1, minWidth: 0 }}
        aria-label={`${paint.label}: ${notification.title}, ${notificationSubject(notification)}${unread ? ', unread' : ''}`}
      >
        <Text size="sm" fw={unread ? 600 : 400} lineClamp={1}>
          {notification.title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {notification.body}
        </Text>
        <MetaLine notification={notification} now={now} subject={!inGroup} />
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

/** A unit's notices as one entry, 'CRAH-03 · 4 notices', opened to list them. */
function NotificationGroupItem({
  group,
  now,
  ...props
}: { group: NotificationGroup; now: number } & NotificationListProps) {
  const [expanded, setExpanded] = useState(false);
  const [newest] = group.notices;
  if (newest === undefined) return null;
  const subject = notificationSubject(newest);
  const count = `${group.notices.length} notices`;
  const Chevron = expanded ? IconChevronDown : IconChevronRight;
  const listId = `notification-group-${group.key}`;
  return (
    <Box component="li" data-unread={group.unread > 0 || undefined}>
      <Group gap="xs" wrap="nowrap" align="stretch" px="sm" py={8} style={ROW_BORDER}>
        <LevelBar level={group.level} />
        <UnreadDot unread={group.unread > 0} />
        <UnstyledButton
          onClick={() => setExpanded((open) => !open)}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={`${subject}, ${count}${group.unread > 0 ? `, ${group.unread} unread` : ''}`}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group gap={6} wrap="nowrap">
            <Chevron size={14} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={group.unread > 0 ? 600 : 400} truncate="end">
              {subject} · {count}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1}>
            Latest: {newest.title}
          </Text>
          <MetaLine notification={{ ...newest, level: group.level }} now={now} subject={false} />
        </UnstyledButton>
        {group.unread > 0 && (
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }} mt={2}>
            {group.unread} unread
          </Text>
        )}
      </Group>
      {expanded && (
        <Box
          component="ul"
          id={listId}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={`${subject} notices`}
        >
          {group.notices.map((notification) => (
            <NotificationItem
              key={notification.notificationId}
              notification={notification}
              now={now}
              inGroup
              {...props}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The notification centre's list, newest first and a unit's notices grouped, with its loading, empty and failed
 * states. Ages are said as of the answer on screen.
 */
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
  const now = list.dataUpdatedAt;
  return (
    <>
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Notifications">
        {groupNotifications(list.data.content).map((group) =>
          group.notices.length === 1 && group.notices[0] ? (
            <NotificationItem key={group.key} notification={group.notices[0]} now={now} {...props} />
          ) : (
            <NotificationGroupItem key={group.key} group={group} now={now} {...props} />
          ),
        )}
      </Box>
      {list.data.pageable.totalSize > list.data.content.length && (
        <Text size="xs" c="dimmed" p="sm" ta="center">
          Showing the newest {list.data.content.length} of {list.data.pageable.totalSize}.
        </Text>
      )}
    </>
  );
}

export function MarkAllReadButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <Button variant="subtle" size="compact-xs" disabled={disabled} onClick={onClick}>
      Mark all read
    </Button>
  );
}
