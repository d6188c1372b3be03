import { createHash, randomBytes } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildCompany, buildUser } from '../../testing/factories.ts';
import { Browser } from './identityTestBrowser.ts';
import { createServer, type Server } from '../../server.ts';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../testing/testServer.ts';

const tokenResponse = z.object({ id_token: z.string(), access_token: z.string(), token_type: z.string() });
const discoverySchema = z.looseObject({
  issuer: z.string(),
  jwks_uri: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  end_session_endpoint: z.string(),
  code_challenge_methods_supported: z.array(z.string()),
  id_token_signing_alg_values_supported: z.array(z.string()),
});
const jwksSchema = z.object({ keys: z.array(z.looseObject({ kid: z.string(), kty: z.string() })) });

function formAction(html: string): string {
  const match = /<form method="post" action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no sign-in form on the page');
  return match[1].replaceAll('&amp;', '&');
}

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe.each(kinds)('embedded identity provider on %s', (kind) => {
  const password = 'correct horse battery';
  let server: TestServer;
  let user: Awaited<ReturnType<typeof buildUser>>;
  let clientId: string;
  let callback: string;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, env: { TRUST_PROXY_HOPS: '1' } });
    const company = await buildCompany(server.database.db);
    user = await buildUser(server.database.db, {
      companyId: company.companyId,
      roles: ['Customer Operator'],
      password,
      name: 'Olga Operator',
    });
    clientId = server.config.identity.clientId;
    callback = `${server.url}/auth/callback`;
  });
  afterAll(() => server.close());

  /** Starts an authorization request and returns the sign-in page it leads to. */
  async function openSignIn(browser: Browser) {
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(8).toString('hex');
    const query = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid profile email',
      redirect_uri: callback,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state,
      nonce: randomBytes(8).toString('hex'),
    });
    const { response, url } = await browser.follow(
      await browser.request(`${server.url}/oidc/auth?${query.toString()}`),
      callback,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    return { html, pageUrl: url, action: new URL(formAction(html), server.url).href, verifier, state };
  }

  async function signIn(browser: Browser) {
    const page = await openSignIn(browser);
    const submitted = await browser.postForm(page.action, { email: user.email, password });
    expect(submitted.status).toBe(303);
    const { url } = await browser.follow(submitted, callback);
    expect(url.startsWith(callback)).toBe(true);
    const params = new URL(url).searchParams;
    expect(params.get('state')).toBe(page.state);
    const code = params.get('code');
    if (!code) throw new Error(`no code in ${url}`);

    const token = await browser.postForm(`${server.url}/oidc/token`, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: callback,
      client_id: clientId,
      code_verifier: page.verifier,
    });
    expect(token.status).toBe(200);
    return { ...tokenResponse.parse(await token.json()), code, page };
  }

  it('publishes a discovery document naming the issuer and the keys the server signs with', async () => {
    const response = await fetch(`${server.url}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = discoverySchema.parse(await response.json());
    expect(discovery.issuer).toBe(server.config.identity.issuer);
    expect(discovery.authorization_endpoint).toBe(`${server.url}/oidc/auth`);
    expect(discovery.token_endpoint).toBe(`${server.url}/oidc/token`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.id_token_signing_alg_values_supported).toContain('ES256');

    const jwks = jwksSchema.parse(await (await fetch(discovery.jwks_uri)).json());
    expect(jwks.keys.map((key) => key.kid)).toEqual(server.signingKeys.map((key) => key.kid));
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d');
  });

  it('signs in with authorization code and PKCE, without a consent page, and the API accepts the ID token', async () => {
    const browser = new Browser();
    const page = await openSignIn(browser);
    expect(page.html).toContain('<title>Sign in to Kelvin</title>');
    expect(page.html).toMatch(/<label for="email">Email<\/label>/);
    expect(page.html).toMatch(/<input id="email" name="email" type="email" autocomplete="username"/);
    expect(page.html).toMatch(/<label for="password">Password<\/label>/);
    expect(page.html).toMatch(
      /<input id="password" name="password" type="password" autocomplete="current-password"/,
    );
    expect(page.html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(page.html).not.toContain('role="alert"');
    expect(page.html).not.toMatch(/<link|<script|https?:\/\//);

    const visitedBefore = browser.visited.length;
    const submitted = await browser.postForm(page.action, { email: user.email.toUpperCase(), password });
    expect(submitted.status).toBe(303);
    const { url } = await browser.follow(submitted, callback);
    // Straight from the form back to the console: no interaction page (consent) in between.
    expect(
      browser.visited.slice(visitedBefore).filter((visited) => visited.includes('/interaction/')),
    ).toEqual([page.action]);
    const code = new URL(url).searchParams.get('code');
    expect(code).toBeTruthy();

    const tokenRequest = {
      grant_type: 'authorization_code',
      code: code ?? '',
      redirect_uri: callback,
      client_id: clientId,
    };
    const withoutVerifier = await browser.postForm(`${server.url}/oidc/token`, tokenRequest);
    expect(withoutVerifier.status).toBe(400);
    const token = await browser.postForm(`${server.url}/oidc/token`, {
      ...tokenRequest,
      code_verifier: page.verifier,
    });
    expect(token.status).toBe(200);
    const { id_token: idToken } = tokenResponse.parse(await token.json());

    const jwks = jwksSchema.parse(await (await fetch(`${server.url}/oidc/jwks`)).json());
    const { payload, protectedHeader } = await jwtVerify(idToken, createLocalJWKSet(jwks), {
      issuer: server.config.identity.issuer,
      audience: clientId,
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ sub: user.identityId, email: user.email, name: 'Olga Operator' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);

    const me = await fetch(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${idToken}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email: user.email } });

    // A code works once.
    const replay = await browser.postForm(`${server.url}/oidc/token`, {
      ...tokenRequest,
      code_verifier: page.verifier,
    });
    expect(replay.status).toBe(400);
  });

  it('gives a wrong password and an unknown email the same 401 answer, keeping the email (escaped)', async () => {
    const browser = new Browser('198.51.100.1');
    const { action } = await openSignIn(browser);

    const wrongPassword = await browser.postForm(action, { email: user.email, password: 'not the password' });
    const unknownEmail = await browser.postForm(action, { email: 'nobody"<b>@example.test', password });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const wrongHtml = await wrongPassword.text();
    const unknownHtml = await unknownEmail.text();
    for (const html of [wrongHtml, unknownHtml]) {
      expect(html).toMatch(
        /<div class="alert" id="signin-error" role="alert">Incorrect email or password\.<\/div>/,
      );
    }
    expect(wrongHtml).toContain(`value="${user.email}"`);
    expect(unknownHtml).toContain('value="nobody&quot;&lt;b&gt;@example.test"');
    expect(unknownHtml).not.toContain('<b>@');
  });

  it('slows an email and address pair after 5 failures; the owner signs in from another address meanwhile', async () => {
    const guesser = new Browser('198.51.100.2');
    const target = await buildUser(server.database.db, { companyId: user.companyId, password });
    const { action } = await openSignIn(guesser);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const failed = await guesser.postForm(action, { email: target.email, password: `wrong ${attempt}` });
      expect(failed.status).toBe(401);
    }
    // The guesser's next try waits (the right password included): 429 with Retry-After and the wait in words.
    const waiting = await guesser.postForm(action, { email: target.email, password });
    expect(waiting.status).toBe(429);
    expect(await waiting.text()).toContain('Too many failed sign-in attempts. Try again in 1 second.');
    expect(waiting.headers.get('retry-after')).toBe('1');

    // The owner, from their own address, signs in during the guesser's wait.
    const owner = new Browser('198.51.100.3');
    const page = await openSignIn(owner);
    const signedIn = await owner.postForm(page.action, { email: target.email, password });
    expect(signedIn.status).toBe(303);
  });

  it('blocks a client address after 20 failures across emails', async () => {
    const browser = new Browser('198.51.100.4');
    const { action } = await openSignIn(browser);
    for (let attempt = 1; attempt <= 20; attempt++) {
      const failed = await browser.postForm(action, {
        email: `guess${attempt}@example.test`,
        password: 'guess',
      });
      expect(failed.status).toBe(401);
    }
    const blocked = await browser.postForm(action, { email: user.email, password });
    expect(blocked.status).toBe(429);
    // The user had no failure of their own: the page says it is the network's, not "your" attempts.
    expect(await blocked.text()).toContain(
      'Too many failed sign-in attempts from this network. Try again in 15 minutes.',
    );
  });

  it('counts failures per proxied client address, whatever a client forges in front of it', async () => {
    // One trusted proxy: it appends the real client address last; anything before it is the client's to forge.
    for (let attempt = 1; attempt <= 20; attempt++) {
      const browser = new Browser(`203.0.113.${attempt}, 198.51.100.9`);
      const { action } = await openSignIn(browser);
      const failed = await browser.postForm(action, {
        email: `spoof${attempt}@example.test`,
        password: 'guess',
      });
      expect(failed.status).toBe(401);
    }
    const browser = new Browser('203.0.113.99, 198.51.100.9');
    const { action } = await openSignIn(browser);
    const blocked = await browser.postForm(action, { email: user.email, password });
    expect(blocked.status).toBe(429);
  });

  it('shows a short error page, without internals, for a sign-in form whose request has expired', async () => {
    const response = await new Browser().postForm(`${server.url}/oidc/interaction/unknown-uid/login`, {
      email: user.email,
      password,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('This sign-in request has expired.');
    expect(html).not.toMatch(/Error:|at .*\.(ts|js):\d+|SessionNotFound/);
  });

  it('renders its own error page for a bad authorization request', async () => {
    const query = new URLSearchParams({ client_id: 'not-a-client', response_type: 'code', scope: 'openid' });
    const response = await fetch(`${server.url}/oidc/auth?${query.toString()}`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Kelvin could not complete this sign-in request.');
    expect(html).not.toMatch(/invalid_client|not-a-client|oops/);
  });

  it('ends the session with id_token_hint and returns to the post-logout page', async () => {
    const browser = new Browser();
    const { id_token: idToken } = await signIn(browser);
    const me = () => fetch(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${idToken}` } });
    expect((await me()).status).toBe(200);
    const query = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: `${server.url}/auth/logged-out`,
      state: 'bye',
    });
    const logout = await browser.request(`${server.url}/oidc/session/end?${query.toString()}`);
    expect(logout.status).toBe(200);
    const html = await logout.text();
    // Submitted by script straight away; a button only for browsers without script.
    expect(html).toMatch(
      /<script nonce="[^"]+">document\.getElementById\('op\.logoutForm'\)\.submit\(\);<\/script>/,
    );
    expect(html).toMatch(/<noscript><button type="submit">Sign out<\/button><\/noscript>/);
    const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(logout.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);

    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const confirmed = await browser.postForm(action, { xsrf, logout: 'yes' });
    expect(confirmed.status).toBe(303);
    const location = new URL(confirmed.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${server.url}/auth/logged-out`);
    expect(location.searchParams.get('state')).toBe('bye');
    // The API refuses the session's ID token from now on, though it has not expired.
    const refused = await me();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ message: 'The token is invalid or has expired.' });

    // The session is gone: a silent sign-in now needs the user.
    const silent = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${server.url}/auth/silent-renew.html`,
      code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
      prompt: 'none',
    });
    const renew = await browser.request(`${server.url}/oidc/auth?${silent.toString()}`);
    expect(renew.status).toBe(303);
    expect(new URL(renew.headers.get('location') ?? '').searchParams.get('error')).toBe('login_required');
  });

  it('keeps the session across a restart: silent renewal still gets a code', async () => {
    const browser = new Browser();
    await signIn(browser);
    const silentRenew = () => {
      const query = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        scope: 'openid profile email',
        redirect_uri: `${server.url}/auth/silent-renew.html`,
        code_challenge: createHash('sha256').update('w'.repeat(43)).digest('base64url'),
        code_challenge_method: 'S256',
        prompt: 'none',
      });
      return browser.request(`${server.url}/oidc/auth?${query.toString()}`);
    };

    // A new server process on the same database and port: sessions and cookie keys come from the database.
    await server.app.close();
    const restarted: Server = await createServer(server.config, { database: server.database });
    await restarted.app.listen({ port: Number(new URL(server.url).port), host: '127.0.0.1' });
    server = { ...server, ...restarted };

    const renew = await silentRenew();
    expect(renew.status).toBe(303);
    const location = new URL(renew.headers.get('location') ?? '');
    expect(location.pathname).toBe('/auth/silent-renew.html');
    expect(location.searchParams.get('error')).toBeNull();
    expect(location.searchParams.get('code')).toBeTruthy();

    // Without the browser's cookies there is no session: the same request needs the user.
    const refused = await new Browser().request(browser.visited.at(-1) ?? '');
    expect(refused.status).toBe(303);
    expect(new URL(refused.headers.get('location') ?? '').searchParams.get('error')).toBe('login_required');
  });
});
