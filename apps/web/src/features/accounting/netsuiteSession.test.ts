import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import {
  finishNetsuiteAuthorization,
  NETSUITE_SESSION_KEY,
  netsuiteAccessToken,
  readNetsuiteSession,
  safeReturnPath,
  saveNetsuiteSession,
  startNetsuiteAuthorization,
} from './netsuiteSession.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const NOW = Date.UTC(2026, 10, 28, 9, 0, 0);

describe('the browser accounting session', () => {
  it('keeps access token, refresh token, expireDate after expiresIn and refreshExpireDate after 10800 s', () => {
    saveNetsuiteSession({ accessToken: 'a1', refreshToken: 'r1', expiresIn: 3600 }, NOW);
    expect(readNetsuiteSession()).toEqual({
      accessToken: 'a1',
      refreshToken: 'r1',
      expireDate: NOW + 3_600_000,
      refreshExpireDate: NOW + 10_800_000,
    });
  });

  it('answers the stored token while it lasts, without asking the server', async () => {
    const api = fakeApi([]);
    saveNetsuiteSession({ accessToken: 'a1', refreshToken: 'r1', expiresIn: 3600 }, NOW);
    expect(await netsuiteAccessToken(NOW + 60_000)).toBe('a1');
    expect(api.requests).toHaveLength(0);
    localStorage.clear();
    expect(await netsuiteAccessToken(NOW)).toBeNull();
  });

  it('refreshes an expired token once for concurrent callers and keeps the new one', async () => {
    const api = fakeApi([
      {
        method: 'POST',
        path: /^\/netsuite\.accessToken\.refresh$/,
        reply: { body: { accessToken: 'a2', refreshToken: 'r1', expiresIn: 3600 } },
      },
    ]);
    saveNetsuiteSession({ accessToken: 'a1', refreshToken: 'r1', expiresIn: 3600 }, Date.now() - 3_700_000);
    const [one, two] = await Promise.all([netsuiteAccessToken(), netsuiteAccessToken()]);
    expect([one, two]).toEqual(['a2', 'a2']);
    expect(api.requests.map((request) => request.body)).toEqual([{ refreshToken: 'r1' }]);
    expect(readNetsuiteSession()?.accessToken).toBe('a2');
  });

  it('clears the session when the refresh fails, and when the refresh window is over', async () => {
    fakeApi([
      {
        method: 'POST',
        path: /^\/netsuite\.accessToken\.refresh$/,
        reply: { status: 400, body: { message: 'NetSuite refused', code: 'BAD_REQUEST' } },
      },
    ]);
    saveNetsuiteSession({ accessToken: 'a1', refreshToken: 'r1', expiresIn: 3600 }, Date.now() - 3_700_000);
    expect(await netsuiteAccessToken()).toBeNull();
    expect(localStorage.getItem(NETSUITE_SESSION_KEY)).toBeNull();

    saveNetsuiteSession({ accessToken: 'a1', refreshToken: 'r1', expiresIn: 3600 }, NOW);
    expect(await netsuiteAccessToken(NOW + 10_800_000)).toBeNull();
    expect(localStorage.getItem(NETSUITE_SESSION_KEY)).toBeNull();
  });

  it('starts authorization at the address the server gives, and comes back to where it started', async () => {
    const api = fakeApi([
      {
        method: 'POST',
        path: /^\/netsuite\.authorization\.start$/,
        reply: {
          body: {
            authorizationUrl: 'https://sandbox.example/authorize.nl?state=s1',
            state: 's1',
            redirectUri: 'http://localhost/user/netsuite',
            expiresAt: '2026-11-28T09:10:00.000Z',
          },
        },
      },
      {
        method: 'POST',
        path: /^\/netsuite\.accessToken\.get$/,
        reply: { body: { accessToken: 'a1', refreshToken: 'r1', expiresIn: 3600 } },
      },
    ]);
    const go = vi.fn();
    await startNetsuiteAuthorization('/user/orders?tab=PENDING', go);
    expect(go).toHaveBeenCalledWith('https://sandbox.example/authorize.nl?state=s1');
    const done = await finishNetsuiteAuthorization({ code: 'c1', state: 's1' });
    expect(done.returnTo).toBe('/user/orders?tab=PENDING');
    expect(api.requests.at(-1)?.body).toEqual({
      code: 'c1',
      state: 's1',
      redirectUri: 'http://localhost/user/netsuite',
    });
    expect(readNetsuiteSession()?.accessToken).toBe('a1');
  });

  it('goes back only to a path of this app', () => {
    expect(safeReturnPath('/user/inventory')).toBe('/user/inventory');
    expect(safeReturnPath('//evil.example/x')).toBe('/user/orders');
    expect(safeReturnPath('https://evil.example')).toBe('/user/orders');
    expect(safeReturnPath('/\\evil.example')).toBe('/user/orders');
  });
});
