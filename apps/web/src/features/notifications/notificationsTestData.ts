import type { Notification, NotificationPreference, Webhook, WebhookDelivery } from '@kelvin/contract';

export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    notificationId: 1,
    detectedProblemId: 40,
    ticketId: null,
    companyId: 2,
    assetId: 5,
    assetName: 'CRAH-01',
    kind: 'OPENED',
    level: 'CRITICAL',
    title: 'Supply air too warm',
    body: 'Opened on CRAH-01',
    createdAt: '2025-06-01T08:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

export const notificationPage = (content: Notification[], unreadCount: number) => ({
  content,
  pageable: { totalSize: content.length, pageSize: 30, pageNumber: 0 },
  unreadCount,
});

export function buildPreference(overrides: Partial<NotificationPreference> = {}): NotificationPreference {
  return {
    companyId: 2,
    companyName: 'Acme Cooling',
    levels: ['CRITICAL', 'WARNING'],
    inConsole: true,
    webhook: false,
    isDefault: true,
    ...overrides,
  };
}

export function buildWebhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    webhookId: 3,
    companyId: 2,
    name: 'On-call pager',
    url: 'https://pager.example/kelvin',
    enabled: true,
    levels: ['CRITICAL'],
    secretHint: 'whsec_…abcd',
    previousSecretExpiresAt: null,
    createdBy: { userId: 7, name: 'Ada Operator' },
    createdAt: '2025-06-01T08:00:00.000Z',
    updatedAt: '2025-06-01T08:00:00.000Z',
    lastDelivery: null,
    ...overrides,
  };
}

export function buildDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    deliveryId: 9,
    webhookId: 3,
    detectedProblemId: null,
    ticketId: null,
    kind: 'TEST',
    status: 'DELIVERED',
    attemptCount: 1,
    nextAttemptAt: null,
    lastAttemptAt: '2025-06-01T08:00:01.000Z',
    lastStatusCode: 200,
    lastError: null,
    deliveredAt: '2025-06-01T08:00:01.000Z',
    createdAt: '2025-06-01T08:00:00.000Z',
    attempts: [{ at: '2025-06-01T08:00:01.000Z', statusCode: 200, error: null, durationMs: 12 }],
    payload: '{"event":"webhook.test"}',
    ...overrides,
  };
}
