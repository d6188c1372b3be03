import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NETSUITE_SANDBOX_CLIENT_ID } from '../../config.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { AUTHORIZE_MESSAGES, AUTHORIZE_PATH } from './sandboxAuthorizeRoutes.ts';
import { expireSandboxToken } from './sandboxGrants.ts';
import { expectNetsuiteError, sandboxCaller, type SandboxCaller } from './sandboxTestKit.ts';
import { REVOKE_PATH, TOKEN_PATH } from './sandboxTokenRoutes.ts';

let server: TestServer;
let sandbox: SandboxCaller;
let redirectUri: string;
const STATE = 'state-0123456789abcdefghij-xyz';

beforeAll(async () => {
  server = await startTestServer();
  sandbox = sandboxCaller(server);
  redirectUri = `${server.url}/user/netsuite`;
});
afterAll(async () => {
  await server.close();
});

function authorizeUrl(overrides: Record<string, string | undefined> = {}): string {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: NETSUITE_SANDBOX_CLIENT_ID,
    redirect_uri: redirectUri,
    scope: 'rest_webservices',
    state: STATE,
    ...overrides,
  };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
  return `${sandbox.base}${AUTHORIZE_PATH}?${query.toString()}`;
}

/** Opens the page and reads what its form will post: the hidden fields and the form cookie. */
async function openForm(url = authorizeUrl()) {
  const page = await fetch(url, { redirect: 'manual' });
  expect(page.status).toBe(200);
  const html = await page.text();
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[match[1] ?? ''] = (match[2] ?? '').replace(/&amp;/g, '&');
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { page, html, fields, cookie };
}

async function submit(
  form: { fields: Record<string, string>; cookie: string },
  extra: Record<string, string>,
  cookie = form.cookie,
) {
  return fetch(`${sandbox.base}${AUTHORIZE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ ...form.fields, ...extra }).toString(),
    redirect: 'manual',
  });
}

const SIGN_IN = { email: 'sandbox@netsuite.example', password: 'sandbox', role: '3', action: 'continue' };

async function authorizationCode(): Promise<string> {
  const back = await submit(await openForm(), SIGN_IN);
  expect(back.status).toBe(303);
  return new URL(back.headers.get('location') ?? '').searchParams.get('code') ?? '';
}

const tokenSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.number(),
  token_type: z.literal('bearer'),
});

async function exchange(code: string, uri = redirectUri) {
  return sandbox.form(TOKEN_PATH, { grant_type: 'authorization_code', code, redirect_uri: uri });
}

async function expectOAuthError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(
    z.object({ error: z.string(), error_description: z.string() }).parse(await response.json()).error,
  ).toBe(error);
}

describe('the authorization page', () => {
  it('is a self-contained sign-in and consent page under a nonce CSP, showing the sandbox user', async () => {
    const { page, html, cookie } = await openForm();
    const csp = page.headers.get('content-security-policy') ?? '';
    const nonce = /<style nonce="([^"]+)">/.exec(html)?.[1];
    expect(csp).toContain(`style-src 'nonce-${nonce ?? 'missing'}'`);
    expect(csp).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script|<link|src="http/);
    expect(html).toContain('sandbox@netsuite.example');
    expect(html).toContain('<option value="3" selected>Administrator</option>');
    expect(html).toContain('A/R Clerk');
    expect(html).toMatch(/value="continue">Continue</);
    expect(html).toMatch(/value="cancel" formnovalidate>Cancel</);
    expect(cookie).toMatch(/^netsuite_sandbox_form=/);
    expect(page.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Lax/);
  });

  it('returns the state, role, entity, company and a code to the redirect_uri', async () => {
    const back = await submit(await openForm(), { ...SIGN_IN, role: '1010' });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    const { code, ...rest } = Object.fromEntries(location.searchParams);
    expect(rest).toEqual({ state: STATE, role: '1010', entity: '1042', company: 'SANDBOX' });
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  });

  it('sends access_denied with the state back on Cancel, without asking for a password', async () => {
    const back = await submit(await openForm(), { action: 'cancel' });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe(STATE);
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('refuses a wrong password on the page, keeping the email', async () => {
    const response = await submit(await openForm(), { ...SIGN_IN, password: 'wrong' });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain(AUTHORIZE_MESSAGES.badLogin);
    expect(html).toContain('value="sandbox@netsuite.example"');
  });

  it('refuses a form without its cookie, with another cookie, or with a changed request (CSRF)', async () => {
    const form = await openForm();
    const other = await openForm();
    for (const response of [
      await submit(form, SIGN_IN, ''),
      await submit(form, SIGN_IN, `netsuite_sandbox_form=${'A'.repeat(43)}`),
      await submit(form, { ...SIGN_IN, state: `${STATE}-changed` }),
      await submit(form, { ...SIGN_IN, csrf: other.fields.csrf ?? '' }),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.text()).toContain(AUTHORIZE_MESSAGES.staleForm);
    }
  });

  it('shows a page, never a redirect, for an unknown client or a redirect_uri elsewhere', async () => {
    for (const url of [
      authorizeUrl({ client_id: 'someone-else' }),
      authorizeUrl({ redirect_uri: 'https://attacker.example/cb' }),
      authorizeUrl({ redirect_uri: 'javascript:alert(1)' }),
      authorizeUrl({ redirect_uri: `${server.url}/cb#fragment` }),
    ]) {
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
  });

  it('returns OAuth errors for a bad response_type, scope or state', async () => {
    const cases: [Record<string, string | undefined>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'restlets' }, 'invalid_scope'],
      [{ state: undefined }, 'invalid_request'],
      [{ state: 'short' }, 'invalid_request'],
    ];
    for (const [overrides, error] of cases) {
      const response = await fetch(authorizeUrl(overrides), { redirect: 'manual' });
      expect(response.status).toBe(303);
      expect(new URL(response.headers.get('location') ?? '').searchParams.get('error')).toBe(error);
    }
  });
});

