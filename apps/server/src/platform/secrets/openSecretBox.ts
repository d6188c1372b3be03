import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../db/database.ts';
import { serverSettings } from '../db/schema.ts';
import { createSecretBox, SecretOpenError, type SecretBox } from './secretBox.ts';
import { loadOrCreateSecretKey } from './secretKey.ts';

const KEY_CHECK_SETTING = 'secrets.keyCheck';
const KEY_CHECK_PURPOSE = 'server_settings.secrets.keyCheck';
const KEY_CHECK_TEXT = 'kelvin';

/** A start with another key than the database's secrets were sealed with: refused before anything is sealed. */
export class SecretKeyMismatchError extends Error {}

/**
 * The server's SecretBox, its key checked against the database: the first start seals a known text into the
 * settings, and a later start (or another process) with another key cannot open it and stops, rather than sealing
 * new secrets with a key that opens none of the old ones.
 */
export async function openSecretBox(
  db: DbOrTx,
  options: { dataDir: string; secretKey: Buffer | undefined },
): Promise<SecretBox> {
  const box = createSecretBox(loadOrCreateSecretKey(options.dataDir, options.secretKey));
  await db
    .insert(serverSettings)
    .values({ key: KEY_CHECK_SETTING, value: box.seal(KEY_CHECK_TEXT, KEY_CHECK_PURPOSE) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, KEY_CHECK_SETTING));
  const kept = z.string().safeParse(row?.value);
  try {
    if (kept.success && box.open(kept.data, KEY_CHECK_PURPOSE) === KEY_CHECK_TEXT) return box;
  } catch (error) {
    if (!(error instanceof SecretOpenError)) throw error;
  }
  throw new SecretKeyMismatchError(
    'KELVIN_SECRET_KEY (or the data directory’s secret-key.txt) is not the key this database’s secrets were encrypted with: give every server process the same KELVIN_SECRET_KEY',
  );
}
