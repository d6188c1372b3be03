import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { contract } from '@kelvin/contract';
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_MESSAGE } from '@kelvin/domain';
import { requirePermission } from '../../http/authorize.ts';
import { registerEndpoint } from '../../http/contractRouter.ts';
import { HttpError, badField } from '../../http/httpError.ts';
import type { RouteContext } from '../../http/routeContext.ts';
import {
  createFormAttachment,
  type FormAttachmentsDeps,
  type StoredUpload,
} from './formAttachmentsService.ts';

/** The form field that carries the file (spec: createAttachment's `upload`). */
const FILE_FIELD = 'upload';
/**
 * What a request may hold besides the file: its text fields (20 of at most 10,000 bytes) and the multipart framing.
 * A request declaring more than the limit plus this holds a file of at least the limit: refused unread.
 */
const FIELDS_ALLOWANCE_BYTES = 256 * 1024;

type Upload = { kind: 'file'; stored: StoredUpload } | { kind: 'tooLarge' } | { kind: 'missing' };

const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_LIMIT_MESSAGE);

/**
 * `entities.forms.createAttachment`: multipart/form-data whose file is streamed into the file store as it arrives
 * (a file may be up to 300MB: never held in memory), in a scope of its own so that the multipart parser reaches no
 * other route. The spec's client sends `filename` after the file, so the file is stored first under a key of its
 * own and the row written once every field is read and the caller authorized; a refusal of any kind (invalid
 * fields, no access, the limit) removes the stored bytes. Files at or above 300000000 bytes are refused with the
 * spec's message and nothing is kept.
 */
export function registerFormAttachmentUpload(context: RouteContext, deps: FormAttachmentsDeps): void {
  const uploads = new WeakMap<FastifyRequest, Upload>();
  const committed = new WeakSet<FastifyRequest>();
  void context.app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // A file reaching the limit is cut there (truncated) and refused: the limit itself is too large.
      limits: { fileSize: UPLOAD_LIMIT_BYTES - 1, files: 1, fields: 20, fieldSize: 10_000, parts: 21 },
      throwFileSizeLimit: false,
    });
    scope.addHook('preValidation', async (request) => {
      // Authenticate and check the permission before reading a byte of the body.
      const auth = await context.authenticators.user(request);
      requirePermission(auth, 'tickets:write');
      const declared = Number(request.headers['content-length'] ?? Number.NaN);
      if (declared >= UPLOAD_LIMIT_BYTES + FIELDS_ALLOWANCE_BYTES) throw tooLarge();
      if (!request.isMultipart()) {
        uploads.set(request, { kind: 'missing' });
        return;
      }
      const { fields, upload } = await readParts(deps, request);
      request.body = fields;
      uploads.set(request, upload);
    });
    // Whatever refused the request after the file was stored, its bytes go before the answer leaves.
    scope.addHook('onSend', async (request, _reply, payload) => {
      const upload = uploads.get(request);
      if (upload?.kind === 'file' && !committed.has(request)) await deps.files.remove(upload.stored.key);
      return payload;
    });
    registerEndpoint(
      scope,
      context.authenticators,
      contract.formsCreateAttachment,
      async ({ auth, body, request }) => {
        const upload = uploads.get(request) ?? { kind: 'missing' };
        if (upload.kind === 'tooLarge') throw tooLarge();
        if (upload.kind === 'missing') {
          throw badField(`body.${FILE_FIELD}`, `Send the file in the multipart field ${FILE_FIELD}.`);
        }
        const attachment = await createFormAttachment(deps, auth, body, upload.stored);
        committed.add(request);
        return attachment;
      },
    );
  });
}

async function readParts(
  deps: FormAttachmentsDeps,
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; upload: Upload }> {
  const fields: Record<string, string> = {};
  let upload: Upload = { kind: 'missing' };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
      } else if (part.fieldname === FILE_FIELD) {
        const key = `form-attachments/${randomUUID()}`;
        const { sizeInBytes } = await deps.files.put(key, part.file);
        if (part.file.truncated) {
          await deps.files.remove(key);
          upload = { kind: 'tooLarge' };
        } else {
          const stored = {
            key,
            sizeInBytes,
            contentType: part.mimetype,
            fileName: part.filename || 'upload',
          };
          upload = { kind: 'file', stored };
        }
      } else {
        // A file in an unexpected field: drop its bytes and let the contract's strict body name the field.
        part.file.resume();
        fields[part.fieldname] = part.filename;
      }
    }
  } catch (error) {
    if (upload.kind === 'file') await deps.files.remove(upload.stored.key);
    if (error instanceof HttpError) throw error;
    throw badField(
      'body',
      `The multipart request could not be read: ${error instanceof Error ? error.message : 'unknown error'}`,
    );
  }
  return { fields, upload };
}
