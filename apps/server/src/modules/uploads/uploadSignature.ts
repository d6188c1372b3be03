import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../platform/db/database.ts';
import { loadOrCreateSecret } from '../../platform/db/settings.ts';

export const UPLOAD_URL_TTL_SECONDS = 60 * 60;
const SECRET_KEY = 'uploads.signingSecret';

export interface UploadSigner {
  /** `{origin}/uploads/{requestId}?expires=…&signature=…`: the URL is the credential, as with S3 presigned PUTs. */
  uploadUrl(requestId: string, now?: number): Promise<string>;
  verify(
    requestId: string,
    query: { expires?: string | undefined; signature?: string | undefined },
    now?: number,
  ): Promise<boolean>;
}

/**
 * HMAC-SHA256 over the request id and expiry, like the file store's download URLs, with a secret of its own
 * (kept in the database so that every process and restart accepts the same URLs). The secret is loaded on
 * first use because routes are registered synchronously.
 */
export function createUploadSigner(db: DbOrTx, publicOrigin: string): UploadSigner {
  let secret: Promise<string> | undefined;
  const sign = async (requestId: string, expires: string) => {
    secret ??= loadOrCreateSecret(db, SECRET_KEY);
    return createHmac('sha256', await secret)
      .update(`upload\n${requestId}\n${expires}`)
      .digest('base64url');
  };
  return {
    async uploadUrl(requestId, now = Date.now()) {
      const expires = String(Math.floor(now / 1000) + UPLOAD_URL_TTL_SECONDS);
      const query = new URLSearchParams({ expires, signature: await sign(requestId, expires) });
      return `${publicOrigin}/uploads/${encodeURIComponent(requestId)}?${query.toString()}`;
    },
    async verify(requestId, { expires, signature }, now = Date.now()) {
      if (!expires || !signature || !/^\d+$/.test(expires)) return false;
      if (Number(expires) * 1000 < now) return false;
      const expected = Buffer.from(await sign(requestId, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
