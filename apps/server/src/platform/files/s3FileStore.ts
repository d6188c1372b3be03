import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, attachmentDisposition, type S3FileStore } from './fileStore.ts';

/** Where the bucket is and who we are to it: the S3_* variables (config.ts). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: MinIO and most self-hosted stores want it. */
  forcePathStyle: boolean;
}

/** S3's smallest part but the last is 5 MiB; 8 MiB keeps a 300 MB attachment at 38 parts and one part in memory. */
export const DEFAULT_PART_SIZE_BYTES = 8 * 1024 * 1024;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where the API requires them: S3-compatible stores (older MinIO and Ceph, s3rver) do not all
    // accept the CRC32 headers the SDK otherwise adds to every upload and expects on every download.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Types a browser shows in place without running anything: only these are ever served inline, and only when no
 * download name is asked for (logos). The bucket cannot send the disk store's `sandbox` CSP, so what keeps user
 * content from running on the console's origin is, together:
 * - the bucket is always an origin of its own (the server refuses to start when its URLs would be on
 *   PUBLIC_ORIGIN: openFileStore.ts), so a script there reaches neither the console's storage nor its API;
 * - anything that can carry script or markup (SVG, HTML, XML, PDF, unknown types) is always `attachment`, which a
 *   browser saves instead of rendering when opened; an `<img>` still shows an SVG logo, and images never run
 *   script inside `<img>`.
 */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

/** What the bucket should answer a presigned download with. */
export function downloadDisposition(
  downloadName: string | undefined,
  contentType: string | undefined,
): string {
  const baseType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!downloadName && INLINE_TYPES.has(baseType)) return 'inline';
  return attachmentDisposition(downloadName);
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/**
 * The data in parts of `partSizeBytes` (the last shorter). Reading waits while a part is being sent, so a slow
 * bucket slows the sender instead of filling memory.
 */
async function* partsOf(data: Buffer | Readable, partSizeBytes: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(data)) {
    for (let start = 0; start < data.length; start += partSizeBytes) {
      yield data.subarray(start, start + partSizeBytes);
    }
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of data) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    pending.push(bytes);
    pendingBytes += bytes.length;
    while (pendingBytes >= partSizeBytes) {
      const joined = Buffer.concat(pending);
      yield joined.subarray(0, partSizeBytes);
      pending = [joined.subarray(partSizeBytes)];
      pendingBytes = joined.length - partSizeBytes;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/** Files as objects of one bucket; downloads are URLs presigned for GetObject that the bucket checks itself. */
export function createS3FileStore(options: {
  client: S3Client;
  bucket: string;
  /** Bodies longer than this go up in parts of this size (multipart upload); at least 5 MiB on real S3. */
  partSizeBytes?: number;
}): S3FileStore {
  const { client, bucket } = options;
  const partSizeBytes = options.partSizeBytes ?? DEFAULT_PART_SIZE_BYTES;

  /** Sends the parts after the first; the upload is aborted on any failure so that no parts are left behind. */
  async function putInParts(key: string, first: Buffer, rest: AsyncGenerator<Buffer>): Promise<number> {
    const created = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error(`The bucket gave no upload id for ${key}.`);
    const parts: CompletedPart[] = [];
    let sizeInBytes = 0;
    const sendPart = async (body: Buffer) => {
      const PartNumber = parts.length + 1;
      const sent = await client.send(
        new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }),
      );
      parts.push({ PartNumber, ETag: sent.ETag });
      sizeInBytes += body.length;
    };
    try {
      await sendPart(first);
      for await (const part of rest) await sendPart(part);
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return sizeInBytes;
    } catch (error) {
      // Best effort: the original failure is what the caller needs; a bucket lifecycle rule clears what an
      // abort that fails too leaves (README, S3_*).
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(key, data) {
      assertSafeKey(key);
      const parts = partsOf(data, partSizeBytes);
      const first = await parts.next();
      const second = first.done ? undefined : await parts.next();
      if (first.done || !second || second.done) {
        // One part or none: a single PutObject, nothing to abort.
        const body = first.done ? Buffer.alloc(0) : first.value;
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
        return { sizeInBytes: body.length };
      }
      const rest = (async function* () {
        yield second.value;
        yield* parts;
      })();
      return { sizeInBytes: await putInParts(key, first.value, rest) };
    },
    async read(key) {
      assertSafeKey(key);
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (answer.Body instanceof Readable) return answer.Body;
      throw new Error(`The bucket answered ${key} without a readable body.`);
    },
    async size(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return head.ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async signedUrl(key, { expiresInSeconds, downloadName, contentType }) {
      assertSafeKey(key);
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentType: contentType || 'application/octet-stream',
        ResponseContentDisposition: downloadDisposition(downloadName, contentType),
        ResponseCacheControl: 'private, max-age=300',
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode})` : '';
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw new Error(
          `The file bucket "${bucket}" cannot be reached with S3_ENDPOINT and the S3_* credentials${status}: ${reason}`,
          { cause: error },
        );
      }
    },
    close() {
      client.destroy();
    },
  };
}
