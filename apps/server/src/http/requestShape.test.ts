import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, UNSTORABLE_MESSAGES } from '@kelvin/contract';
import { buildAssetFleet, type AssetFleet } from '../modules/assets/assetsTestFixture.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';

/** Requests the fuzz test found answered outside the one envelope, or without naming a field. */
describe('request shapes refused before any handler', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    token = await server.mintIdToken(fleet.users.providerAdmin.identityId);
  });
  afterAll(() => server.close());

  const call = async (method: string, path: string, body?: string) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body }),
    });
    return { status: response.status, envelope: errorEnvelopeSchema.safeParse(await response.json()) };
  };
  const fieldsOf = (answer: Awaited<ReturnType<typeof call>>) =>
    answer.envelope.data?.details?.map((detail) => detail.field);

  it('refuses a query parameter on a call that declares none, naming the query', async () => {
    const answer = await call('GET', '/roles?include=all');
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['query']);
  });

  it('drops a __proto__ key instead of refusing the body as invalid JSON, so the missing fields are named', async () => {
    const answer = await call('POST', '/assets.notes.create', '{"__proto__":{"assetId":1,"note":"x"}}');
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['body.assetId', 'body.note']);
  });

  it('answers an over-long or badly encoded path parameter with the envelope, naming the parameters', async () => {
    for (const id of ['1'.repeat(200), '%ED%A0%80']) {
      const answer = await call('GET', `/assets/${id}`);
      expect(answer.status).toBe(400);
      expect(answer.envelope.success).toBe(true);
      expect(fieldsOf(answer)).toEqual(['params']);
    }
  });

  it('refuses numbers beyond double range and nesting past the limit, naming where they sit', async () => {
    const huge = await call('PUT', `/assets/${fleet.ids.unitA1}`, '{"metadata":{"load":1e400}}');
    expect(huge.envelope.data?.details).toEqual([
      { field: 'body.metadata.load', message: UNSTORABLE_MESSAGES.number },
    ]);
    const deep = await call(
      'PUT',
      `/assets/${fleet.ids.unitA1}`,
      `{"metadata":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}`,
    );
    expect(deep.status).toBe(400);
    expect(deep.envelope.data?.details?.[0]?.message).toBe(UNSTORABLE_MESSAGES.depth);
  });

  it('refuses integers past PostgreSQL’s range in form fields and bodies (the fuzz found both as 500s)', async () => {
    const order = await call(
      'PUT',
      `/assets/${fleet.ids.unitA1}/properties`,
      JSON.stringify([{ name: 'model', value: 'CW-400', displayOrder: 2_147_483_648 }]),
    );
    expect(order.status).toBe(400);
    expect(fieldsOf(order)).toEqual(['body.0.displayOrder']);
    const form = new FormData();
    form.append('companyId', '2147483648');
    form.append('upload', new Blob(['x'], { type: 'image/png' }), 'logo.png');
    const logo = await fetch(`${server.url}/api/companies.updateLogo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(logo.status).toBe(400);
    const envelope = errorEnvelopeSchema.parse(await logo.json());
    expect(envelope.details?.map((detail) => detail.field)).toEqual(['body.companyId']);
  });

  it('names both the asset and its new parent when a move would put an asset under itself', async () => {
    const answer = await call(
      'PUT',
      `/assets/${fleet.ids.siteA1}/move`,
      JSON.stringify({ parentAssetId: fleet.ids.hallA1 }),
    );
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['params.id', 'body.parentAssetId']);
  });
});
