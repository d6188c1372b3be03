import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, providerCompany } from '../../testing/factories.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { saveUserPreferences } from './userPreferencesRepository.ts';
import { presentUserPreferences } from './userPreferencesService.ts';

describe('a user’s own preferences over HTTP', () => {
  let server: TestServer;
  let first: Awaited<ReturnType<typeof buildUser>>;
  let second: Awaited<ReturnType<typeof buildUser>>;
  let otherCompany: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.database.db;
    await providerCompany(db);
    const customer = await buildCompany(db, { name: 'Northwind Data' });
    const other = await buildCompany(db, { name: 'Contoso Cooling' });
    // A user without any role still has preferences of their own.
    first = await buildUser(db, { companyId: customer.companyId });
    second = await buildUser(db, { companyId: customer.companyId, roles: ['Customer Administrator'] });
    otherCompany = await buildUser(db, { companyId: other.companyId, roles: ['Customer Operator'] });
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
  const read = (user: { identityId: string }) => call(user, 'GET', '/users/me/preferences');
  const update = (user: { identityId: string }, body: unknown) =>
    call(user, 'POST', '/users/me/preferences.update', body);

  it('reads the defaults for a user who never chose', async () => {
    expect(await read(otherCompany)).toEqual({ status: 200, body: { colorScheme: 'system' } });
  });

  it('keeps a chosen colour scheme, and changes it again', async () => {
    expect(await update(first, { colorScheme: 'dark' })).toEqual({
      status: 200,
      body: { colorScheme: 'dark' },
    });
    expect((await read(first)).body).toEqual({ colorScheme: 'dark' });
    expect((await update(first, { colorScheme: 'light' })).body).toEqual({ colorScheme: 'light' });
    expect((await read(first)).body).toEqual({ colorScheme: 'light' });
  });

  it('changes only the caller’s own: a colleague and another company’s user keep theirs', async () => {
    await update(second, { colorScheme: 'dark' });
    await update(first, { colorScheme: 'light' });
    expect((await read(second)).body).toEqual({ colorScheme: 'dark' });
    expect((await read(otherCompany)).body).toEqual({ colorScheme: 'system' });
  });

  it('leaves what an update does not name as it was', async () => {
    await update(second, { colorScheme: 'dark' });
    expect(await update(second, {})).toEqual({ status: 200, body: { colorScheme: 'dark' } });
  });

  it('refuses a scheme it does not know, a field it does not know, someone else’s id, and no token', async () => {
    const unknownScheme = await update(first, { colorScheme: 'sepia' });
    expect(unknownScheme.status).toBe(400);
    expect(JSON.stringify(unknownScheme.body)).toContain('body.colorScheme');
    // There is no way to name another user: a userId in the body is refused, not obeyed.
    const naming = await update(first, { colorScheme: 'dark', userId: second.userId });
    expect(naming.status).toBe(400);
    expect((await read(second)).body).toEqual({ colorScheme: 'dark' });
    const anonymous = await fetch(`${server.url}/api/users/me/preferences`);
    expect(anonymous.status).toBe(401);
  });

  it('reads a stored scheme it no longer knows as the default', async () => {
    await saveUserPreferences(server.database.db, otherCompany.userId, { colorScheme: 'sepia' });
    expect((await read(otherCompany)).body).toEqual({ colorScheme: 'system' });
  });
});

describe('presentUserPreferences', () => {
  it('gives every default when there is no row', () => {
    expect(presentUserPreferences(undefined)).toEqual({ colorScheme: 'system' });
  });
});
