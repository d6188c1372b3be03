import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { contract, endpoint } from '@kelvin/contract';
import { ApiError } from './ApiError.ts';
import { contract as endpoints } from './endpoints.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { buildQueryString, createApiClient } from './apiClient.ts';

const widgetsUpdate = endpoint({
  name: 'widgets.update',
  method: 'POST',
  path: '/widgets/{widgetId}/parts/{partId}',
  summary: 'test endpoint with every input part',
  auth: 'user',
  params: z.object({ widgetId: z.number(), partId: z.string() }),
  query: z.object({
    ids: z.array(z.number()).optional(),
    flag: z.boolean().optional(),
    name: z.string().optional(),
  }),
  body: z.object({ label: z.string() }),
  output: z.object({ ok: z.literal(true), count: z.number() }),
});

const me = buildCurrentUser(['assets:read']);

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function fakeFetch(response: Response) {
  return vi.fn<typeof fetch>(() => Promise.resolve(response));
}

function requestOf(fetchMock: ReturnType<typeof fakeFetch>): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls[0];
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  if (typeof url !== 'string' || !init) throw new Error('unexpected fetch arguments');
  return { url, init };
}

describe('apiClient', () => {
  it('sends a GET to /api with the bearer ID token, JSON headers, same-origin credentials and no cache', async () => {
    const fetchMock = fakeFetch(jsonResponse(me));
    const call = createApiClient({ fetch: fetchMock, getToken: () => 'id-token-1' });

    const result = await call(contract.usersMe);

    expect(result.user.name).toBe('Ada Operator');
    const { url, init } = requestOf(fetchMock);
    expect(url).toBe('/api/users/me');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.cache).toBe('no-store');
    expect(init.body).toBeUndefined();
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer id-token-1');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('omits the Authorization header without a token', async () => {
    const fetchMock = fakeFetch(jsonResponse({ issuer: 'http://idp', clientIds: { local: 'web' } }));
    const call = createApiClient({ fetch: fetchMock });
    await call(contract.authConfig);
    expect(new Headers(requestOf(fetchMock).init.headers).has('Authorization')).toBe(false);
  });

  it('fills path params, appends query pairs skipping undefined, comma-joins arrays and sends a JSON body', async () => {
    const fetchMock = fakeFetch(jsonResponse({ ok: true, count: 3 }));
    const call = createApiClient({ fetch: fetchMock });

    const result = await call(widgetsUpdate, {
      params: { widgetId: 12, partId: 'a/b' },
      query: { ids: [1, 2, 3], flag: false, name: undefined },
      body: { label: 'Pump' },
    });

    expect(result).toEqual({ ok: true, count: 3 });
    const { url, init } = requestOf(fetchMock);
    expect(url).toBe('/api/widgets/12/parts/a%2Fb?ids=1%2C2%2C3&flag=false');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"label":"Pump"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends a multipart endpoint as form data: text fields and file parts, no JSON content type', async () => {
    const company = {
      companyId: 3,
      name: 'Acme',
      netSuiteCustomerInternalId: null,
      subscription: 'OBSERVABILITY',
      logoUrl: 'https://files/logo.png',
      logoContentType: 'image/png',
      logoFilePath: 'logos/3.png',
      isDeleted: false,
    };
    const fetchMock = fakeFetch(jsonResponse(company));
    const call = createApiClient({ fetch: fetchMock });
    const logo = new Blob(['png-bytes'], { type: 'image/png' });

    const result = await call(contract.companiesUpdateLogo, {
      body: { companyId: 3 },
      files: { upload: logo },
    });

    expect(result.logoUrl).toBe('https://files/logo.png');
    const { url, init } = requestOf(fetchMock);
    expect(url).toBe('/api/companies.updateLogo');
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
    if (!(init.body instanceof FormData)) throw new Error('expected a FormData body');
    expect(init.body.get('companyId')).toBe('3');
    expect(init.body.get('upload')).toBeInstanceOf(Blob);
  });

  it("calls through the browser's schema-free reference exactly as through the full definition", async () => {
    const answer = buildCurrentUser();
    const viaReference = fakeFetch(jsonResponse(answer));
    const viaDefinition = fakeFetch(jsonResponse(answer));
    // The server parsed the answer with the output schema before sending it: the client hands it over as sent.
    expect(await createApiClient({ fetch: viaReference })(endpoints.usersGet, { params: { id: 7 } })).toEqual(
      answer,
    );
    await createApiClient({ fetch: viaDefinition })(contract.usersGet, { params: { id: 7 } });
    expect(requestOf(viaReference)).toEqual(requestOf(viaDefinition));
    expect(requestOf(viaReference).url).toBe('/api/users/7');
  });

  it('raises an ApiError for a non-JSON body on a JSON call', async () => {
    const call = createApiClient({
      fetch: fakeFetch(new Response('<html>proxy page</html>', { status: 200 })),
    });
    const error: unknown = await call(contract.usersMe).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toHaveProperty('body', '<html>proxy page</html>');
  });

  it('throws an ApiError carrying the envelope message and body', async () => {
    const envelope = { message: 'Company not found', code: 'NOT_FOUND' };
    const call = createApiClient({ fetch: fakeFetch(jsonResponse(envelope, 404)) });
    const error: unknown = await call(contract.usersMe).catch((caught: unknown) => caught);
    if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
    expect(error.message).toBe('Company not found');
    expect(error.body).toEqual(envelope);
    expect(error.status).toBe(404);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.response.status).toBe(404);
  });

  it('falls back to "status url" when the body has no message', async () => {
    const call = createApiClient({ fetch: fakeFetch(new Response('Bad gateway', { status: 502 })) });
    const error: unknown = await call(contract.usersMe).catch((caught: unknown) => caught);
    if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
    expect(error.message).toBe('502 /api/users/me');
    expect(error.body).toBe('Bad gateway');
    expect(error.kind).toBe('serverError');
  });

  it('reports a 401 to the session before throwing', async () => {
    const onUnauthorized = vi.fn();
    const call = createApiClient({
      fetch: fakeFetch(jsonResponse({ message: 'Expired' }, 401)),
      onUnauthorized,
    });
    await expect(call(contract.usersMe)).rejects.toThrow('Expired');
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('does not report a 403 as a lost session', async () => {
    const onUnauthorized = vi.fn();
    const call = createApiClient({ fetch: fakeFetch(jsonResponse({ message: 'No' }, 403)), onUnauthorized });
    await expect(call(contract.usersMe)).rejects.toThrow('No');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('uses the global fetch when none is passed', async () => {
    const fetchMock = fakeFetch(jsonResponse(me));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await createApiClient()(contract.usersMe);
      expect(fetchMock).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('ApiError', () => {
  function errorFor(status: number, body: unknown = null): ApiError {
    return new ApiError(new Response(null, { status }), body, '/api/things');
  }

  it.each([
    [404, 'missing', { isMissing: true, isDenied: false, isBadRequest: true, isServerError: false }],
    [401, 'denied', { isMissing: false, isDenied: true, isBadRequest: true, isServerError: false }],
    [403, 'denied', { isMissing: false, isDenied: true, isBadRequest: true, isServerError: false }],
    [400, 'badRequest', { isMissing: false, isDenied: false, isBadRequest: true, isServerError: false }],
    [499, 'badRequest', { isMissing: false, isDenied: false, isBadRequest: true, isServerError: false }],
    [500, 'serverError', { isMissing: false, isDenied: false, isBadRequest: false, isServerError: true }],
    [503, 'serverError', { isMissing: false, isDenied: false, isBadRequest: false, isServerError: true }],
  ])('classifies %i as %s', (status, kind, flags) => {
    const error = errorFor(status);
    expect(error.kind).toBe(kind);
    expect({
      isMissing: error.isMissing,
      isDenied: error.isDenied,
      isBadRequest: error.isBadRequest,
      isServerError: error.isServerError,
    }).toEqual(flags);
  });

  it('uses the body message, else "status url"', () => {
    expect(errorFor(400, { message: 'name is required' }).message).toBe('name is required');
    expect(errorFor(400, { message: 42 }).message).toBe('400 /api/things');
    expect(errorFor(500, 'oops').message).toBe('500 /api/things');
    expect(errorFor(500).body).toBeNull();
    expect(errorFor(500)).toBeInstanceOf(Error);
    expect(errorFor(500).name).toBe('ApiError');
  });
});

describe('buildQueryString', () => {
  it('returns an empty string when nothing is left', () => {
    expect(buildQueryString(undefined)).toBe('');
    expect(buildQueryString({ a: undefined })).toBe('');
  });

  it('encodes values', () => {
    expect(buildQueryString({ code: 'a b&c', state: 'x', n: 0, empty: null })).toBe(
      '?code=a+b%26c&state=x&n=0',
    );
  });
});
