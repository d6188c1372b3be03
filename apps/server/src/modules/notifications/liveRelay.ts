import type { NotificationsChangedSignal } from '@kelvin/contract';

/** What the notifications module needs of the live server: telling users their notifications changed. */
export interface NotificationRelay {
  notifyUsers(userIds: readonly number[], signal: NotificationsChangedSignal): void;
}

export interface LateBoundRelay extends NotificationRelay {
  /** The live server is attached after the HTTP app is ready; until then signals go nowhere (rows are kept). */
  bind(target: NotificationRelay): void;
}

/**
 * A relay created before the live server exists and bound to it afterwards. A signal sent before binding is
 * dropped, not queued: the notification rows are stored, and a client reads its unread count when it connects.
 */
export function createLateBoundRelay(): LateBoundRelay {
  let target: NotificationRelay | undefined;
  return {
    bind(next) {
      target = next;
    },
    notifyUsers(userIds, signal) {
      if (userIds.length > 0) target?.notifyUsers(userIds, signal);
    },
  };
}
