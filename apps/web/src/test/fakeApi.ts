import { vi } from 'vitest';

export interface FakeRoute {
  method: string;
  /** Matched against the path and query after /api, e.g. /^\/assets\/\d+$/. */
  path: RegExp;
  /**
   * A status and a JSON body; a function sees the request's path and parsed body, and may answer later (a promise)
   * so that a test can hold a request in flight.
   */
  reply: FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);
}

export interface FakeReply {
  status?: number;
  body: unknown;
}

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A fetch that answers /api calls from a route table and records every request; an unknown call answers 404,
 * so that a test notices calls it did not expect.
 */
export function fakeApi(routes: readonly FakeRoute[]) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    const rawBody = init?.body;
    const body: unknown = typeof rawBody === 'string' ? JSON.parse(rawBody) : (rawBody ?? undefined);
    const request = { method, path, body };
    requests.push(request);
    const route = routes.find((candidate) => candidate.method === method && candidate.path.test(path));
    const reply = route
      ? typeof route.reply === 'function'
        ? await route.reply(request)
        : route.reply
      : { status: 404, body: { message: `No fake for ${method} ${path}` } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}
