import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointDef } from '@kelvin/contract';
import {
  registerEndpoint,
  type Authenticators,
  type EndpointHandler,
  type HandlerInput,
} from './contractRouter.ts';
import { badField } from './httpError.ts';

/** The file part of a small multipart request, held in memory (logos and the like; bulk data uses signed URLs). */
export type BufferedUpload =
  | { kind: 'file'; data: Buffer; contentType: string; fileName: string }
  | { kind: 'tooLarge' }
  | { kind: 'missing' };

export interface MultipartOptions {
  /** The form field that carries the file; every other part is a text field validated by the contract. */
  fileField: string;
  maxFileBytes: number;
}

const uploads = new WeakMap<FastifyRequest, BufferedUpload>();

/**
 * Registers a contract endpoint whose request is multipart/form-data, in a scope of its own so that the
 * multipart parser reaches no other route. The text fields become the body that the contract router
 * validates (a bad field is the usual 400 naming it); the file is kept aside for the handler, which gets it
 * from `uploadOf(request)` after authentication, validation and its own authorization.
 */
export function registerMultipartEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  authenticators: Authenticators,
  endpoint: E,
  options: MultipartOptions,
  handler: (input: HandlerInput<E>, upload: BufferedUpload) => ReturnType<EndpointHandler<E>>,
): void {
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // Past the limit busboy truncates the file and discards the rest; a truncated file is reported as too
      // large by the handler (after authentication), and the fields after it are still read.
      limits: { fileSize: options.maxFileBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 21 },
      throwFileSizeLimit: false,
    });
    scope.addHook('preValidation', async (request) => {
      // Authenticate before reading a byte of the body: an anonymous caller must not make us buffer files.
      // The contract router authenticates again for the handler; a token check is cheap next to the upload.
      await authenticators.user(request);
      if (!request.isMultipart()) {
        uploads.set(request, { kind: 'missing' });
        return;
      }
      const { fields, upload } = await readParts(scope, request, options.fileField);
      request.body = fields;
      uploads.set(request, upload);
    });
    registerEndpoint(scope, authenticators, endpoint, (input) =>
      handler(input, uploads.get(input.request) ?? { kind: 'missing' }),
    );
  });
}

async function readParts(
  scope: FastifyInstance,
  request: FastifyRequest,
  fileField: string,
): Promise<{ fields: Record<string, string>; upload: BufferedUpload }> {
  const fields: Record<string, string> = {};
  let upload: BufferedUpload = { kind: 'missing' };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
      } else if (part.fieldname === fileField) {
        const data = await part.toBuffer();
        upload = part.file.truncated
          ? { kind: 'tooLarge' }
          : { kind: 'file', data, contentType: part.mimetype, fileName: part.filename };
      } else {
        // A file in an unexpected field: drop its bytes and let the contract's strict body name the field.
        part.file.resume();
        fields[part.fieldname] = part.filename;
      }
    }
  } catch (error) {
    if (error instanceof scope.multipartErrors.FilesLimitError) {
      throw badField(`body.${fileField}`, `Send one file only, in the field ${fileField}.`);
    }
    throw badField(
      'body',
      `The multipart request could not be read: ${error instanceof Error ? error.message : 'unknown error'}`,
    );
  }
  return { fields, upload };
}
