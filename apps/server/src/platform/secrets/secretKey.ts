import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SECRET_KEY_BYTES } from './secretBox.ts';

/** Where a generated key is kept in the data directory (beside demo-password.txt). */
export const SECRET_KEY_FILE = 'secret-key.txt';

export const SECRET_KEY_FORMAT = `${SECRET_KEY_BYTES} random bytes, base64 or hex (e.g. \`openssl rand -base64 ${SECRET_KEY_BYTES}\`)`;

/** KELVIN_SECRET_KEY's text → the key, or null when it is not 32 bytes in base64 (or base64url) or hex. */
export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]+$/i.test(trimmed) && trimmed.length === SECRET_KEY_BYTES * 2)
    return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === SECRET_KEY_BYTES ? bytes : null;
}

/**
 * The key stored secrets are encrypted with: KELVIN_SECRET_KEY, else one generated on first start and kept in the
 * data directory (readable by the server's user only), so that every restart opens what the last one sealed.
 * Processes sharing one database on several machines must all be given the same KELVIN_SECRET_KEY.
 */
export function loadOrCreateSecretKey(dataDir: string, fromEnvironment: Buffer | undefined): Buffer {
  if (fromEnvironment) return fromEnvironment;
  const file = path.join(dataDir, SECRET_KEY_FILE);
  const kept = readKeyFile(file);
  if (kept) return kept;
  mkdirSync(dataDir, { recursive: true });
  // Written whole under a name of its own, then linked into place: link fails when the file exists, so two
  // processes starting at once agree on the first one's key, and neither ever reads half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  writeFileSync(partial, `${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
  try {
    linkSync(partial, file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  } finally {
    rmSync(partial, { force: true });
  }
  const created = readKeyFile(file);
  if (!created) throw new Error(`${file} does not hold a key of ${SECRET_KEY_FORMAT}`);
  return created;
}

function readKeyFile(file: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
  const key = parseSecretKey(text);
  if (!key) throw new Error(`${file} does not hold a key of ${SECRET_KEY_FORMAT}`);
  return key;
}
