import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema.ts';
import { buildCompany, buildUser, providerCompany } from '../../testing/factories.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { Browser } from './identityTestBrowser.ts';
import { STAFF_SIGN_IN_MESSAGES } from './staffSignInRoutes.ts';

const unescape = (text: string) => text.replaceAll('&amp;', '&');

describe('provider staff sign in through NetSuite (the sandbox)', () => {
  let server: TestServer;
  let callback: string;
  let technician: Awaited<ReturnType<typeof buildUser>>;
  let customer: Awaited<ReturnType<typeof buildUser>>;
  let leaver: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY_HOPS: '1' } });
    const db = server.database.db;
    await providerCompany(db);
    const company = await buildCompany(db, { name: 'Alpha Hosting' });
    technician = await buildUser(db, { companyId: 1, roles: ['Provider Service Technician'] });
    leaver = await buildUser(db, { companyId: 1, roles: ['Provider Service Technician'] });
    await db.update(users).set({ isDeleted: true }).where(eq(users.userId, leaver.userId));
    customer = await buildUser(db, { companyId: company.companyId, roles: ['Customer Administrator'] });
    callback = `${server.url}/auth/callback`;
  });
  afterAll(() => server.close());

  /** The console's sign-in page for a fresh authorization request, and the staff button's address. */
  async function openSignIn(browser: Browser) {
    const query = new URLSearchParams({
      client_id: server.config.identity.clientId,
      response_type: 'code',
      scope: 'openid profile email',
      redirect_uri: callback,
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
    });
    const { response } = await browser.follow(
      await browser.request(`${server.url}/oidc/auth?${query.toString()}`),
      callback,
    );
    const html = await response.text();
    const staff =
      /<a class="button secondary" href="([^"]+)">Sign in with NetSuite \(provider staff\)<\/a>/.exec(
        html,
      )?.[1];
    if (!staff) throw new Error('no staff sign-in on the page');
    return new URL(unescape(staff), server.url).href;
  }

  /** From the staff button to the sandbox's page, signed in there as `email`: where the console then leads. */
  async function throughNetsuite(browser: Browser, email: string, action = 'continue') {
    const start = await browser.request(await openSignIn(browser));
    expect(start.status).toBe(303);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.href.startsWith(`${server.url}/sandbox/netsuite/app/login/oauth2/authorize.nl`)).toBe(
      true,
    );
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.url}/oidc/netsuite/return`);
    expect(authorize.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email']),
    );
    const page = await browser.request(authorize.href);
    const html = await page.text();
    const fields: Record<string, string> = {};
    for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      fields[match[1] ?? ''] = unescape(match[2] ?? '');
    const back = await browser.postForm(authorize.origin + authorize.pathname, {
      ...fields,
      email,
      password: 'sandbox',
      role: '3',
      action,
    });
    expect(back.status).toBe(303);
    return browser.follow(back, callback);
  }

  it('signs a provider technician in as their Kelvin user, through the sandbox, by e-mail', async () => {
    const browser = new Browser();
    const { url } = await throughNetsuite(browser, technician.email.toUpperCase());
    expect(url.startsWith(callback)).toBe(true);
    expect(new URL(url).searchParams.get('code')).toBeTruthy();
    // The session is the technician's: a new authorization request needs no sign-in page.
    const again = await browser.request(
      `${server.url}/oidc/auth?${new URLSearchParams({
        client_id: server.config.identity.clientId,
        response_type: 'code',
        scope: 'openid',
        redirect_uri: callback,
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
        prompt: 'none',
      }).toString()}`,
    );
    const final = await browser.follow(again, callback);
    expect(new URL(final.url).searchParams.get('code')).toBeTruthy();
  });

  it("refuses a customer's user with the spec's words, and unknown or deleted users", async () => {
    const refused = await throughNetsuite(new Browser(), customer.email);
    expect(refused.response.status).toBe(403);
    const html = await refused.response.text();
    expect(html).toContain(STAFF_SIGN_IN_MESSAGES.notStaff.replace("'", '&#39;'));
    expect(html).toContain('<form method="post"');

    for (const email of ['nobody@example.com', leaver.email]) {
      const unknown = await throughNetsuite(new Browser(), email);
      expect(unknown.response.status).toBe(401);
      expect(await unknown.response.text()).toContain(STAFF_SIGN_IN_MESSAGES.unknown);
    }
  });

  it('says so when the sign-in is cancelled at NetSuite', async () => {
    const cancelled = await throughNetsuite(new Browser(), technician.email, 'cancel');
    expect(cancelled.response.status).toBe(400);
    expect(await cancelled.response.text()).toContain(STAFF_SIGN_IN_MESSAGES.cancelled);
  });

  it('accepts a state once, and only the browser that started it finishes', async () => {
    const unknownState = await fetch(`${server.url}/oidc/netsuite/return?state=forged&code=x`, {
      redirect: 'manual',
    });
    expect(unknownState.status).toBe(400);
    expect(await unknownState.text()).toContain('This sign-in request has expired.');

    // Another browser following the first one's return: no interaction cookie, so no sign-in.
    const first = new Browser();
    const start = await first.request(await openSignIn(first));
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const stranger = new Browser();
    const cancelled = await stranger.request(
      `${server.url}/oidc/netsuite/return?state=${encodeURIComponent(state)}&error=access_denied`,
    );
    expect(cancelled.status).toBe(303);
    const { response } = await stranger.follow(cancelled, callback);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in request has expired.');
    const replay = await fetch(
      `${server.url}/oidc/netsuite/return?state=${encodeURIComponent(state)}&error=x`,
      {
        redirect: 'manual',
      },
    );
    expect(replay.status).toBe(400);
  });

  it('counts refusals against the sign-in limits, as passwords do', async () => {
    const address = '203.0.113.77';
    let last: Response | undefined;
    for (let attempt = 0; attempt < 6; attempt++) {
      const browser = new Browser(address);
      last = (await throughNetsuite(browser, customer.email)).response;
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    expect(await last?.text()).toContain('Too many failed sign-in attempts.');
  });
});
