import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './webApp.ts';

const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET over real HTTP without decompression, so the test sees the bytes the browser receives. */
function get(origin: string, pathname: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(
      `${origin}${pathname}`,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

describe('the built web app over HTTP', () => {
  let dist: string;
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'kelvin-web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Kelvin</title>');
    await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Kelvin"}');
    await writeFile(path.join(dist, 'assets', 'main-abc123.js'), script);
    await writeFile(path.join(dist, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));
    await writeFile(path.join(dist, 'assets', 'main-abc123.js.gz'), gzipSync(script));
    app = Fastify();
    await registerWebApp(app, { webDistDir: dist });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends the Brotli copy of a script to a browser that accepts it, typed as the script, cached a year', async () => {
    const answer = await get(origin, '/assets/main-abc123.js', 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
    expect(answer.body.length).toBeLessThan(script.length / 4);
  });

  it('sends gzip to a browser without Brotli and the plain file to one that accepts neither', async () => {
    const gzipped = await get(origin, '/assets/main-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await get(origin, '/assets/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps the page uncached and under its content security policy', async () => {
    const page = await get(origin, '/', 'gzip, br');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('has the offline worker and the manifest asked afresh, so that a new build is installed', async () => {
    const worker = await get(origin, '/sw.js', 'gzip, br');
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await get(origin, '/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });
});
