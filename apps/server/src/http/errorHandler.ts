import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '@kelvin/contract';
import { HttpError } from './httpError.ts';
import { CONSOLE_PAGE_POLICY, wantsSpaPage } from './webApp.ts';

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number';
}

/**
 * Fastify's router refuses a path parameter that is badly percent-encoded or longer than its limit before any
 * route runs; the caller still gets the one envelope, naming the path parameters as the field at fault.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long.'
      : 'A path parameter is not valid percent-encoded UTF-8.';
  const envelope: ErrorEnvelope = { message, code: 'BAD_REQUEST', details: [{ field: 'params', message }] };
  request.log.info({ status: 400, code: envelope.code, message }, 'request refused');
  void reply.status(400).send(envelope);
}

/** Every failure leaves the server as the one error envelope; a stack trace never does. */
export function installErrorHandler(
  app: FastifyInstance,
  options: { spaFallback: boolean; pagePolicy?: string },
): void {
  app.setErrorHandler((error, request, reply) => {
    let status = 500;
    let envelope: ErrorEnvelope = { message: 'Something went wrong on the server.', code: 'INTERNAL' };
    if (error instanceof HttpError) {
      status = error.status;
      envelope = {
        message: error.message,
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
      };
    } else if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
      status = error.statusCode;
      const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST';
      envelope = { message: error.message, code };
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: envelope.code, message: envelope.message }, 'request refused');
    return reply.status(status).send(envelope);
  });

  app.setNotFoundHandler((request, reply) => {
    // Hash routes live in the page; any other page path gets the app, whose router sends it to `/`.
    if (options.spaFallback && wantsSpaPage(request.method, request.url)) {
      return reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', options.pagePolicy ?? CONSOLE_PAGE_POLICY)
        .sendFile('index.html');
    }
    const envelope: ErrorEnvelope = {
      message: `No route for ${request.method} ${request.url}`,
      code: 'NOT_FOUND',
    };
    return reply.status(404).send(envelope);
  });
}
