import { ActionIcon, Divider, Group, Indicator, Popover, ScrollArea, Text, Tooltip } from '@mantine/core';
import { useDisclosure, useId } from '@mantine/hooks';
import { IconBell, IconSettings } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { Notification } from '@kelvin/contract';
import { hasPermission } from '@kelvin/domain';
import { notify } from '../../app/toasts/toasts.ts';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import type { LiveMetricSubscriber } from '../live/liveMetricSubscriber.ts';
import { MarkAllReadButton, NotificationList } from './NotificationList.tsx';
import { useMarkNotificationsRead, useUnreadCount } from './notificationsQueries.ts';
import { loadSharedLiveSubscriber, useNotificationSignals } from './useNotificationSignals.ts';

/** Where a notification leads: its ticket's details, or its unit's problems. */
export function notificationPathOf(notification: Pick<Notification, 'assetId' | 'ticketId'>): string {
  if (notification.ticketId !== null) return `/user/tickets/${notification.ticketId}/details`;
  return `/user/devices/${notification.assetId ?? ''}/problems`;
}

/** A badge shows at most this; more reads 99+. */
const BADGE_MAX = 99;

/**
 * The notification centre in the header: a bell with the unread count, live over the app's one connection, and
 * a popover listing the notifications newest first.
 */
export function NotificationBell({
  subscriber = loadSharedLiveSubscriber,
}: {
  subscriber?: () => LiveMetricSubscriber | Promise<LiveMetricSubscriber>;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const titleId = useId();
  const navigate = useNavigate();
  const permissions = useCurrentUser().data?.permissions;
  const unread = useUnreadCount(true);
  const markRead = useMarkNotificationsRead();
  useNotificationSignals(true, subscriber);
  const count = unread.data?.unreadCount ?? 0;
  const canManage = permissions
    ? hasPermission(permissions, { permission: 'notificationPreferences:manage' })
    : false;

  const mark = (body: { notificationIds: number[] } | { all: true }) =>
    markRead.mutate(body, {
      onError: (error) => notify({ kind: 'danger', message: `Unable to mark read: ${errorMessage(error)}` }),
    });
  const open = (notification: Notification) => {
    if (notification.readAt === null) mark({ notificationIds: [notification.notificationId] });
    close();
    void navigate(notificationPathOf(notification));
  };

  const label = count === 0 ? 'Notifications' : `Notifications, ${count} unread`;
  // The Indicator sits outside the popover's target so the target's popup state (aria-expanded) lands on the
  // button, not on the Indicator's div (axe: aria-allowed-attr, critical).
  return (
    <Indicator
      label={count > BADGE_MAX ? `${BADGE_MAX}+` : count}
      size={18}
      color="red"
      offset={4}
      disabled={count === 0}
      inline
    >
      <Popover
        opened={opened}
        onChange={(next) => (next ? undefined : close())}
        position="bottom-end"
        width="min(400px, calc(100vw - 16px))"
        shadow="md"
        withinPortal
        trapFocus
        // Above the product tour's spotlight and the toasts: it is opened on purpose, over whatever is showing.
        zIndex={450}
      >
        <Popover.Target>
          <Tooltip label="Notifications" disabled={opened}>
            <ActionIcon variant="subtle" size="lg" aria-label={label} aria-expanded={opened} onClick={toggle}>
              <IconBell size={22} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown p={0} role="dialog" aria-labelledby={titleId}>
          <Group justify="space-between" px="sm" py="xs">
            <Text fw={600} size="sm" id={titleId}>
              Notifications{count > 0 ? ` (${count} unread)` : ''}
            </Text>
            <Group gap={4}>
              <MarkAllReadButton
                disabled={count === 0 || markRead.isPending}
                onClick={() => mark({ all: true })}
              />
              {canManage && (
                <Tooltip label="Notification settings">
                  <ActionIcon
                    component={Link}
                    to="/user/settings/notifications"
                    variant="subtle"
                    size="sm"
                    aria-label="Notification settings"
                    onClick={close}
                  >
                    <IconSettings size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
          <Divider />
          <ScrollArea.Autosize mah="min(480px, calc(100vh - 120px))">
            {opened && (
              <NotificationList onOpen={open} onMarkRead={(id) => mark({ notificationIds: [id] })} />
            )}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
