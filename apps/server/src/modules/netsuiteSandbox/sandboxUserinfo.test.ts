import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NETSUITE_SANDBOX_CLIENT_ID } from '../../config.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { SANDBOX_USER } from './sandboxAuthorizePage.ts';
import { AUTHORIZE_PATH } from './sandboxAuthorizeRoutes.ts';
import { sandboxCaller, type SandboxCaller } from './sandboxTestKit.ts';
import { TOKEN_PATH } from './sandboxTokenRoutes.ts';
import { USERINFO_PATH } from './sandboxUserinfoRoute.ts';

const userinfo = z.object({ sub: z.string(), email: z.string(), email_verified: z.boolean() });
const tokens = z.object({ access_token: z.string() });

describe("the sandbox's userinfo: who an access token signed in as", () => {
  let server: TestServer;
  let sandbox: SandboxCaller;

  beforeAll(async () => {
    server = await startTestServer();
    sandbox = sandboxCaller(server);
  });
  afterAll(() => server.close());

  /** Signs in at the sandbox's page as `email` and exchanges the code: the access token. */
  async function accessTokenFor(
    email: string,
    password: string = SANDBOX_USER.password,
  ): Promise<{ status: number; entity?: string | null; access_token?: string }> {
    const redirectUri = `${server.url}/oidc/netsuite/return`;
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: NETSUITE_SANDBOX_CLIENT_ID,
      redirect_uri: redirectUri,
      scope: 'rest_webservices openid email',
      state: 'state-0123456789abcdefghij-xyz',
    });
    const page = await fetch(`${sandbox.base}${AUTHORIZE_PATH}?${query.toString()}`);
    const html = await page.text();
    const fields: Record<string, string> = {};
    for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      fields[match[1] ?? ''] = (match[2] ?? '').replace(/&amp;/g, '&');
    const back = await fetch(`${sandbox.base}${AUTHORIZE_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      },
      body: new URLSearchParams({ ...fields, email, password, role: '3', action: 'continue' }).toString(),
      redirect: 'manual',
    });
    if (back.status !== 303) return { status: back.status };
    const location = new URL(back.headers.get('location') ?? '');
    const exchanged = await sandbox.form(TOKEN_PATH, {
      grant_type: 'authorization_code',
      code: location.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
    });
    return {
      status: 303,
      entity: location.searchParams.get('entity'),
      ...tokens.parse(await exchanged.json()),
    };
  }

  it('answers the sandbox user, and any other address signed in with the sandbox password as an employee of its own', async () => {
    const own = await accessTokenFor(SANDBOX_USER.email);
    const ownInfo = await sandbox.rest('GET', USERINFO_PATH, { token: own.access_token ?? '' });
    expect(userinfo.parse(await ownInfo.json())).toEqual({
      sub: SANDBOX_USER.entity,
      email: SANDBOX_USER.email,
      email_verified: true,
    });

    const first = await accessTokenFor('Tech@Kelvin.example');
    const again = await accessTokenFor('tech@kelvin.example');
    expect(first.entity).toMatch(/^\d+$/);
    expect(again.entity).toBe(first.entity);
    const info = userinfo.parse(
      await (await sandbox.rest('GET', USERINFO_PATH, { token: again.access_token ?? '' })).json(),
    );
    expect(info).toMatchObject({ sub: first.entity, email: 'tech@kelvin.example' });
  });

  it('refuses a wrong password, and a call without a live token', async () => {
    expect((await accessTokenFor('tech@kelvin.example', 'guess')).status).toBe(401);
    expect((await sandbox.rest('GET', USERINFO_PATH, { token: null })).status).toBe(401);
    expect((await sandbox.rest('GET', USERINFO_PATH, { token: 'not-a-token' })).status).toBe(401);
  });
});
