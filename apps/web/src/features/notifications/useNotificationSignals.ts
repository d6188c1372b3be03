import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { notify } from '../../app/toasts/toasts.ts';
import { apiCall } from '../../shared/api/index.ts';
import type { LiveMetricSubscriber } from '../live/liveMetricSubscriber.ts';
import { notificationListKey, unreadCountKey } from './notificationsQueries.ts';

/** What a notification is about: its unit, or its ticket. */
export function notificationSubject(notification: Pick<Notification, 'assetName' | 'ticketId'>): string {
  return notification.assetName ?? `ticket #${notification.ticketId ?? ''}`;
}

/** What a toast says of a new critical notification. */
export function criticalToastMessage(notification: Notification): string {
  return `Critical: ${notification.title} on ${notificationSubject(notification)}`;
}

/** How long the bell waits before it opens its live connection: the first screen's scripts and data come first. */
const LIVE_AFTER_FIRST_SCREEN_MS = 2_000;

/** Resolves once the first screen has had its turn: a while after the shell mounted, when the browser is idle. */
function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(() => resolve(), { timeout: 2_000 });
      else resolve();
    }, LIVE_AFTER_FIRST_SCREEN_MS);
  });
}

/**
 * The app's one live connection, loaded after the first screen: socket.io's client stays out of its scripts and
 * its requests. Nothing is missed meanwhile: on connecting, the count is read again and new critical notices toasted.
 * A screen that shows live values loads it at once on its own.
 */
export const loadSharedLiveSubscriber = (): Promise<LiveMetricSubscriber> =>
  afterFirstScreen()
    .then(() => import('../live/sharedLiveSubscriber.ts'))
    .then((module) => module.getSharedLiveSubscriber());

const newestPage = (pageSize: number, unreadOnly: boolean) =>
  apiCall(contract.notificationsList, {
    body: { unreadOnly, pageableQuery: { type: 'PAGED', pageSize, pageNumber: 0, sort: [] } },
  });

/**
 * Keeps the notification centre live over the app's one connection: a `notificationsChanged` signal sets the
 * badge at once and has the list read again; a reconnection reads the count again (signals sent while away are
 * lost). A new CRITICAL notification, one newer than any this tab had seen when it opened, is also a toast.
 */
export function useNotificationSignals(
  enabled: boolean,
  subscriber: () => LiveMetricSubscriber | Promise<LiveMetricSubscriber> = loadSharedLiveSubscriber,
): void {
  const queryClient = useQueryClient();
  // The newest notification id known when the tab opened (null until read): only newer ones are toasted.
  const newestSeen = useRef<number | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let stopLive: () => void = () => undefined;
    void newestPage(1, false).then(
      (page) => {
        if (active)
          newestSeen.current = Math.max(newestSeen.current ?? 0, page.content[0]?.notificationId ?? 0);
      },
      () => undefined,
    );

    async function toastNewCritical() {
      const baseline = newestSeen.current;
      if (baseline === null) return;
      const page = await newestPage(10, true);
      if (!active) return;
      const fresh = page.content.filter((item) => item.notificationId > baseline);
      newestSeen.current = Math.max(baseline, ...fresh.map((item) => item.notificationId));
      for (const item of fresh.filter((candidate) => candidate.level === 'CRITICAL').reverse())
        notify({ kind: 'danger', message: criticalToastMessage(item) });
    }

    function listen(live: LiveMetricSubscriber) {
      const stopSignals = live.on('notificationsChanged', (signal) => {
        const before = cachedUnreadCount(queryClient.getQueryData(unreadCountKey));
        // A read of the count still out began before this signal: its answer would put an older count back.
        void queryClient.cancelQueries({ queryKey: unreadCountKey });
        queryClient.setQueryData(unreadCountKey, signal);
        void queryClient.invalidateQueries({ queryKey: notificationListKey });
        if (before === undefined || signal.unreadCount > before)
          void toastNewCritical().catch(() => undefined);
      });
      const stopConnected = live.on('connected', () => {
        void queryClient.invalidateQueries({ queryKey: unreadCountKey });
        // A critical notice that came while the connection was loading or down sent a signal no one heard.
        void toastNewCritical().catch(() => undefined);
      });
      live.connect();
      stopLive = () => {
        stopSignals();
        stopConnected();
      };
    }

    void Promise.resolve(subscriber()).then(
      (live) => {
        if (active) listen(live);
      },
      () => undefined,
    );
    return () => {
      active = false;
      stopLive();
    };
  }, [enabled, queryClient, subscriber]);
}

/** The unread count the cache holds, if it holds one (read without a schema: zod stays out of the first screen). */
function cachedUnreadCount(cached: unknown): number | undefined {
  if (typeof cached !== 'object' || cached === null || !('unreadCount' in cached)) return undefined;
  return typeof cached.unreadCount === 'number' ? cached.unreadCount : undefined;
}
