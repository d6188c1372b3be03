import { STATUS_CODES } from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PRODUCT_UI_VERSION } from '@kelvin/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { webhookDeliveries } from '../../platform/db/problemsSchema.ts';
import { OutboundError, type OutboundPolicy } from '../../platform/outbound/addressPolicy.ts';
import { postToCheckedAddress } from '../../platform/outbound/checkedPost.ts';
import { SecretOpenError, type SecretBox } from '../../platform/secrets/secretBox.ts';
import { signatureHeader, signingSecrets, type StoredSecrets } from './webhookSecrets.ts';

export const SIGNATURE_HEADER = 'X-Kelvin-Signature';
export const DELIVERY_HEADER = 'X-Kelvin-Delivery';
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The waits after the 1st to 5th failed attempts; the 6th failure gives up (FAILED). */
export const RETRY_DELAYS_MS: readonly number[] = [30_000, 120_000, 600_000, 3_600_000, 21_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A claimed delivery is not claimed again for this long: the send's timeout, with room to record it. */
export const CLAIM_LEASE_MS = 60_000;

/**
 * What a delivery's log says of a failure. Tenants read it, so it names no address, no error code and nothing the
 * receiver said beyond its status: the server must not become a scanner of the networks it can reach.
 */
export const DELIVERY_ERRORS = {
  'address-not-allowed': 'Address not allowed: webhooks are sent to public internet addresses only',
  unresolved: 'The host name could not be resolved',
  failed: 'The connection failed',
  secret: 'The signing secret could not be decrypted',
} as const;

export interface ClaimedDelivery extends StoredSecrets {
  deliveryId: number;
  kind: string;
  attemptCount: number;
  payload: string;
  url: string;
  enabled: boolean;
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** For the server's log only (the refused range, the error code): never stored where a tenant reads it. */
  detail?: string;
}

export interface SendOptions {
  /** Which addresses may be called: KELVIN_WEBHOOK_ALLOW_NETWORKS and the public internet. */
  outbound: OutboundPolicy;
  /** Opens the stored signing secrets. */
  secrets: SecretBox;
  timeoutMs?: number;
}

function describeFailure(error: unknown, timeoutMs: number): { error: string; detail?: string } {
  if (error instanceof SecretOpenError) return { error: DELIVERY_ERRORS.secret };
  if (!(error instanceof OutboundError)) return { error: DELIVERY_ERRORS.failed, detail: String(error) };
  if (error.kind === 'timeout')
    return {
      error: `No answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`,
    };
  return { error: DELIVERY_ERRORS[error.kind], ...(error.detail ? { detail: error.detail } : {}) };
}

/**
 * One POST of a delivery: the stored body as is, signed with every valid secret, to an address the policy allows
 * (checked on every attempt, and connected to as checked). Only a 2xx answer delivers; a redirect is not followed.
 */
export async function postDelivery(
  delivery: ClaimedDelivery,
  options: SendOptions & { now: () => number },
): Promise<AttemptResult> {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const { status } = await postToCheckedAddress(options.outbound, {
      url: delivery.url,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': `Kelvin-Webhooks/${PRODUCT_UI_VERSION}`,
        [SIGNATURE_HEADER]: signatureHeader(
          signingSecrets(options.secrets, delivery, options.now()),
          delivery.payload,
        ),
        [DELIVERY_HEADER]: String(delivery.deliveryId),
      },
      body: delivery.payload,
      timeoutMs,
    });
    const ok = status >= 200 && status < 300;
    // The status's standard reason, not the receiver's own text.
    const reason = STATUS_CODES[status];
    return {
      ok,
      statusCode: status,
      error: ok ? null : `Answered ${status}${reason ? ` ${reason}` : ''}`,
      durationMs: elapsed(),
    };
  } catch (error) {
    return { ok: false, statusCode: null, ...describeFailure(error, timeoutMs), durationMs: elapsed() };
  }
}

// Both drivers answer raw SQL with `{ rows }`; numbers may come back as text.
const claimedRows = z.object({
  rows: z.array(
    z.object({
      delivery_id: z.coerce.number(),
      kind: z.string(),
      attempt_count: z.coerce.number(),
      payload: z.string(),
      url: z.string(),
      secret: z.string(),
      previous_secret: z.string().nullable(),
      previous_secret_expires_at: z.coerce.date().nullable(),
      enabled: z.boolean(),
    }),
  ),
});

