import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The console's pages run only our own bundled scripts. Styles may be inline (Mantine sets them at run time),
 * images may be data: URLs (previews), the live socket and API are same-origin, and the silent-renewal page is
 * framed by the console itself and by nothing else.
 */
export const CONSOLE_PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

function setPageHeaders(response: { setHeader(name: string, value: string): unknown }): void {
  response.setHeader('cache-control', 'no-cache');
  response.setHeader('content-security-policy', CONSOLE_PAGE_POLICY);
  response.setHeader('x-content-type-options', 'nosniff');
  response.setHeader('referrer-policy', 'same-origin');
}

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
      if (name.endsWith('.html')) setPageHeaders(response);
      else if (name === 'version.json') response.setHeader('cache-control', 'no-cache');
      else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  for (const entry of SPA_ENTRY_PATHS) {
    app.get(entry, (_request, reply) => {
      setPageHeaders(reply.raw);
      return reply.sendFile('index.html');
    });
  }
}

/** Whether an unmatched request should get the SPA page rather than a JSON 404. */
export function wantsSpaPage(method: string, url: string): boolean {
  if (method !== 'GET') return false;
  const pathname = url.split('?')[0] ?? '';
  return !['/api/', '/oidc/', '/live/', '/assets/', '/files/'].some((prefix) => pathname.startsWith(prefix));
}
