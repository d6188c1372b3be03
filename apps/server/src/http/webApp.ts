import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Paths the browser lands on outside the hash router: sign-in callback and post-logout return. */
const SPA_ENTRY_PATHS = ['/auth/callback', '/auth/logged-out'];

/** Serves the built web app; `index.html` for the SPA's entry paths and unknown non-API pages. */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyStatic, {
    root: config.webDistDir,
    prefix: '/',
    index: ['index.html'],
    setHeaders: (response, filePath) => {
      const name = path.basename(filePath);
      if (name.endsWith('.html') || name === 'version.json') response.setHeader('cache-control', 'no-cache');
      else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  for (const entry of SPA_ENTRY_PATHS) {
    app.get(entry, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
}

/** Whether an unmatched request should get the SPA page rather than a JSON 404. */
export function wantsSpaPage(method: string, url: string): boolean {
  if (method !== 'GET') return false;
  const pathname = url.split('?')[0] ?? '';
  return !['/api/', '/oidc/', '/live/', '/assets/', '/files/'].some((prefix) => pathname.startsWith(prefix));
}
