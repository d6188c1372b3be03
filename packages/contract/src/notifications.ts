import { z } from 'zod';
import { dbId, okSchema } from './common.ts';
import { problemLevels, type ProblemLevel } from './problemValues.ts';
import { endpoint } from './endpoint.ts';
import { pageableQuerySchema, pagedSchema } from './paging.ts';

/**
 * What happened that a notification or webhook delivery tells of: a problem opened, escalated or resolved; a
 * person assigned to a ticket, a ticket's status changed, a comment its people may read. TEST is a webhook's test.
 */
export const problemNotificationKinds = ['OPENED', 'ESCALATED', 'RESOLVED'] as const;
export const ticketNotificationKinds = [
  'TICKET_ASSIGNED',
  'TICKET_STATUS_CHANGED',
  'TICKET_COMMENTED',
] as const;
export type TicketNotificationKind = (typeof ticketNotificationKinds)[number];
export const notificationKinds = [...problemNotificationKinds, ...ticketNotificationKinds] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const webhookDeliveryKinds = [...notificationKinds, 'TEST'] as const;
export const webhookDeliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** Without a stored preference a user hears of CRITICAL and WARNING problems in the console, by no webhook. */
export const DEFAULT_NOTIFICATION_LEVELS: readonly ProblemLevel[] = ['CRITICAL', 'WARNING'];

/** Levels once each, worst first, whatever order they were sent in. */
const levelsSchema = z
  .array(z.enum(problemLevels))
  .max(problemLevels.length)
  .refine((levels) => new Set(levels).size === levels.length, 'Name each level once')
  .transform((levels) => problemLevels.filter((level) => levels.includes(level)));

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_NAME_MAX = 100;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a webhook URL is refused, or null: https only (a delivery carries problem details and a signature), plain
 * http only to this machine (a receiver under development), and no user name or password, which every list of
 * webhooks would show. Where the host's addresses are is the server's check (loopback included: it calls this
 * machine only when KELVIN_WEBHOOK_ALLOW_NETWORKS admits it).
 */
