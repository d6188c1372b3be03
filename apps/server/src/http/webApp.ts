import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The console's pages run only our own bundled scripts. Styles may be inline (Mantine sets them at run time),
 * images may be data: URLs (previews), the live socket and API are same-origin, and the silent-renewal page is
 * framed by the console itself and by nothing else. With files in a bucket, its origin (`filesOrigin`) may also
 * be shown as an image (logos) and fetched (the forms export zips attachments), never run as script.
 */
export function consolePagePolicy(filesOrigin?: string): string {
  const files = filesOrigin ? ` ${filesOrigin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${files}`,
    `connect-src 'self'${files}`,
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export const CONSOLE_PAGE_POLICY = consolePagePolicy();

function setPageHeaders(
  response: { setHeader(name: string, value: string): unknown },
  pagePolicy: string,
): void {
  response.setHeader('cache-control', 'no-cache');
  response.setHeader('content-security-policy', pagePolicy);
  response.setHeader('x-content-type-options', 'nosniff');
  response.setHeader('referrer-policy', 'same-origin');
}

/** Files at fixed addresses that name what the current build is: never taken from a cache unasked. */
const FRESH_FILES = new Set(['version.json', 'sw.js', 'manifest.webmanifest']);

/** Paths the browser lands on outside the hash router: sign-in callback and post-logout return. */
const SPA_ENTRY_PATHS = ['/auth/callback', '/auth/logged-out'];

/** The name of the file a response stands for: a pre-compressed `x.js.br` stands for `x.js`. */
function servedName(filePath: string): string {
  return path.basename(filePath).replace(/\.(br|gz)$/, '');
}

/**
 * Serves the built web app; `index.html` for the SPA's entry paths and unknown non-API pages. The build writes a
 * Brotli and a gzip copy beside each script and style sheet (vite.config.ts), sent to browsers that accept them,
 * so no CPU goes into compressing on each request. Hashed assets are cached for a year: the plugin's own
 * cache-control (max-age=0) is off, or it would overwrite ours and every warm load would revalidate each script.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Pick<Config, 'webDistDir'>,
  pagePolicy: string = CONSOLE_PAGE_POLICY,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: config.webDistDir,
    prefix: '/',
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const name = servedName(filePath);
      if (name.endsWith('.html')) setPageHeaders(response, pagePolicy);
      // Asked afresh each time: a new build must be noticed (version.json) and its offline worker installed (sw.js).
      else if (FRESH_FILES.has(name)) response.setHeader('cache-control', 'no-cache');
      else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        response.setHeader('cache-control', 'public, max-age=31536000, immutable');
        // The same address answers compressed or not by the request's accept-encoding; a cache must know.
        response.setHeader('vary', 'accept-encoding');
      }
    },
  });
  for (const entry of SPA_ENTRY_PATHS) {
    app.get(entry, (_request, reply) => {
      setPageHeaders(reply.raw, pagePolicy);
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
