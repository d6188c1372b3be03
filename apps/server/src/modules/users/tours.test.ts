import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, providerCompany } from '../../testing/factories.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';

describe('product tours seen', () => {
  let server: TestServer;
  let first: Awaited<ReturnType<typeof buildUser>>;
  let second: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.database.db;
    await providerCompany(db);
    const customer = await buildCompany(db, { name: 'Northwind Data' });
    // A user without any role may still record the tours they have seen: they are their own.
    first = await buildUser(db, { companyId: customer.companyId });
    second = await buildUser(db, { companyId: customer.companyId, roles: ['Customer Operator'] });
  });
  afterAll(() => server.close());

  async function call(user: { identityId: string }, method: string, path: string, body?: unknown) {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await server.mintIdToken(user.identityId)}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer: unknown = await response.json();
    return { status: response.status, body: answer };
  }

  it('records a tour once per user, on any device, and keeps each user to their own', async () => {
    expect((await call(first, 'GET', '/users/me/tours')).body).toEqual([]);
    const marked = await call(first, 'POST', '/users/me/tours.markSeen', { tour: 'AssetDiagnoseTourSeen' });
    expect(marked).toEqual({ status: 200, body: ['AssetDiagnoseTourSeen'] });
    const again = await call(first, 'POST', '/users/me/tours.markSeen', { tour: 'AssetDiagnoseTourSeen' });
    expect(again.body).toEqual(['AssetDiagnoseTourSeen']);
    expect((await call(second, 'GET', '/users/me/tours')).body).toEqual([]);
  });

  it('refuses a tour the spec does not name, and a caller without a token', async () => {
    const unknown = await call(first, 'POST', '/users/me/tours.markSeen', { tour: 'EverythingSeen' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('body.tour');
    const anonymous = await fetch(`${server.url}/api/users/me/tours`);
    expect(anonymous.status).toBe(401);
  });
});
