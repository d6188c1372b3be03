import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from '@kelvin/contract';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fastifyPath } from './contractRouter.ts';

describe('operations endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers /healthz and /readyz with the database kind', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({
      status: 'ready',
      database: 'pglite',
    });
  });

  it('exposes Prometheus metrics including request durations', async () => {
    await fetch(`${server.url}/api/users/me`);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toContain('# TYPE kelvin_http_request_duration_seconds histogram');
    expect(text).toMatch(
      /kelvin_http_request_duration_seconds_count\{method="GET",route="\/api\/users\/me",status="401"\} \d+/,
    );
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('serves an OpenAPI 3.1 document listing every contract endpoint', async () => {
    const document = z
      .object({
        openapi: z.string(),
        paths: z.record(z.string(), z.record(z.string(), z.object({ operationId: z.string() }))),
      })
      .parse(await (await fetch(`${server.url}/api/openapi.json`)).json());
    expect(document.openapi).toBe('3.1.0');
    for (const endpoint of allEndpoints) {
      expect(document.paths[`/api${endpoint.path}`]?.[endpoint.method.toLowerCase()]?.operationId).toBe(
        endpoint.name,
      );
    }
  });

  it('registers a route for every endpoint of the contract', () => {
    const missing = allEndpoints.filter(
      (endpoint) => !server.app.hasRoute({ method: endpoint.method, url: fastifyPath(endpoint.path) }),
    );
    expect(missing.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
  });

  it('serves a page to browse the document', async () => {
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('/api/openapi.json');
  });

  it('publishes the sign-in settings for the environment', async () => {
    expect(await (await fetch(`${server.url}/api/auth/config`)).json()).toEqual({
      issuer: `${server.url}/oidc`,
      clientIds: { local: 'kelvin-console' },
    });
  });
});

describe('OpenAPI request bodies', () => {
  it('declares multipart calls as multipart/form-data with a binary upload part', async () => {
    const { buildOpenApiDocument } = await import('./openapi.ts');
    const document = z
      .object({
        paths: z.record(
          z.string(),
          z.record(z.string(), z.looseObject({ requestBody: z.unknown().optional() })),
        ),
      })
      .parse(buildOpenApiDocument());
    const body = z
      .object({
        content: z.record(z.string(), z.object({ schema: z.looseObject({ properties: z.unknown() }) })),
      })
      .parse(document.paths['/api/companies.updateLogo']?.post?.requestBody);
    expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
    expect(body.content['multipart/form-data']?.schema.properties).toMatchObject({
      upload: { type: 'string', format: 'binary' },
    });
  });
});
