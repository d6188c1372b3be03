import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_MESSAGE } from '@kelvin/domain';
import { HttpError, badField, conflict, forbidden, notFound } from '../../http/httpError.ts';
import type { Db } from '../../platform/db/database.ts';
import type { FileStore } from '../../platform/files/fileStore.ts';
import type { UploadSigner } from './uploadSignature.ts';
import { changeStatus, findUploadByRequestId } from './uploadsRepository.ts';

export interface ReceiverDeps {
  db: Db;
  files: FileStore;
  signer: UploadSigner;
  /** Hands the uploaded file to processing. */
  onUploaded: () => void;
}

const paramsSchema = z.object({ requestId: z.uuid() });
const querySchema = z.object({ expires: z.string().optional(), signature: z.string().optional() });

const tooLarge = (message: string) => new HttpError(413, 'PAYLOAD_TOO_LARGE', message);

class SizeExceeded extends Error {}

/** Passes bytes through until more than `max` have gone by, then fails the stream. */
function byteLimit(max: number): Transform & { bytes: () => number } {
  let bytes = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      bytes += chunk.length;
      if (bytes > max) callback(new SizeExceeded());
      else callback(null, chunk);
    },
  });
  return Object.assign(transform, { bytes: () => bytes });
}

/**
 * `PUT /uploads/{requestId}?expires&signature`: the raw .gz bytes of a registered upload, streamed to the file
 * store. The signed URL is the credential (like an S3 presigned PUT). Refused: a wrong or expired signature,
 * an unknown request, a second upload, and a body larger than declared or than the limit. On success the row
 * becomes UPLOADED and processing is woken.
 */
export function registerUploadReceiver(app: FastifyInstance, deps: ReceiverDeps): void {
  // Requests whose bytes are arriving now: a second PUT of the same file is refused, not interleaved.
  const receiving = new Set<string>();
  void app.register((scope, _options, done) => {
    // The body is the file: leave the stream unread for the handler instead of buffering it (bodyLimit is 10 MB).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null));
    scope.put('/uploads/:requestId', (request, reply) => receive(deps, receiving, request, reply));
    done();
  });
}

async function receive(
  deps: ReceiverDeps,
  receiving: Set<string>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  // Refusals before the body is read close the connection, so that a client is not kept sending 300MB for nothing.
  reply.header('connection', 'close');
  const params = paramsSchema.safeParse(request.params);
  if (!params.success) throw notFound('No such upload.');
  const { requestId } = params.data;
  if (!(await deps.signer.verify(requestId, querySchema.parse(request.query)))) {
    throw forbidden('This upload link is invalid or has expired.');
  }
  const upload = await findUploadByRequestId(deps.db, requestId);
  if (!upload || upload.deletedAt) throw notFound('No such upload.');
  if (upload.status !== 'PENDING') throw conflict('This file has already been uploaded.');
  if (receiving.has(requestId)) throw conflict('This file is being uploaded already.');

  const declared = upload.fileSizeInBytes;
  const contentLength = Number(request.headers['content-length'] ?? Number.NaN);
  if (contentLength >= UPLOAD_LIMIT_BYTES) throw tooLarge(UPLOAD_LIMIT_MESSAGE);
  if (contentLength > declared) {
    throw tooLarge(`The file is ${contentLength} bytes, larger than the ${declared} bytes declared.`);
  }

  receiving.add(requestId);
  try {
    const limit = byteLimit(Math.min(declared, UPLOAD_LIMIT_BYTES - 1));
    const source = request.raw;
    // pipe() forwards no errors: an aborted upload must fail the write, which then removes its partial file.
    const fail = () => limit.destroy(new Error('The upload was interrupted.'));
    source.once('aborted', fail);
    source.once('error', fail);
    // Bytes flow before the store's pipeline listens (it creates the directory first); an early error stays on
    // the stream, where the pipeline finds it, instead of being thrown as unhandled.
    limit.on('error', () => undefined);
    source.pipe(limit);
    try {
      await deps.files.put(upload.filepath, limit);
    } catch (error) {
      if (error instanceof SizeExceeded) {
        throw tooLarge(
          declared >= UPLOAD_LIMIT_BYTES - 1
            ? UPLOAD_LIMIT_MESSAGE
            : `The file is larger than the ${declared} bytes declared.`,
        );
      }
      throw error;
    } finally {
      source.unpipe(limit);
      source.off('aborted', fail);
      source.off('error', fail);
    }
    if (limit.bytes() !== declared) {
      await deps.files.remove(upload.filepath);
      throw badField('body', `The upload ended after ${limit.bytes()} of the ${declared} bytes declared.`);
    }
    const uploaded = await changeStatus(deps.db, {
      fileAttachmentId: upload.fileAttachmentId,
      from: ['PENDING'],
      to: 'UPLOADED',
      actorUserId: upload.userId,
    });
    if (!uploaded) throw conflict('This file has already been uploaded.');
    deps.onUploaded();
    reply.removeHeader('connection');
    return { requestId, status: uploaded.status, fileSizeInBytes: limit.bytes() };
  } finally {
    receiving.delete(requestId);
  }
}
