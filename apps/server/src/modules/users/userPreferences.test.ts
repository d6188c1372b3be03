import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, providerCompany } from '../../testing/factories.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { saveUserPreferences } from './userPreferencesRepository.ts';
import { presentUserPreferences } from './userPreferencesService.ts';

const defaults = { colorScheme: 'system', timeZoneId: null, unitsProfile: 'metric', demoMode: false };

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
    expect(await read(otherCompany)).toEqual({ status: 200, body: defaults });
  });

  it('keeps a chosen colour scheme, and changes it again', async () => {
    expect(await update(first, { colorScheme: 'dark' })).toEqual({
      status: 200,
      body: { ...defaults, colorScheme: 'dark' },
    });
    expect((await read(first)).body).toEqual({ ...defaults, colorScheme: 'dark' });
    expect((await update(first, { colorScheme: 'light' })).body).toEqual({
      ...defaults,
      colorScheme: 'light',
    });
    expect((await read(first)).body).toEqual({ ...defaults, colorScheme: 'light' });
  });

  it('changes only the caller’s own: a colleague and another company’s user keep theirs', async () => {
    await update(second, { colorScheme: 'dark' });
    await update(first, { colorScheme: 'light' });
    expect((await read(second)).body).toMatchObject({ colorScheme: 'dark' });
    expect((await read(otherCompany)).body).toEqual(defaults);
  });

  it('leaves what an update does not name as it was', async () => {
    await update(second, { colorScheme: 'dark' });
    expect(await update(second, {})).toEqual({ status: 200, body: { ...defaults, colorScheme: 'dark' } });
  });

  it('refuses a scheme it does not know, a field it does not know, someone else’s id, and no token', async () => {
    const unknownScheme = await update(first, { colorScheme: 'sepia' });
    expect(unknownScheme.status).toBe(400);
    expect(JSON.stringify(unknownScheme.body)).toContain('body.colorScheme');
    // There is no way to name another user: a userId in the body is refused, not obeyed.
    const naming = await update(first, { colorScheme: 'dark', userId: second.userId });
    expect(naming.status).toBe(400);
    expect((await read(second)).body).toMatchObject({ colorScheme: 'dark' });
    const anonymous = await fetch(`${server.url}/api/users/me/preferences`);
    expect(anonymous.status).toBe(401);
  });

  it('reads a stored scheme it no longer knows as the default', async () => {
    await saveUserPreferences(server.database.db, otherCompany.userId, { colorScheme: 'sepia' });
    expect((await read(otherCompany)).body).toMatchObject({ colorScheme: 'system' });
  });

  it('keeps a time zone, a units profile and demo mode, each without touching the others', async () => {
    const user = await buildUser(server.database.db, { companyId: first.companyId });
    expect((await update(user, { timeZoneId: 'Asia/Tokyo' })).body).toEqual({
      ...defaults,
      timeZoneId: 'Asia/Tokyo',
    });
    expect((await update(user, { unitsProfile: 'imperial' })).body).toEqual({
      ...defaults,
      timeZoneId: 'Asia/Tokyo',
      unitsProfile: 'imperial',
    });
    expect((await update(user, { demoMode: true, colorScheme: 'dark' })).body).toEqual({
      colorScheme: 'dark',
      timeZoneId: 'Asia/Tokyo',
      unitsProfile: 'imperial',
      demoMode: true,
    });
    // A second browser (a new token, the same user) reads the same choices.
    expect((await read(user)).body).toEqual({
      colorScheme: 'dark',
      timeZoneId: 'Asia/Tokyo',
      unitsProfile: 'imperial',
      demoMode: true,
    });
    // Null goes back to the browser's zone; the rest stay.
    expect((await update(user, { timeZoneId: null, demoMode: false })).body).toEqual({
      colorScheme: 'dark',
      timeZoneId: null,
      unitsProfile: 'imperial',
      demoMode: false,
    });
    // Nobody else's changed.
    expect((await read(otherCompany)).body).toMatchObject({ timeZoneId: null, unitsProfile: 'metric' });
  });

  it('refuses an unknown zone, an unknown profile and a demo mode that is not a boolean', async () => {
    for (const [body, field] of [
      [{ timeZoneId: 'Mars/Olympus' }, 'body.timeZoneId'],
      [{ timeZoneId: '+01:00' }, 'body.timeZoneId'],
      [{ timeZoneId: '' }, 'body.timeZoneId'],
      [{ unitsProfile: 'nautical' }, 'body.unitsProfile'],
      [{ demoMode: 'yes' }, 'body.demoMode'],
    ] as const) {
      const answer = await update(first, body);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    expect((await read(first)).body).toMatchObject({
      timeZoneId: null,
      unitsProfile: 'metric',
      demoMode: false,
    });
  });

  it('reads a stored zone or profile it no longer knows as the default', async () => {
    await saveUserPreferences(server.database.db, otherCompany.userId, {
      timeZoneId: 'Atlantis/Capital',
      unitsProfile: 'cubits',
    });
    expect((await read(otherCompany)).body).toMatchObject({ timeZoneId: null, unitsProfile: 'metric' });
  });
});

describe('presentUserPreferences', () => {
  it('gives every default when there is no row', () => {
    expect(presentUserPreferences(undefined)).toEqual(defaults);
  });
});
