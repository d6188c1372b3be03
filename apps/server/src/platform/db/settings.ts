import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from './database.ts';
import { serverSettings } from './schema.ts';

/**
 * A random secret created on first use and kept in the database, so that every process and every restart
 * uses the same one (URL signing, cookie keys).
 */
export async function loadOrCreateSecret(db: DbOrTx, key: string): Promise<string> {
  await db
    .insert(serverSettings)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, key));
  return z.string().parse(row?.value);
}
