import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** RFC 3986 encoding as SigV4 canonicalises it: encodeURIComponent leaves !'()* alone, S3 does not. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * Whether a presigned (query-string SigV4) request carries the signature S3 would compute for it with this
 * secret. s3rver checks expiry but not SigV4 signatures, so the tests' bucket checks them here, as S3 and MinIO
 * do: a URL whose response type or disposition was altered must be refused.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 */
export function presignedSignatureMatches(
  request: { method: string; url: string; host: string },
  secretAccessKey: string,
): boolean {
  const [rawPath = '/', rawQuery = ''] = request.url.split('?', 2);
  const pairs = rawQuery
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair): [string, string] => {
      const [name = '', value = ''] = pair.split('=', 2);
      return [decodeURIComponent(name), decodeURIComponent(value)];
    });
  const query = new Map(pairs);
  const signature = query.get('X-Amz-Signature');
  const credential = query.get('X-Amz-Credential');
  const amzDate = query.get('X-Amz-Date');
  const signedHeaders = query.get('X-Amz-SignedHeaders');
  if (!signature || !credential || !amzDate || !signedHeaders) return false;
  if (signedHeaders !== 'host') return false;
  const scope = credential.split('/').slice(1);
  const [date = '', region = '', service = ''] = scope;

  const canonicalQuery = pairs
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [uriEncode(name), uriEncode(value)])
    .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    `host:${request.host}\n`,
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope.join('/'),
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = Buffer.from(hmac(signingKey, stringToSign).toString('hex'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