describe('the token endpoint', () => {
  it('exchanges a code once for an hour-long access token and a refresh token that work', async () => {
    const response = await exchange(await authorizationCode());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = tokenSchema.parse(await response.json());
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.refresh_token).toBeDefined();
    expect(
      (await sandbox.rest('GET', '/services/rest/record/v1/customer?limit=1', { token: tokens.access_token }))
        .status,
    ).toBe(200);

    const refreshed = await sandbox.form(TOKEN_PATH, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refreshed.status).toBe(200);
    const renewed = tokenSchema.parse(await refreshed.json());
    expect(renewed.refresh_token).toBeUndefined();
    expect(renewed.access_token).not.toBe(tokens.access_token);
    expect(
      (
        await sandbox.rest('GET', '/services/rest/record/v1/customer?limit=1', {
          token: renewed.access_token,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a reused code and revokes what the code issued', async () => {
    const code = await authorizationCode();
    const tokens = tokenSchema.parse(await (await exchange(code)).json());
    await expectOAuthError(await exchange(code), 400, 'invalid_grant');
    await expectNetsuiteError(
      await sandbox.rest('GET', '/services/rest/record/v1/customer', { token: tokens.access_token }),
      401,
      'INVALID_LOGIN',
    );
    await expectOAuthError(
      await sandbox.form(TOKEN_PATH, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
      }),
      400,
      'invalid_grant',
    );
  });

  it('refuses wrong client credentials, a wrong redirect_uri, unknown codes and grants', async () => {
    const code = await authorizationCode();
    const wrongSecret = `Basic ${Buffer.from(`${NETSUITE_SANDBOX_CLIENT_ID}:nope`).toString('base64')}`;
    await expectOAuthError(
      await sandbox.form(
        TOKEN_PATH,
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
        wrongSecret,
      ),
      401,
      'invalid_client',
    );
    await expectOAuthError(
      await sandbox.form(
        TOKEN_PATH,
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
        null,
      ),
      401,
      'invalid_client',
    );
    await expectOAuthError(await exchange(code, `${server.url}/elsewhere`), 400, 'invalid_grant');
    await expectOAuthError(await exchange(`${'a'.repeat(22)}.${'b'.repeat(43)}`), 400, 'invalid_grant');
    await expectOAuthError(await exchange('not-a-code'), 400, 'invalid_grant');
    await expectOAuthError(
      await sandbox.form(TOKEN_PATH, { grant_type: 'password' }),
      400,
      'unsupported_grant_type',
    );
    await expectOAuthError(
      await sandbox.form(TOKEN_PATH, { grant_type: 'authorization_code' }),
      400,
      'invalid_request',
    );
  });

  it('refuses an expired code', async () => {
    const code = await authorizationCode();
    expect(await expireSandboxToken(server.database.db, code)).toBe(true);
    await expectOAuthError(await exchange(code), 400, 'invalid_grant');
  });

  it('refuses expired access and refresh tokens', async () => {
    const tokens = tokenSchema.parse(await (await exchange(await authorizationCode())).json());
    expect(await expireSandboxToken(server.database.db, tokens.access_token)).toBe(true);
    await expectNetsuiteError(
      await sandbox.rest('GET', '/services/rest/record/v1/customer', { token: tokens.access_token }),
      401,
      'INVALID_LOGIN',
    );
    await expireSandboxToken(server.database.db, tokens.refresh_token ?? '');
    await expectOAuthError(
      await sandbox.form(TOKEN_PATH, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
      }),
      400,
      'invalid_grant',
    );
  });

  it('revokes an access token, and a refresh token with its access tokens', async () => {
    const first = tokenSchema.parse(await (await exchange(await authorizationCode())).json());
    expect((await sandbox.form(REVOKE_PATH, { token: first.access_token })).status).toBe(200);
    await expectNetsuiteError(
      await sandbox.rest('GET', '/services/rest/record/v1/job', { token: first.access_token }),
      401,
      'INVALID_LOGIN',
    );

    const second = tokenSchema.parse(await (await exchange(await authorizationCode())).json());
    expect((await sandbox.form(REVOKE_PATH, { token: second.refresh_token ?? '' })).status).toBe(200);
    await expectOAuthError(
      await sandbox.form(TOKEN_PATH, {
        grant_type: 'refresh_token',
        refresh_token: second.refresh_token ?? '',
      }),
      400,
      'invalid_grant',
    );
    await expectNetsuiteError(
      await sandbox.rest('GET', '/services/rest/record/v1/job', { token: second.access_token }),
      401,
      'INVALID_LOGIN',
    );
    expect((await sandbox.form(REVOKE_PATH, { token: 'unknown' })).status).toBe(200);
    await expectOAuthError(await sandbox.form(REVOKE_PATH, { token: 'x' }, null), 401, 'invalid_client');
  });

  it('refuses record calls without a bearer token', async () => {
    await expectNetsuiteError(
      await sandbox.rest('GET', '/services/rest/record/v1/customer', { token: null }),
      401,
      'INVALID_LOGIN',
    );
    await expectNetsuiteError(
      await sandbox.rest('GET', '/services/rest/record/v1/customer', { token: 'garbage' }),
      401,
      'INVALID_LOGIN',
    );
  });
});
