import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, SecretOpenError } from './secretBox.ts';

const PURPOSE = 'company_webhooks.secret';
const SECRET = 'whsec_PlainTextThatMustNotBeStored0123';

function flipOneByte(sealed: string, index: number): string {
  const [version, body] = [sealed.slice(0, 7), sealed.slice(7)];
  const bytes = Buffer.from(body, 'base64url');
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return `${version}${bytes.toString('base64url')}`;
}

describe('secrets at rest (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32));

  it('seals to text that holds nothing of the secret, differently each time, and opens it again', () => {
    const sealed = box.seal(SECRET, PURPOSE);
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed(SECRET)).toBe(false);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(Buffer.from(SECRET).toString('base64url').slice(0, 12));
    // A fresh IV each time: equal secrets do not show as equal rows.
    expect(box.seal(SECRET, PURPOSE)).not.toBe(sealed);
    expect(box.open(sealed, PURPOSE)).toBe(SECRET);
    expect(box.open(box.seal('', PURPOSE), PURPOSE)).toBe('');
    expect(box.open(box.seal('Zuluft über 27 °C', PURPOSE), PURPOSE)).toBe('Zuluft über 27 °C');
  });

  it('does not open with another key', () => {
    const sealed = box.seal(SECRET, PURPOSE);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, PURPOSE)).toThrow(SecretOpenError);
  });

  it('does not open altered text: the IV, the ciphertext or the tag', () => {
    const sealed = box.seal(SECRET, PURPOSE);
    const length = Buffer.from(sealed.slice(7), 'base64url').length;
    for (const index of [0, 11, 12, 20, length - 16, length - 1])
      expect(() => box.open(flipOneByte(sealed, index), PURPOSE)).toThrow(SecretOpenError);
    expect(() => box.open(sealed.slice(0, -4), PURPOSE)).toThrow(SecretOpenError);
    expect(() => box.open('enc:v1:', PURPOSE)).toThrow(SecretOpenError);
  });

  it('does not open for another purpose, nor plaintext posing as sealed', () => {
    const sealed = box.seal(SECRET, PURPOSE);
    expect(() => box.open(sealed, 'accounting.token')).toThrow(SecretOpenError);
    expect(() => box.open(SECRET, PURPOSE)).toThrow(SecretOpenError);
  });

  it('takes a 32-byte key only', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow('32 bytes');
  });
});
