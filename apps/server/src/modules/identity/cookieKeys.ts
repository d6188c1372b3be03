import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { serverSettings } from '../../platform/db/schema.ts';

const SETTING_KEY = 'oidc.cookieKeys';
const storedSchema = z.object({ keys: z.array(z.string().min(32)).min(1) });

/**
 * Keys the provider signs its session and interaction cookies with. Created once and kept in the database so
 * that a restart does not sign everybody out and every server process accepts the cookies of the others.
 * New keys can be prepended to the stored list later; older ones keep verifying.
 */
export async function loadOrCreateCookieKeys(db: Db): Promise<string[]> {
  const [existing] = await db.select().from(serverSettings).where(eq(serverSettings.key, SETTING_KEY));
  if (existing) return storedSchema.parse(existing.value).keys;

  await db
    .insert(serverSettings)
    .values({ key: SETTING_KEY, value: { keys: [randomBytes(32).toString('base64url')] } })
    .onConflictDoNothing();
  // Another process may have stored its keys first: everyone uses what is stored.
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, SETTING_KEY));
  if (!row) throw new Error('Cookie keys were not stored');
  return storedSchema.parse(row.value).keys;
}
