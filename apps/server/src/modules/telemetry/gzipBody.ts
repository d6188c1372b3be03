import { PassThrough, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { badField, HttpError } from '../../http/httpError.ts';

/**
 * The decoded body Fastify reads. `receivedEncodedLength` tells Fastify how many bytes arrived on the wire, so
 * that its Content-Length check compares compressed bytes with the compressed Content-Length.
 */
class DecodedBody extends PassThrough {
  receivedEncodedLength = 0;
}

function tooLarge(limitBytes: number): HttpError {
  const megabytes = Math.round(limitBytes / 1024 / 1024);
  return new HttpError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The decompressed body is larger than ${megabytes} MB; send at most 50,000 points per batch.`,
  );
}

/**
 * A preParsing hook for gzip-encoded JSON (Content-Encoding: gzip). Decompression stops as soon as the output
 * passes `limitBytes`, so a gzip bomb costs at most the limit in memory and ends in a 413 that says why;
 * a corrupt stream is a 400. Any other encoding is refused rather than parsed as garbage.
 */
export function gunzipBody(limitBytes: number) {
  return (request: FastifyRequest, _reply: unknown, payload: Readable): Promise<Readable> => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding === undefined || encoding === '' || encoding === 'identity') return Promise.resolve(payload);
    if (encoding !== 'gzip') {
      return Promise.reject(
        badField(
          'headers.content-encoding',
          `Content-Encoding ${encoding} is not supported; send gzip or nothing.`,
        ),
      );
    }
    const decoded = new DecodedBody();
    let decodedBytes = 0;
    const gunzip = createGunzip();
    payload.on('data', (chunk: Buffer) => {
      decoded.receivedEncodedLength += chunk.length;
    });
    gunzip.on('data', (chunk: Buffer) => {
      decodedBytes += chunk.length;
      if (decodedBytes > limitBytes) gunzip.destroy(tooLarge(limitBytes));
    });
    // Piped by hand rather than with pipeline(): pipeline would destroy `decoded` with zlib's bare message
    // ('incorrect header check') before a clearer error could replace it.
    gunzip.on('error', (error) => {
      decoded.destroy(
        error instanceof HttpError
          ? error
          : badField('body', `The gzip body cannot be decompressed: ${error.message}`),
      );
    });
    payload.on('error', (error) => decoded.destroy(error));
    // Fastify stops listening once it has answered; a late error must not become an unhandled 'error' event.
    decoded.on('error', () => undefined);
    payload.pipe(gunzip).pipe(decoded);
    return Promise.resolve(decoded);
  };
}
