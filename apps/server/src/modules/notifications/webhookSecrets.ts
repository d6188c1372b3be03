import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, like, not } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { companyWebhooks } from '../../platform/db/problemsSchema.ts';
import { SEALED_PREFIX, type SecretBox } from '../../platform/secrets/secretBox.ts';

/** What a webhook secret is sealed for: a ciphertext copied from another column does not open as one. */
export const WEBHOOK_SECRET_PURPOSE = 'company_webhooks.secret';
/**
 * After a rotation the old secret keeps signing, beside the new one, for this long: time to give the receiver the
 * new one without losing a delivery (Stripe lets the old one live up to 24 h too).
 */
export const SECRET_ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

/** A fresh signing secret: 192 random bits, prefixed so that people can tell what it is. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** Enough of the secret to tell two apart, never enough to sign with. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, 6)}…${secret.slice(-4)}`;
}

/** `sha256=` and the hex HMAC-SHA256 of the raw body with one secret. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * The X-Kelvin-Signature value: a signature per valid secret, the newest first, separated by spaces (as Standard
 * Webhooks' `webhook-signature` does), so that a receiver holding either secret finds one it can check.
 */
export function signatureHeader(secrets: readonly string[], body: string): string {
  return secrets.map((secret) => signBody(secret, body)).join(' ');
}

/** The columns of a new secret: sealed, and its hint. */
export function sealedSecretColumns(box: SecretBox, secret: string) {
  return { secret: box.seal(secret, WEBHOOK_SECRET_PURPOSE), secretHint: secretHint(secret) };
}

/**
 * The columns of a rotation: the new secret, and the current one kept as the previous one until the grace ends.
 * Rotating again meanwhile ends the oldest at once: two secrets sign at most.
 */
export function rotatedSecretColumns(
  box: SecretBox,
  current: { secret: string },
  secret: string,
  now: number,
) {
  return {
    ...sealedSecretColumns(box, secret),
    previousSecret: current.secret,
    previousSecretExpiresAt: new Date(now + SECRET_ROTATION_GRACE_MS),
  };
}

export interface StoredSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/** The secrets a delivery is signed with now: the current one, and the previous one while its grace lasts. */
export function signingSecrets(box: SecretBox, stored: StoredSecrets, now: number): string[] {
  const secrets = [box.open(stored.secret, WEBHOOK_SECRET_PURPOSE)];
  if (
    stored.previousSecret &&
    stored.previousSecretExpiresAt &&
    stored.previousSecretExpiresAt.getTime() > now
  )
    secrets.push(box.open(stored.previousSecret, WEBHOOK_SECRET_PURPOSE));
  return secrets;
}

/**
 * Encrypts the secrets stored in plain text before migration 0022 (SQL has no key, so the server does it when it
 * starts). Each row is changed only while it still holds the plaintext read, so that processes starting together
 * seal it once. Answers how many were sealed.
 */
export async function sealPlaintextWebhookSecrets(db: Db, box: SecretBox): Promise<number> {
  const rows = await db
    .select({ webhookId: companyWebhooks.webhookId, secret: companyWebhooks.secret })
    .from(companyWebhooks)
    .where(not(like(companyWebhooks.secret, `${SEALED_PREFIX}%`)));
  let sealed = 0;
  for (const row of rows) {
    const updated = await db
      .update(companyWebhooks)
      .set(sealedSecretColumns(box, row.secret))
      .where(and(eq(companyWebhooks.webhookId, row.webhookId), eq(companyWebhooks.secret, row.secret)))
      .returning({ webhookId: companyWebhooks.webhookId });
    sealed += updated.length;
  }
  return sealed;
}
