import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** AES-256 takes a 32-byte key. */
export const SECRET_KEY_BYTES = 32;
/** Marks encrypted text (and its format's version), so that plaintext from before encryption can be told apart. */
export const SEALED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed secret that does not open: another key, another purpose, or altered text. */
export class SecretOpenError extends Error {
  constructor() {
    super(
      'A stored secret could not be decrypted: KELVIN_SECRET_KEY is not the key it was stored with, or it was altered',
    );
    this.name = 'SecretOpenError';
  }
}

/**
 * Encrypts stored credentials (webhook signing secrets, later accounting tokens) with AES-256-GCM. `purpose` (e.g.
 * `company_webhooks.secret`) is bound in as associated data: a ciphertext copied into another column does not open.
 */
export interface SecretBox {
  seal(plaintext: string, purpose: string): string;
  /** Throws SecretOpenError when the key, the purpose or the text is not the one it was sealed with. */
  open(sealed: string, purpose: string): string;
}

/** Whether stored text was sealed by a SecretBox (rather than being plaintext from before). */
export function isSealed(text: string): boolean {
  return text.startsWith(SEALED_PREFIX);
}

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== SECRET_KEY_BYTES) throw new Error(`A secret key is ${SECRET_KEY_BYTES} bytes`);
  const keyBytes = Buffer.from(key);
  return {
    seal(plaintext, purpose) {
      // A fresh random IV per seal: GCM must never see one (key, IV) pair twice.
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyBytes, iv);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${SEALED_PREFIX}${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    open(sealed, purpose) {
      if (!isSealed(sealed)) throw new SecretOpenError();
      const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretOpenError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyBytes, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        // GCM's authentication failed: which of key, purpose or text was wrong cannot be told, and need not be.
        throw new SecretOpenError();
      }
    },
  };
}
