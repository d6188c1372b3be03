import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { serverSettings } from '../db/schema.ts';

const SETTING_KEY = 'oidc.signingKeys';

const privateJwkSchema = z.looseObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
  d: z.string(),
  kid: z.string(),
  alg: z.literal('ES256'),
  use: z.literal('sig'),
});
export type PrivateSigningJwk = z.infer<typeof privateJwkSchema>;
const keySetSchema = z.object({ keys: z.array(privateJwkSchema).min(1) });

/**
 * The embedded issuer's signing keys (EC P-256), created on first start and kept in the database so that
 * tokens outlive restarts and every server process signs and verifies with the same keys.
 */
export async function loadOrCreateSigningKeys(db: Db): Promise<PrivateSigningJwk[]> {
  const existing = await db.select().from(serverSettings).where(eq(serverSettings.key, SETTING_KEY));
  const stored = existing[0];
  if (stored) return keySetSchema.parse(stored.value).keys;

  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const key = privateJwkSchema.parse({ ...jwk, kid: crypto.randomUUID(), alg: 'ES256', use: 'sig' });
  await db
    .insert(serverSettings)
    .values({ key: SETTING_KEY, value: { keys: [key] } })
    .onConflictDoNothing();
  // Another process may have won the race: read back what is stored.
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, SETTING_KEY));
  if (!row) throw new Error('Signing keys were not stored');
  return keySetSchema.parse(row.value).keys;
}

/** The public half of the keys, as published at the issuer's JWKS endpoint. */
export function publicJwks(keys: readonly PrivateSigningJwk[]): { keys: JWK[] } {
  return { keys: keys.map(({ kty, crv, x, y, kid, alg, use }) => ({ kty, crv, x, y, kid, alg, use })) };
}
