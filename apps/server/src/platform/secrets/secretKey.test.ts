import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/testServer.ts';
import { openSecretBox, SecretKeyMismatchError } from './openSecretBox.ts';
import { loadOrCreateSecretKey, parseSecretKey, SECRET_KEY_FILE } from './secretKey.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kelvin-secret-key-'));
  dirs.push(dir);
  return dir;
}

describe('the secret key', () => {
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('reads KELVIN_SECRET_KEY as 32 bytes of base64 or hex, and refuses anything else', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64url'))).toEqual(key);
    expect(parseSecretKey(` ${key.toString('hex')}\n`)).toEqual(key);
    for (const text of [
      '',
      'secret',
      randomBytes(16).toString('base64'),
      randomBytes(33).toString('hex'),
      'é'.repeat(44),
    ])
      expect(parseSecretKey(text)).toBeNull();
  });

  it('is generated once into the data directory, readable by its owner only, and kept', () => {
    const dir = dataDir();
    const first = loadOrCreateSecretKey(dir, undefined);
    expect(first).toHaveLength(32);
    const file = path.join(dir, SECRET_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseSecretKey(readFileSync(file, 'utf8'))).toEqual(first);
    expect(loadOrCreateSecretKey(dir, undefined)).toEqual(first);
  });

  it('comes from KELVIN_SECRET_KEY when set, and a damaged key file stops the start', () => {
    const fromEnvironment = randomBytes(32);
    expect(loadOrCreateSecretKey(dataDir(), fromEnvironment)).toEqual(fromEnvironment);
    const dir = dataDir();
    writeFileSync(path.join(dir, SECRET_KEY_FILE), 'not a key\n');
    expect(() => loadOrCreateSecretKey(dir, undefined)).toThrow(/does not hold a key/);
  });

  it('is checked against the database: another key than its secrets were sealed with stops the start', async () => {
    const database = await openTestDatabase();
    try {
      const dir = dataDir();
      const box = await openSecretBox(database.db, { dataDir: dir, secretKey: undefined });
      const sealed = box.seal('whsec_kept', 'company_webhooks.secret');
      const again = await openSecretBox(database.db, { dataDir: dir, secretKey: undefined });
      expect(again.open(sealed, 'company_webhooks.secret')).toBe('whsec_kept');
      await expect(openSecretBox(database.db, { dataDir: dataDir(), secretKey: undefined })).rejects.toThrow(
        SecretKeyMismatchError,
      );
      await expect(openSecretBox(database.db, { dataDir: dir, secretKey: randomBytes(32) })).rejects.toThrow(
        /not the key this database’s secrets were encrypted with/,
      );
    } finally {
      await database.close();
    }
  });
});
