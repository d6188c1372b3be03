import { expect } from 'vitest';
import { z } from 'zod';
import { NETSUITE_SANDBOX_CLIENT_ID, NETSUITE_SANDBOX_CLIENT_SECRET } from '../../config.ts';
import type { TestServer } from '../../testing/testServer.ts';
import { sandboxIssueServerTokens } from './sandboxGrants.ts';
import { SANDBOX_PREFIX } from './sandboxRoutes.ts';

/** Calls to a test server's sandbox, as NetSuite's clients make them. */
export function sandboxCaller(server: TestServer) {
  const base = `${server.url}${SANDBOX_PREFIX}`;
  const basic = `Basic ${Buffer.from(`${NETSUITE_SANDBOX_CLIENT_ID}:${NETSUITE_SANDBOX_CLIENT_SECRET}`).toString('base64')}`;
  let token: string | undefined;
  const bearer = async () => (token ??= (await sandboxIssueServerTokens(server.database.db)).accessToken);

  return {
    base,
    basic,
    bearer,
    /** A REST call with the server's own bearer token (or the one given). */
    async rest(
      method: string,
      path: string,
      options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
    ): Promise<Response> {
      const headers: Record<string, string> = {};
      if (options.token !== null) headers.authorization = `Bearer ${options.token ?? (await bearer())}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      return fetch(`${base}${path}`, {
        method,
        headers: { ...headers, ...options.headers },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        redirect: 'manual',
      });
    },
    /** A form POST to the token or revocation endpoint, with the sandbox client's Basic credentials by default. */
    form(
      path: string,
      fields: Record<string, string>,
      authorization: string | null = basic,
    ): Promise<Response> {
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
      if (authorization !== null) headers.authorization = authorization;
      return fetch(`${base}${path}`, {
        method: 'POST',
        headers,
        body: new URLSearchParams(fields).toString(),
      });
    },
    suiteql(q: string, query = '', headers: Record<string, string> = { prefer: 'transient' }) {
      return this.rest('POST', `/services/rest/query/v1/suiteql${query}`, { body: { q }, headers });
    },
  };
}

export type SandboxCaller = ReturnType<typeof sandboxCaller>;

const errorBody = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  'o:errorDetails': z
    .array(z.object({ detail: z.string(), 'o:errorCode': z.string(), 'o:errorPath': z.string().optional() }))
    .min(1),
});

/** Asserts NetSuite's error shape with this status and code; answers the first detail. */
export async function expectNetsuiteError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = errorBody.parse(await response.json());
  expect(body.status).toBe(status);
  expect(body.type).toMatch(/^https:\/\/www\.rfc-editor\.org\/rfc\/rfc9110\.html#section-/);
  const [detail] = body['o:errorDetails'];
  expect(detail?.['o:errorCode']).toBe(code);
  return detail;
}

export const pageSchema = z.object({
  links: z.array(z.object({ rel: z.string(), href: z.string() })),
  count: z.number(),
  hasMore: z.boolean(),
  items: z.array(z.record(z.string(), z.unknown())),
  offset: z.number(),
  totalResults: z.number(),
});

export async function readPage(response: Response) {
  expect(response.status).toBe(200);
  return pageSchema.parse(await response.json());
}

/** The id at the end of a create's or upsert's Location header. */
export function locationId(response: Response): string {
  expect(response.status).toBe(204);
  const id = /\/(\d+)$/.exec(response.headers.get('location') ?? '')?.[1];
  expect(id).toBeDefined();
  return id ?? '';
}
