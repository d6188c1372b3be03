import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetsuiteClient } from './netsuiteClient.ts';
import { NetsuiteError } from './netsuiteError.ts';
import { authorizationUrl, exchangeCode, refreshAccessToken } from './netsuiteOAuth.ts';
import { readAllPages } from './netsuitePage.ts';
import { startNetsuiteStub } from './netsuiteStubTestKit.ts';

let stub: Awaited<ReturnType<typeof startNetsuiteStub>>;
beforeAll(async () => {
  stub = await startNetsuiteStub();
});
afterAll(() => stub.close());

const oauth = () => ({
  appOrigin: 'https://app.example',
  apiOrigin: stub.origin,
  clientId: 'cid',
  clientSecret: 'secret',
});
const client = (accessToken = 'access-1') => createNetsuiteClient({ apiOrigin: stub.origin, accessToken });

async function refusal(promise: Promise<unknown>): Promise<NetsuiteError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof NetsuiteError)) throw new Error(`expected a NetsuiteError, got ${String(error)}`);
  return error;
}

describe('NetSuite OAuth helpers', () => {
  it('builds the authorization page address with NetSuite parameters', () => {
    const url = new URL(
      authorizationUrl(oauth(), { redirectUri: 'https://kelvin.example/user/netsuite', state: 's1' }),
    );
    expect(url.origin + url.pathname).toBe('https://app.example/app/login/oauth2/authorize.nl');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'cid',
      redirect_uri: 'https://kelvin.example/user/netsuite',
      scope: 'rest_webservices',
      state: 's1',
    });
  });

  it('exchanges a code with HTTP Basic client auth and a form body', async () => {
    const tokens = await exchangeCode(oauth(), { code: 'good-code', redirectUri: 'https://r.example' });
    expect(tokens).toEqual({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      expiresIn: 3600,
      tokenType: 'bearer',
    });
    const sent = stub.seen.at(-1);
    expect(sent?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(sent?.body).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      redirect_uri: 'https://r.example',
    });
  });

  it('refreshes without a new refresh token, as NetSuite answers', async () => {
    const tokens = await refreshAccessToken(oauth(), 'refresh-1');
    expect(tokens).toEqual({
      accessToken: 'access-2',
      refreshToken: undefined,
      expiresIn: 3600,
      tokenType: 'bearer',
    });
  });

  it('turns an OAuth refusal into a NetsuiteError', async () => {
    const error = await refusal(exchangeCode(oauth(), { code: 'bad', redirectUri: 'https://r.example' }));
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe('INVALID_GRANT');
    expect(error.message).toBe('The code or token is not valid.');
    const wrongClient = await refusal(refreshAccessToken({ ...oauth(), clientSecret: 'nope' }, 'refresh-1'));
    expect(wrongClient.status).toBe(401);
  });
});

describe('NetSuite record client', () => {
  it('reads a record by id and by external id, with a bearer token', async () => {
    expect(await client().getRecord('customer', '7')).toMatchObject({ id: '7', companyName: 'Acme' });
    expect(await client().getRecord('customer', 'eid:kelvin-company-1')).toMatchObject({ id: '7' });
    expect(stub.seen.at(-1)?.url).toBe('/services/rest/record/v1/customer/eid:kelvin-company-1');
    expect(stub.seen.at(-1)?.headers.authorization).toBe('Bearer access-1');
  });

  it('creates (id from Location), updates, upserts by eid and deletes', async () => {
    const { id } = await client().createRecord('customer', { companyName: 'New Co' });
    expect(id).toMatch(/^\d+$/);
    await client().updateRecord('customer', id, { companyName: 'Renamed Co' });
    expect(await client().getRecord('customer', id)).toMatchObject({ companyName: 'Renamed Co' });
    await client().upsertRecord('customer', 'eid:upsert-1', { companyName: 'Once' });
    await client().upsertRecord('customer', 'eid:upsert-1', { companyName: 'Once, replaced' });
    const page = await client().listRecords('customer', { limit: 1000, offset: 0 });
    const upserted = await client().getRecord('customer', 'eid:upsert-1');
    expect(upserted).toMatchObject({ companyName: 'Once, replaced' });
    expect(page.items.filter((item) => item.id === upserted.id)).toHaveLength(1);
    await client().deleteRecord('customer', id);
    const gone = await refusal(client().getRecord('customer', id));
    expect([gone.status, gone.errorCode]).toEqual([404, 'NONEXISTENT_ID']);
  });

  it('pages a collection and reads every page', async () => {
    const first = await client().listRecords('customer', { limit: 1, offset: 0 });
    expect(first).toMatchObject({ count: 1, hasMore: true, offset: 0 });
    const all = await readAllPages((page) => client().listRecords('customer', page), { pageSize: 1 });
    expect(all.map((item) => item.id)).toEqual(
      (await client().listRecords('customer', { limit: 1000, offset: 0 })).items.map((item) => item.id),
    );
  });

  it('runs SuiteQL as a transient query and drops the row links', async () => {
    const page = await client().suiteql('SELECT id, name FROM x', { limit: 2, offset: 0 });
    expect(stub.seen.at(-1)?.headers.prefer).toBe('transient');
    expect(stub.seen.at(-1)?.url).toBe('/services/rest/query/v1/suiteql?limit=2&offset=0');
    expect(page.items).toEqual([
      { id: '1', name: 'a', note: null },
      { id: '2', name: 'b', note: null },
    ]);
    expect(page.hasMore).toBe(true);
    const all = await readAllPages((p) => client().suiteql('SELECT id FROM x', p), { pageSize: 2 });
    expect(all).toHaveLength(3);
  });

  it("parses NetSuite's error shape", async () => {
    const bad = await refusal(client().suiteql('DROP x', { limit: 10, offset: 0 }));
    expect([bad.status, bad.errorCode, bad.title]).toEqual([400, 'INVALID_PARAMETER', 'Bad Request']);
    const login = await refusal(client('stale').getRecord('customer', '7'));
    expect([login.status, login.errorCode, login.message]).toEqual([
      401,
      'INVALID_LOGIN',
      'Invalid login attempt.',
    ]);
  });

  it('refuses a page out of range before asking', async () => {
    await expect(client().listRecords('customer', { limit: 1001, offset: 0 })).rejects.toThrow(RangeError);
  });

  it('gives up after its timeout and when NetSuite cannot be reached', async () => {
    const never: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => {
          reject(new DOMException('The operation timed out.', 'TimeoutError'));
        }),
      );
    const slow = createNetsuiteClient({
      apiOrigin: stub.origin,
      accessToken: 'access-1',
      fetch: never,
      timeoutMs: 20,
    });
    const timedOut = await refusal(slow.getRecord('customer', '7'));
    expect([timedOut.status, timedOut.errorCode]).toEqual([504, 'TIMEOUT']);
    const closed = createNetsuiteClient({ apiOrigin: 'http://127.0.0.1:1', accessToken: 'x' });
    expect((await refusal(closed.getRecord('customer', '7'))).errorCode).toBe('UNREACHABLE');
  });
});