export function webhookUrlProblem(text: string): string | null {
  // By hand rather than with URL: the contract runs where no URL class is typed, and this is all it needs.
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]*)(?:[/?#]\S*)?$/i.exec(text.trim());
  const scheme = match?.[1]?.toLowerCase();
  const authority = match?.[2] ?? '';
  if (!scheme) return 'Enter a full URL such as https://example.com/kelvin-hook';
  if (authority.includes('@')) return 'The URL may not carry a user name or password';
  const hostAndPort = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(authority);
  const host = hostAndPort?.[1]?.toLowerCase();
  if (!host) return 'Enter a full URL such as https://example.com/kelvin-hook';
  if (scheme === 'https' || (scheme === 'http' && LOCAL_HOSTS.has(host))) return null;
  return 'The URL must start with https:// (http:// only for localhost)';
}

export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'URL is required')
  .max(WEBHOOK_URL_MAX, `URL is at most ${WEBHOOK_URL_MAX} characters`)
  .superRefine((text, context) => {
    const problem = webhookUrlProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const webhookNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(WEBHOOK_NAME_MAX, `Name is at most ${WEBHOOK_NAME_MAX} characters`);

/** One user's choice for one company's problems. */
export const notificationPreferenceSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  levels: z.array(z.enum(problemLevels)),
  inConsole: z.boolean(),
  /** Named among the recipients of the company's webhook deliveries. */
  webhook: z.boolean(),
  /** No stored choice: the defaults. */
  isDefault: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** A problem's notification names its problem and asset; a ticket's names the ticket (asset and problem null). */
export const notificationSchema = z.object({
  notificationId: z.number().int(),
  detectedProblemId: z.number().int().nullable(),
  ticketId: z.number().int().nullable(),
  companyId: z.number().int(),
  assetId: z.number().int().nullable(),
  assetName: z.string().nullable(),
  kind: z.enum(notificationKinds),
  level: z.enum(problemLevels),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const webhookSchema = z.object({
  webhookId: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  levels: z.array(z.enum(problemLevels)),
  /** The secret's last characters, so that people can tell which one a receiver holds. */
  secretHint: z.string(),
  /** Until when the secret before the last rotation still signs too (beside the new one), or null. */
  previousSecretExpiresAt: z.string().nullable(),
  createdBy: z.object({ userId: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastDelivery: z.object({ status: z.enum(webhookDeliveryStatuses), createdAt: z.string() }).nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** A webhook with its signing secret: answered once, when created or when the secret is replaced. */
export const webhookWithSecretSchema = z.object({ webhook: webhookSchema, secret: z.string().nullable() });

export const webhookAttemptSchema = z.object({
  at: z.string(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});

export const webhookDeliverySchema = z.object({
  deliveryId: z.number().int(),
  webhookId: z.number().int(),
  detectedProblemId: z.number().int().nullable(),
  ticketId: z.number().int().nullable(),
  kind: z.enum(webhookDeliveryKinds),
  status: z.enum(webhookDeliveryStatuses),
  attemptCount: z.number().int(),
  /** When the next attempt is due; null once delivered or given up. */
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  attempts: z.array(webhookAttemptSchema),
  /** The JSON body sent (and signed) on every attempt. */
  payload: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** Paging without sorting: each list has its one order. */
const pageOnly = pageableQuerySchema.refine((query) => query.sort.length === 0, {
  path: ['sort'],
  message: 'This list has a fixed order',
});

export const notificationsEndpoints = {
  notificationPreferencesGet: endpoint({
    name: 'notificationPreferences.get',
    method: 'POST',
    path: '/notificationPreferences.get',
    summary:
      "The signed-in user's notification choices for each company they may manage them for (notificationPreferences:manage), or for one; the defaults where none is stored.",
    auth: 'user',
    body: z.strictObject({ companyId: dbId.optional() }),
    output: z.object({ preferences: z.array(notificationPreferenceSchema) }),
  }),
  notificationPreferencesUpdate: endpoint({
    name: 'notificationPreferences.update',
    method: 'POST',
    path: '/notificationPreferences.update',
    summary:
      "Stores the signed-in user's choice for one company: the levels wanted, in the console and by the company's webhooks. Needs notificationPreferences:manage on the company.",
    auth: 'user',
    body: z.strictObject({
      companyId: dbId,
      levels: levelsSchema,
      inConsole: z.boolean(),
      webhook: z.boolean(),
    }),
    output: notificationPreferenceSchema,
  }),
  notificationsList: endpoint({
    name: 'notifications.list',
    method: 'POST',
    path: '/notifications.list',
    summary:
      "The signed-in user's notifications of problems they may still read, newest first or unread first, paged; with the unread count.",
    auth: 'user',
    body: z.strictObject({
      order: z.enum(['NEWEST_FIRST', 'UNREAD_FIRST']).default('NEWEST_FIRST'),
      unreadOnly: z.boolean().default(false),
      pageableQuery: pageOnly.optional(),
    }),
    output: pagedSchema(notificationSchema).extend({ unreadCount: z.number().int() }),
  }),
  notificationsMarkRead: endpoint({
    name: 'notifications.markRead',
    method: 'POST',
    path: '/notifications.markRead',
    summary:
      "Marks the signed-in user's notifications read: the ones named (another's is a 404), or all. Their other tabs hear of it.",
    auth: 'user',
    body: z
      .strictObject({
        notificationIds: z.array(dbId).min(1).max(500).optional(),
        all: z.literal(true).optional(),
      })
      .refine((body) => (body.notificationIds === undefined) !== (body.all === undefined), {
        path: ['notificationIds'],
        message: 'Name the notifications, or send all: true',
      }),
    output: z.object({ unreadCount: z.number().int() }),
  }),
  notificationsUnreadCount: endpoint({
    name: 'notifications.unreadCount',
    method: 'POST',
    path: '/notifications.unreadCount',
    summary: "How many of the signed-in user's notifications are unread.",
    auth: 'user',
    output: z.object({ unreadCount: z.number().int() }),
  }),
  webhooksList: endpoint({
    name: 'webhooks.list',
    method: 'POST',
    path: '/webhooks.list',
    summary: "A company's webhooks (notificationPreferences:manage on the company), without their secrets.",
    auth: 'user',
    body: z.strictObject({ companyId: dbId }),
    output: z.array(webhookSchema),
  }),
  webhooksCreate: endpoint({
    name: 'webhooks.create',
    method: 'POST',
    path: '/webhooks.create',
    summary:
      'Adds a webhook to a company (notificationPreferences:manage on it): its problems of the chosen levels are POSTed to the URL, signed with the secret answered here once. A URL whose host resolves to an address that is not allowed (loopback, private, link-local and other non-public ranges, unless the server admits the network) is refused. Audited.',
    auth: 'user',
    body: z.strictObject({
      companyId: dbId,
      name: webhookNameSchema,
      url: webhookUrlSchema,
      levels: levelsSchema.refine((levels) => levels.length > 0, 'Choose at least one level'),
      enabled: z.boolean().default(true),
    }),
    output: webhookWithSecretSchema,
  }),
  webhooksUpdate: endpoint({
    name: 'webhooks.update',
    method: 'POST',
    path: '/webhooks.update',
    summary:
      'Changes a webhook; with rotateSecret a new secret is made and answered once, and the old one keeps signing beside it for 24 hours (X-Kelvin-Signature carries both), so that the receiver can be given the new one without losing a delivery. A URL whose host resolves to an address that is not allowed (loopback, private, link-local and other non-public ranges) is refused. Audited.',
    auth: 'user',
    body: z.strictObject({
      webhookId: dbId,
      name: webhookNameSchema.optional(),
      url: webhookUrlSchema.optional(),
      levels: levelsSchema.refine((levels) => levels.length > 0, 'Choose at least one level').optional(),
      enabled: z.boolean().optional(),
      rotateSecret: z.boolean().default(false),
    }),
    output: webhookWithSecretSchema,
  }),
  webhooksDelete: endpoint({
    name: 'webhooks.delete',
    method: 'POST',
    path: '/webhooks.delete',
    summary: 'Deletes a webhook with its deliveries. Audited.',
    auth: 'user',
    body: z.strictObject({ webhookId: dbId }),
    output: okSchema,
  }),
  webhooksTest: endpoint({
    name: 'webhooks.test',
    method: 'POST',
    path: '/webhooks.test',
    summary:
      'Sends a signed test delivery to the webhook now, once, and answers how it went (it is listed with the deliveries). A URL that now resolves to an address that is not allowed is refused (400 naming url) and nothing is sent.',
    auth: 'user',
    body: z.strictObject({ webhookId: dbId }),
    output: webhookDeliverySchema,
  }),
  webhookDeliveriesList: endpoint({
    name: 'webhookDeliveries.list',
    method: 'POST',
    path: '/webhookDeliveries.list',
    summary: "A webhook's deliveries, newest first, paged, optionally of some statuses.",
    auth: 'user',
    body: z.strictObject({
      webhookId: dbId,
      statuses: z.array(z.enum(webhookDeliveryStatuses)).max(3).optional(),
      pageableQuery: pageOnly.optional(),
    }),
    output: pagedSchema(webhookDeliverySchema),
  }),
};

/**
 * The JSON body of a webhook delivery, signed in the header `X-Kelvin-Signature: sha256=<hex HMAC-SHA256 of the
 * raw body with the webhook's secret>` (during the 24 hours after a rotation, two such values separated by a space:
 * the new secret's, then the old one's); `X-Kelvin-Delivery` carries the delivery id, the same on every retry, so
 * that a receiver can ignore a repeat. docs/notifications.md describes it.
 */
export const webhookPayloadSchema = z.object({
  event: z.enum([
    'problem.opened',
    'problem.escalated',
    'problem.resolved',
    'ticket.assigned',
    'ticket.status_changed',
    'ticket.commented',
    'webhook.test',
  ]),
  occurredAt: z.string(),
  company: z.object({ companyId: z.number().int(), name: z.string() }),
  asset: z.object({ assetId: z.number().int(), name: z.string() }).nullable(),
  problem: z
    .object({
      detectedProblemId: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      level: z.enum(problemLevels),
      tags: z.array(z.string()),
      firstEventAt: z.string(),
      lastEventAt: z.string(),
      closedAt: z.string().nullable(),
      escalatedAt: z.string().nullable(),
      acknowledged: z.boolean(),
    })
    .nullable(),
  /** A ticket change's ticket (its status after the change); null for a problem's. */
  ticket: z
    .object({
      ticketId: z.number().int(),
      title: z.string(),
      statusEnumKey: z.string(),
      severityEnumKey: z.string(),
      /** What changed: the person assigned and as what, the status before and after, or the comment. */
      change: z.record(z.string(), z.unknown()),
    })
    .nullable()
    .optional(),
  /** People of the company who chose to hear of this level by webhook (their notification settings). */
  recipients: z.array(z.object({ userId: z.number().int(), name: z.string(), email: z.string() })),
  /** Where the console shows the problem; null when the server does not know its public address. */
  consoleUrl: z.string().nullable(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
