import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../platform/files/s3FileStore.ts';
import { presignedSignatureMatches } from './presignedUrlCheck.ts';

/** s3rver's fixed credentials: it accepts any request signed with them. */
const S3RVER_KEY = 'S3RVER';

/** In front of s3rver: refuses a presigned URL whose signature does not match (s3rver does not check them). */
async function startSignatureCheck(upstreamPort: number): Promise<Server> {
  const front = createServer((incoming, answer) => {
    const url = incoming.url ?? '/';
    const host = incoming.headers.host ?? '';
    if (
      url.includes('X-Amz-Signature=') &&
      !presignedSignatureMatches({ method: incoming.method ?? 'GET', url, host }, S3RVER_KEY)
    ) {
      answer.writeHead(403, { 'content-type': 'application/xml' });
      answer.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: incoming.method,
        path: url,
        headers: incoming.headers,
      },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(answer);
      },
    );
    upstream.on('error', () => answer.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return front;
}

function portOf(server: Server): number {
  const address: AddressInfo | string | null = server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return address.port;
}

export interface TestBucket {
  settings: S3Settings;
  /** The same as S3_* variables, for a server started on the bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) with one bucket, in a temporary directory removed on close, behind a check
 * of presigned URLs' signatures; both on free ports.
 */
export async function startTestBucket(bucket = 'kelvin-test-files'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'kelvin-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const front = await startSignatureCheck(port);
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${portOf(front)}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
