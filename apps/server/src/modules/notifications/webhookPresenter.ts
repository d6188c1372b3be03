import { z } from 'zod';
import {
  problemLevels,
  webhookAttemptSchema,
  webhookDeliveryKinds,
  webhookDeliveryStatuses,
  type Webhook,
  type WebhookDelivery,
} from '@kelvin/contract';
import type { companyWebhooks, webhookDeliveries } from '../../platform/db/problemsSchema.ts';

export type WebhookRow = typeof companyWebhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Rows hold text the server wrote; anything else is a bug worth failing loudly on. */
function oneOf<T extends string>(allowed: readonly T[], value: string): T {
  const found = allowed.find((item) => item === value);
  if (found === undefined) throw new Error(`Unexpected value ${value}`);
  return found;
}

export function presentWebhook(
  row: WebhookRow,
  createdBy: { userId: number; name: string },
  lastDelivery: { status: string; createdAt: Date } | undefined,
  now: number = Date.now(),
): Webhook {
  const previousUntil = row.previousSecretExpiresAt;
  return {
    webhookId: row.webhookId,
    companyId: row.companyId,
    name: row.name,
    url: row.url,
    enabled: row.enabled,
    levels: problemLevels.filter((level) => row.levels.includes(level)),
    secretHint: row.secretHint,
    previousSecretExpiresAt:
      previousUntil && previousUntil.getTime() > now ? previousUntil.toISOString() : null,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastDelivery: lastDelivery
      ? {
          status: oneOf(webhookDeliveryStatuses, lastDelivery.status),
          createdAt: lastDelivery.createdAt.toISOString(),
        }
      : null,
  };
}

const attemptsSchema = z.array(webhookAttemptSchema);

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  const status = oneOf(webhookDeliveryStatuses, row.status);
  return {
    deliveryId: row.deliveryId,
    webhookId: row.webhookId,
    detectedProblemId: row.detectedProblemId,
    ticketId: row.ticketId,
    kind: oneOf(webhookDeliveryKinds, row.kind),
    status,
    attemptCount: row.attemptCount,
    nextAttemptAt: status === 'PENDING' ? row.nextAttemptAt.toISOString() : null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    attempts: attemptsSchema.parse(row.attempts),
    payload: row.payload,
  };
}
