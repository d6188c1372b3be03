import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../http/httpError.ts';
import { attachmentDisposition, type DiskFileStore } from './fileStore.ts';

const signedQuery = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
  name: z.string().optional(),
  type: z.string().optional(),
});

/** Serves files of the local store to holders of a signed URL; anything else is a plain 404. */
export function registerFileRoutes(app: FastifyInstance, files: DiskFileStore): void {
  app.get('/files/*', async (request, reply) => {
    const key = z.object({ '*': z.string() }).parse(request.params)['*'];
    const query = signedQuery.parse(request.query);
    if (!files.verifySignature(key, query)) throw notFound('This link is invalid or has expired.');
    const size = await files.size(key);
    if (size === undefined) throw notFound('This file no longer exists.');
    reply.header('content-type', query.type ?? 'application/octet-stream');
    reply.header('content-length', String(size));
    reply.header('cache-control', 'private, max-age=300');
    reply.header('x-content-type-options', 'nosniff');
    // Files are user content on our own origin (an SVG logo can carry script): never let them run anything.
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (query.name) reply.header('content-disposition', attachmentDisposition(query.name));
    return reply.send(await files.read(key));
  });
}