/**
 * Claims due deliveries for this process: the rows are locked only while their next attempt is pushed a lease
 * ahead (SKIP LOCKED, so several processes claim different ones), and sent after the claim commits, so no lock
 * is held across a slow receiver. A process that dies mid-send leaves the delivery to be retried at the lease's
 * end: at least once, never lost (receivers tell repeats by X-Kelvin-Delivery).
 */
export async function claimDueDeliveries(db: DbOrTx, now: number, limit: number): Promise<ClaimedDelivery[]> {
  const at = new Date(now).toISOString();
  const leaseUntil = new Date(now + CLAIM_LEASE_MS).toISOString();
  const result: unknown = await db.execute(sql`
    with due as (
      select delivery_id from webhook_deliveries
       where status = 'PENDING' and next_attempt_at <= ${at}::timestamptz
       order by next_attempt_at, delivery_id
       limit ${limit}
       for update skip locked
    )
    update webhook_deliveries d
       set next_attempt_at = ${leaseUntil}::timestamptz
      from due, company_webhooks w
     where d.delivery_id = due.delivery_id and w.webhook_id = d.webhook_id
    returning d.delivery_id, d.kind, d.attempt_count, d.payload, w.url, w.secret, w.previous_secret,
              w.previous_secret_expires_at, w.enabled`);
  return claimedRows.parse(result).rows.map((row) => ({
    deliveryId: row.delivery_id,
    kind: row.kind,
    attemptCount: row.attempt_count,
    payload: row.payload,
    url: row.url,
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    enabled: row.enabled,
  }));
}

/**
 * Logs an attempt on its delivery and decides what follows: DELIVERED; or another attempt after the back-off; or,
 * after the last attempt (a test delivery has one), FAILED. A delivery no longer pending is left alone.
 */
export async function recordAttempt(
  db: DbOrTx,
  delivery: Pick<ClaimedDelivery, 'deliveryId' | 'attemptCount' | 'kind'>,
  result: AttemptResult,
  now: number,
): Promise<void> {
  const attempt = delivery.attemptCount + 1;
  const maxAttempts = delivery.kind === 'TEST' ? 1 : MAX_ATTEMPTS;
  const at = new Date(now);
  const entry = {
    at: at.toISOString(),
    statusCode: result.statusCode,
    error: result.error,
    durationMs: result.durationMs,
  };
  const giveUp = !result.ok && attempt >= maxAttempts;
  const retryIn = RETRY_DELAYS_MS[attempt - 1] ?? 0;
  await db
    .update(webhookDeliveries)
    .set({
      attemptCount: attempt,
      lastAttemptAt: at,
      lastStatusCode: result.statusCode,
      lastError: result.error,
      attempts: sql`${webhookDeliveries.attempts} || ${JSON.stringify([entry])}::jsonb`,
      status: result.ok ? 'DELIVERED' : giveUp ? 'FAILED' : 'PENDING',
      ...(result.ok ? { deliveredAt: at } : {}),
      ...(!result.ok && !giveUp ? { nextAttemptAt: new Date(now + retryIn) } : {}),
    })
    .where(
      and(eq(webhookDeliveries.deliveryId, delivery.deliveryId), eq(webhookDeliveries.status, 'PENDING')),
    );
}

/** Sends one claimed delivery and logs how it went; a disabled webhook's delivery is given up unsent. */
export async function sendClaimed(
  db: DbOrTx,
  delivery: ClaimedDelivery,
  options: SendOptions & { now: () => number },
): Promise<AttemptResult> {
  if (!delivery.enabled) {
    const result = {
      ok: false,
      statusCode: null,
      error: 'The webhook was disabled before this was sent',
      durationMs: 0,
    };
    await db
      .update(webhookDeliveries)
      .set({ status: 'FAILED', lastError: result.error })
      .where(
        and(eq(webhookDeliveries.deliveryId, delivery.deliveryId), eq(webhookDeliveries.status, 'PENDING')),
      );
    return result;
  }
  const result = await postDelivery(delivery, options);
  await recordAttempt(db, delivery, result, options.now());
  return result;
}
