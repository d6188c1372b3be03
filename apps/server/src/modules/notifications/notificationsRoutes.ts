import { notificationsEndpoints as endpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import type { NotificationRelay } from './liveRelay.ts';
import { listNotifications, markNotificationsRead, unreadCountOf } from './notificationCentre.ts';
import { getPreferences, updatePreference } from './notificationPreferences.ts';
import type { SendOptions } from './webhookDelivery.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  testWebhook,
  updateWebhook,
} from './webhooksService.ts';

export interface NotificationsRouteDeps {
  relay: NotificationRelay;
  /** How webhooks are sent: which addresses they may reach, the secrets' box, the timeout. */
  send: SendOptions;
}

/** Notification preferences, the notification centre, and company webhooks with their deliveries. */
export function registerNotificationsRoutes(
  { db, config, route }: RouteContext,
  deps: NotificationsRouteDeps,
): void {
  const webhookDeps = {
    db,
    send: deps.send,
    plainHttpAllowed: config.environment !== 'production',
    consoleOrigin: config.publicOrigin,
  };
  route(endpoints.notificationPreferencesGet, ({ auth, body }) => getPreferences(db, auth, body));
  route(endpoints.notificationPreferencesUpdate, ({ auth, body }) => updatePreference(db, auth, body));
  route(endpoints.notificationsList, ({ auth, body }) => listNotifications(db, auth, body));
  route(endpoints.notificationsMarkRead, ({ auth, body }) =>
    markNotificationsRead(db, deps.relay, auth, body),
  );
  route(endpoints.notificationsUnreadCount, async ({ auth }) => ({
    unreadCount: await unreadCountOf(db, auth),
  }));
  route(endpoints.webhooksList, ({ auth, body }) => listWebhooks(db, auth, body));
  route(endpoints.webhooksCreate, ({ auth, body }) => createWebhook(webhookDeps, auth, body));
  route(endpoints.webhooksUpdate, ({ auth, body }) => updateWebhook(webhookDeps, auth, body));
  route(endpoints.webhooksDelete, ({ auth, body }) => deleteWebhook(db, auth, body));
  route(endpoints.webhooksTest, ({ auth, body }) => testWebhook(webhookDeps, auth, body));
  route(endpoints.webhookDeliveriesList, ({ auth, body }) => listDeliveries(db, auth, body));
}
