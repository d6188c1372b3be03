import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { netsuiteSessionTokensSchema } from '@kelvin/contract';
import { z } from 'zod';
import { NETSUITE_SANDBOX_CLIENT_ID } from '../../config.ts';
import { netsuiteAuthStates, netsuiteConnections } from '../../platform/db/accountingSchema.ts';
import { createNetsuiteClient } from '../../platform/netsuite/netsuiteClient.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { expireSandboxToken, issueAuthorizationCode } from '../netsuiteSandbox/sandboxGrants.ts';
import { buildAccountingUsers } from './accountingTestKit.ts';
import { STATE_REFUSED } from './accountingSession.ts';

const started = z.object({
  authorizationUrl: z.string(),
  state: z.string(),
  redirectUri: z.string(),
  expiresAt: z.string(),
});

describe('the accounting session (netsuite.authorization.start, netsuite.accessToken.get and .refresh)', () => {
  let server: TestServer;
  let world: Awaited<ReturnType<typeof buildAccountingUsers>>;
  let api: ReturnType<typeof apiAs>;
  type Who = keyof typeof world.users;
  const as = (who: Who, path: string, body: unknown) => api(world.users[who], 'POST', path, body);
  const start = async (who: Who = 'providerAdmin') => {
    const answer = await as(who, '/netsuite.authorization.start', {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return started.parse(answer.body);
  };
  /** What the sandbox's page issues after sign-in and consent, for the redirect address it was given. */
  const codeFor = (redirectUri: string) =>
    issueAuthorizationCode(server.database.db, {
      clientId: NETSUITE_SANDBOX_CLIENT_ID,
      entity: '-5',
      role: '3',
      redirectUri,
    });

  beforeAll(async () => {
    server = await startTestServer();
    world = await buildAccountingUsers(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  it("answers the sandbox's authorization page with NetSuite's parameters and a state bound to the caller", async () => {
    const { authorizationUrl, state, redirectUri, expiresAt } = await start();
    const url = new URL(authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(
      `${server.url}/sandbox/netsuite/app/login/oauth2/authorize.nl`,
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: NETSUITE_SANDBOX_CLIENT_ID,
      redirect_uri: `${server.url}/user/netsuite`,
      scope: 'rest_webservices',
      state,
    });
    expect(redirectUri).toBe(`${server.url}/user/netsuite`);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    const [row] = await server.database.db
      .select()
      .from(netsuiteAuthStates)
      .where(eq(netsuiteAuthStates.state, state));
    expect(row?.userId).toBe(world.users.providerAdmin.userId);
    expect((await start()).state).not.toBe(state);
  });

  it("moves NetSuite's return onto the web app's hash route with its query", async () => {
    const answer = await fetch(
      `${server.url}/user/netsuite?state=s1&role=3&entity=1042&company=SANDBOX&code=c1`,
      {
        redirect: 'manual',
      },
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(
      '/#/user/netsuite?state=s1&role=3&entity=1042&company=SANDBOX&code=c1',
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses to start or finish an authorization without netsuite:manage', async () => {
    for (const who of ['technician', 'customerReader', 'customerOperator'] as const) {
      expect((await as(who, '/netsuite.authorization.start', {})).status).toBe(403);
      const get = await as(who, '/netsuite.accessToken.get', { code: 'x', redirectUri: 'y', state: 'z' });
      expect(get.status).toBe(403);
      expect((await as(who, '/netsuite.accessToken.refresh', { refreshToken: 'x' })).status).toBe(403);
    }
  });

  it('exchanges the code once, keeps the tokens sealed as the server connection, and the session reads NetSuite', async () => {
    const { state, redirectUri } = await start();
    const code = await codeFor(redirectUri);
    const answer = await as('providerAdmin', '/netsuite.accessToken.get', { code, redirectUri, state });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const tokens = netsuiteSessionTokensSchema.parse(answer.body);
    expect(tokens.expiresIn).toBe(3600);

    const [connection] = await server.database.db.select().from(netsuiteConnections);
    expect(connection?.authorizedBy).toBe(world.users.providerAdmin.userId);
    expect(connection?.accessTokenSealed.startsWith('enc:v1:')).toBe(true);
    expect(JSON.stringify(connection)).not.toContain(tokens.accessToken);
    expect(JSON.stringify(connection)).not.toContain(tokens.refreshToken);

    const client = createNetsuiteClient({
      apiOrigin: `${server.url}/sandbox/netsuite`,
      accessToken: tokens.accessToken,
    });
    const page = await client.suiteql('SELECT id FROM item', { limit: 1, offset: 0 });
    expect(page.items).toHaveLength(1);

    const again = await as('providerAdmin', '/netsuite.accessToken.get', { code, redirectUri, state });
    expect(again.status).toBe(400);
    expect(errorOf(again).message).toBe(STATE_REFUSED);
  });

  it("refuses another user's state, an expired one and an unknown one, leaving the owner's usable", async () => {
    const { state, redirectUri } = await start('providerAdmin');
    const stolen = await as('otherAdmin', '/netsuite.accessToken.get', {
      code: await codeFor(redirectUri),
      redirectUri,
      state,
    });
    expect(stolen.status).toBe(400);
    expect(errorOf(stolen).message).toBe(STATE_REFUSED);
    const unknown = await as('providerAdmin', '/netsuite.accessToken.get', {
      code: 'c',
      redirectUri,
      state: 'no-such-state',
    });
    expect(errorOf(unknown).message).toBe(STATE_REFUSED);
    const owner = await as('providerAdmin', '/netsuite.accessToken.get', {
      code: await codeFor(redirectUri),
      redirectUri,
      state,
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);

    const late = await start('providerAdmin');
    await server.database.db
      .update(netsuiteAuthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(netsuiteAuthStates.state, late.state));
    const expired = await as('providerAdmin', '/netsuite.accessToken.get', {
      code: await codeFor(late.redirectUri),
      redirectUri: late.redirectUri,
      state: late.state,
    });
    expect(expired.status).toBe(400);
    expect(errorOf(expired).message).toBe(STATE_REFUSED);
  });

  it('says NetSuite refused the sign-in when the code is not good, and the state is spent', async () => {
    const { state, redirectUri } = await start();
    const refused = await as('providerAdmin', '/netsuite.accessToken.get', {
      code: 'not-a-code',
      redirectUri,
      state,
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).message).toMatch(/^NetSuite refused the sign-in: .+ Start the sign-in again\.$/);
    const [row] = await server.database.db
      .select()
      .from(netsuiteAuthStates)
      .where(eq(netsuiteAuthStates.state, state));
    expect(row).toBeUndefined();
  });

  it('refreshes the session keeping its refresh token, and refuses a dead one', async () => {
    const { state, redirectUri } = await start();
    const got = await as('providerAdmin', '/netsuite.accessToken.get', {
      code: await codeFor(redirectUri),
      redirectUri,
      state,
    });
    const tokens = netsuiteSessionTokensSchema.parse(got.body);
    const answer = await as('providerAdmin', '/netsuite.accessToken.refresh', {
      refreshToken: tokens.refreshToken,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const refreshed = netsuiteSessionTokensSchema.parse(answer.body);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);

    expect(await expireSandboxToken(server.database.db, tokens.refreshToken)).toBe(true);
    const dead = await as('providerAdmin', '/netsuite.accessToken.refresh', {
      refreshToken: tokens.refreshToken,
    });
    expect(dead.status).toBe(400);
    expect(errorOf(dead).message).toMatch(
      /^NetSuite refused the session's refresh: .+ Sign in to NetSuite again\.$/,
    );
  });
});
