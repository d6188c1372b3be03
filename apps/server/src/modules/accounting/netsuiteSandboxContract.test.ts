import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createNetsuiteClient, type NetsuiteClient } from '../../platform/netsuite/netsuiteClient.ts';
import { NetsuiteError } from '../../platform/netsuite/netsuiteError.ts';
import {
  authorizationUrl,
  exchangeCode,
  refreshAccessToken,
  revokeToken,
  type NetsuiteTokens,
} from '../../platform/netsuite/netsuiteOAuth.ts';
import { readAllPages } from '../../platform/netsuite/netsuitePage.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { SANDBOX_USER } from '../netsuiteSandbox/sandboxAuthorizePage.ts';

/**
 * The contract test of issue 24: the client the server uses against a real account, run against the sandbox over
 * real HTTP, so that the sandbox cannot drift from what the client (and so NetSuite) expects.
 */

async function refusal(promise: Promise<unknown>): Promise<NetsuiteError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof NetsuiteError)) throw new Error(`expected a NetsuiteError, got ${String(error)}`);
  return error;
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Signs in at the sandbox's authorization page as a browser would: the form, its cookie, Continue. */
async function signInAtAuthorizePage(url: string): Promise<URL> {
  const page = await fetch(url, { redirect: 'manual' });
  expect(page.status).toBe(200);
  const html = await page.text();
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(unescapeHtml(match[1] ?? ''), unescapeHtml(match[2] ?? ''));
  form.set('email', SANDBOX_USER.email);
  form.set('password', SANDBOX_USER.password);
  form.set('role', '3');
  form.set('action', 'continue');
  const answer = await fetch(new URL(url).toString(), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: form.toString(),
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}

describe('the NetSuite client against the sandbox (contract)', () => {
  let server: TestServer;
  let tokens: NetsuiteTokens;
  let client: NetsuiteClient;
  const redirectUri = () => `${server.url}/user/netsuite`;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('authorizes: the page redirects back with state, role, entity, company and a code the client exchanges', async () => {
    const state = 'contract-test-state-0123456789';
    const back = await signInAtAuthorizePage(
      authorizationUrl(server.config.netsuite, { redirectUri: redirectUri(), state }),
    );
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri());
    expect(back.searchParams.get('state')).toBe(state);
    for (const name of ['role', 'entity', 'company', 'code'])
      expect(back.searchParams.get(name)).toBeTruthy();
    tokens = await exchangeCode(server.config.netsuite, {
      code: back.searchParams.get('code') ?? '',
      redirectUri: redirectUri(),
    });
    expect(tokens).toMatchObject({ expiresIn: 3600, tokenType: 'bearer' });
    expect(tokens.refreshToken).toEqual(expect.any(String));
    client = createNetsuiteClient({
      apiOrigin: server.config.netsuite.apiOrigin,
      accessToken: tokens.accessToken,
    });

    const wrongSecret = await refusal(
      refreshAccessToken({ ...server.config.netsuite, clientSecret: 'wrong' }, 'x'),
    );
    expect([wrongSecret.status, wrongSecret.errorCode]).toEqual([401, 'INVALID_CLIENT']);
  });

  it('pages a collection with NetSuite links and reads every page', async () => {
    const first = await client.listRecords('inventoryItem', { limit: 5, offset: 0 });
    expect(first).toMatchObject({ count: 5, hasMore: true, offset: 0 });
    expect(first.links.map((link) => link.rel)).toEqual(expect.arrayContaining(['self', 'next', 'last']));
    const all = await readAllPages((page) => client.listRecords('inventoryItem', page), { pageSize: 25 });
    expect(all).toHaveLength(first.totalResults);
    expect(new Set(all.map((item) => item.id)).size).toBe(all.length);
  });

  it('reads a record by id and by external id, and answers NONEXISTENT_ID for neither', async () => {
    await client.upsertRecord('customer', 'eid:contract-customer-1', { companyName: 'Contract Test Co' });
    const customer = z
      .object({ id: z.string(), companyName: z.string(), externalId: z.string() })
      .parse(await client.getRecord('customer', 'eid:contract-customer-1'));
    expect(customer).toMatchObject({ companyName: 'Contract Test Co', externalId: 'contract-customer-1' });
    const byId = await client.getRecord('customer', customer.id);
    expect(byId).toMatchObject({ externalId: 'contract-customer-1' });
    const missing = await refusal(client.getRecord('customer', '999999999'));
    expect([missing.status, missing.errorCode]).toEqual([404, 'NONEXISTENT_ID']);
  });

  it('creates, updates, upserts once by external id, and deletes a record', async () => {
    const [part] = (
      await client.suiteql(`SELECT id FROM item WHERE itemtype = 'InvtPart' ORDER BY id`, {
        limit: 1,
        offset: 0,
      })
    ).items;
    const [job] = (await client.suiteql(`SELECT id, customer FROM job ORDER BY id`, { limit: 1, offset: 0 }))
      .items;
    const order = (memo: string) => ({
      entity: { id: job?.customer },
      job: { id: job?.id },
      memo,
      item: { items: [{ item: { id: part?.id }, quantity: 2, rate: 10 }] },
    });
    await client.upsertRecord('salesOrder', 'eid:contract-order-1', order('first'));
    await client.upsertRecord('salesOrder', 'eid:contract-order-1', order('second'));
    const orders = await client.suiteql(
      `SELECT id, memo FROM transaction WHERE externalid = 'contract-order-1'`,
      {
        limit: 10,
        offset: 0,
      },
    );
    expect(orders.items).toHaveLength(1);
    expect(orders.items[0]?.memo).toBe('second');
    const upserted = z
      .object({ id: z.string(), tranId: z.string(), status: z.object({ id: z.string() }) })
      .parse(await client.getRecord('salesOrder', 'eid:contract-order-1'));
    expect(upserted.tranId).toMatch(/^SO-\d+$/);

    await client.updateRecord('salesOrder', upserted.id, { memo: 'patched' });
    expect((await client.getRecord('salesOrder', upserted.id)).memo).toBe('patched');

    const { id } = await client.createRecord('salesOrder', order('created'));
    expect(id).toMatch(/^\d+$/);
    await client.deleteRecord('salesOrder', id);
    expect((await refusal(client.getRecord('salesOrder', id))).errorCode).toBe('NONEXISTENT_ID');

    const invalid = await refusal(client.createRecord('salesOrder', { memo: 'no customer, no lines' }));
    expect(invalid.status).toBe(400);
    expect(invalid.details[0]?.detail).toEqual(expect.any(String));
  });

  it('runs SuiteQL with paging and refuses what it does not understand in NetSuite’s shape', async () => {
    const page = await client.suiteql(
      `SELECT id, itemid, baseprice FROM item WHERE itemtype = 'Service' AND itemid IN ('LABOR-FIELD', 'LABOR-TRAVEL') ORDER BY itemid ASC`,
      { limit: 1, offset: 0 },
    );
    expect(page).toMatchObject({ count: 1, hasMore: true, offset: 0, totalResults: 2 });
    expect(page.items[0]).toMatchObject({ itemid: 'LABOR-FIELD' });
    expect(page.items[0]?.baseprice).toMatch(/^\d+(\.\d+)?$/);
    const next = await client.suiteql(
      `SELECT id, itemid FROM item WHERE itemtype = 'Service' AND itemid IN ('LABOR-FIELD', 'LABOR-TRAVEL') ORDER BY itemid ASC`,
      { limit: 1, offset: 1 },
    );
    expect(next.items[0]).toMatchObject({ itemid: 'LABOR-TRAVEL' });
    const bad = await refusal(
      client.suiteql(`SELECT id FROM item; DROP TABLE users`, { limit: 1, offset: 0 }),
    );
    expect([bad.status, bad.errorCode]).toEqual([400, 'INVALID_PARAMETER']);
    const unknown = await refusal(client.suiteql(`SELECT secret FROM nothing`, { limit: 1, offset: 0 }));
    expect(unknown.status).toBe(400);
  });

  it('answers INVALID_LOGIN for a token it never issued', async () => {
    const stranger = createNetsuiteClient({
      apiOrigin: server.config.netsuite.apiOrigin,
      accessToken: 'not-a-token',
    });
    const refused = await refusal(stranger.getRecord('customer', '1'));
    expect([refused.status, refused.errorCode]).toEqual([401, 'INVALID_LOGIN']);
  });
  it('refreshes without a new refresh token, and revocation ends a token', async () => {
    // A sign-in of its own: revoking ends every token of that authorization, the other tests' included.
    const state = 'contract-test-revoke-0123456789';
    const back = await signInAtAuthorizePage(
      authorizationUrl(server.config.netsuite, { redirectUri: redirectUri(), state }),
    );
    const own = await exchangeCode(server.config.netsuite, {
      code: back.searchParams.get('code') ?? '',
      redirectUri: redirectUri(),
    });
    const refreshed = await refreshAccessToken(server.config.netsuite, own.refreshToken ?? '');
    expect(refreshed.refreshToken).toBeUndefined();
    expect(refreshed.accessToken).not.toBe(own.accessToken);
    const other = createNetsuiteClient({
      apiOrigin: server.config.netsuite.apiOrigin,
      accessToken: refreshed.accessToken,
    });
    expect((await other.listRecords('customer', { limit: 1, offset: 0 })).items).toHaveLength(1);
    await revokeToken(server.config.netsuite, refreshed.accessToken);
    const revoked = await refusal(other.listRecords('customer', { limit: 1, offset: 0 }));
    expect([revoked.status, revoked.errorCode]).toEqual([401, 'INVALID_LOGIN']);
    // A code presented twice is refused, and what it issued is revoked (one of the two presenters is not us).
    const reused = await refusal(
      exchangeCode(server.config.netsuite, {
        code: back.searchParams.get('code') ?? '',
        redirectUri: redirectUri(),
      }),
    );
    expect(reused.status).toBe(400);
    expect(reused.errorCode).toBe('INVALID_GRANT');
    const family = createNetsuiteClient({
      apiOrigin: server.config.netsuite.apiOrigin,
      accessToken: own.accessToken,
    });
    expect((await refusal(family.listRecords('customer', { limit: 1, offset: 0 }))).status).toBe(401);
  });
});
