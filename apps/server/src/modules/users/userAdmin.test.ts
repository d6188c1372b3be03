import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userSchema } from '@kelvin/contract';
import { assetAccessGroups, events, roles, userRoles, users } from '../../platform/db/schema.ts';
import { verifyPassword } from '../../platform/identity/passwords.ts';
import { buildCompany, buildUser } from '../../testing/factories.ts';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../testing/testServer.ts';
import {
  api,
  buildWorld,
  countEvents,
  expectBadField,
  expectError,
  failEventsNamed,
  withEventDelta,
} from './adminTestKit.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe.each(kinds)('user administration on %s', (kind) => {
  let server: TestServer;
  let world: Awaited<ReturnType<typeof buildWorld>>;
  let serial = 0;
  const email = () => `new.person.${++serial}@example.test`;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    world = await buildWorld(server);
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const userRow = async (userId: number) =>
    (await db().select().from(users).where(eq(users.userId, userId)))[0];
  const usersWithEmail = (address: string) =>
    db()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${address.toLowerCase()}`);
  const ids = (body: unknown) =>
    z
      .array(userSchema)
      .parse(body)
      .map((user) => user.userId);

  describe('users.get', () => {
    it('returns a user of the caller’s company without secrets', async () => {
      const response = await api(server, world.adminA, 'GET', `/users/${world.operatorA.user.userId}`);
      expect(userSchema.parse(response.body)).toMatchObject({
        userId: world.operatorA.user.userId,
        isDeleted: false,
      });
      expect(JSON.stringify(response.body)).not.toMatch(/password/i);
    });

    it('refuses bad input, another company (404) and callers without users:read (403)', async () => {
      expectBadField(await api(server, world.adminA, 'GET', '/users/me2'), 'params.id');
      expectError(await api(server, world.adminB, 'GET', `/users/${world.operatorA.user.userId}`), 404);
      expectError(await api(server, world.operatorA, 'GET', `/users/${world.adminA.user.userId}`), 403);
    });
  });

  describe('users.list', () => {
    it('lists the caller’s company only, with the filters', async () => {
      const system = await buildUser(db(), { companyId: world.companyA.companyId, isSystem: true });
      const deleted = await buildUser(db(), { companyId: world.companyA.companyId, isDeleted: true });
      const own = ids((await api(server, world.adminA, 'GET', '/users')).body);
      expect(own).toEqual(expect.arrayContaining([world.adminA.user.userId, world.operatorA.user.userId]));
      expect(own).not.toContain(world.adminB.user.userId);
      expect(own).not.toContain(system.userId);
      expect(own).not.toContain(deleted.userId);
      const more = ids(
        (await api(server, world.adminA, 'GET', '/users?includeSystem=true&includeDeleted=true')).body,
      );
      expect(more).toEqual(expect.arrayContaining([system.userId, deleted.userId]));
      const picked = await api(
        server,
        world.adminA,
        'GET',
        `/users?userIds=${world.operatorA.user.userId},${world.adminB.user.userId}`,
      );
      expect(ids(picked.body)).toEqual([world.operatorA.user.userId]);
      const everyone = ids(
        (await api(server, world.technician, 'GET', `/users?companyIds=${world.companyB.companyId}`)).body,
      );
      expect(everyone).toEqual([world.adminB.user.userId]);
    });

    it('refuses bad input naming the field', async () => {
      expectBadField(await api(server, world.adminA, 'GET', '/users?userIds=a'), 'query.userIds');
      expectBadField(
        await api(server, world.adminA, 'GET', '/users?includeDeleted=yes'),
        'query.includeDeleted',
      );
    });
  });

  describe('users.create', () => {
    it('creates the user with an identity, roles, password and default access group, in one event', async () => {
      const address = email();
      const body = {
        companyId: world.companyA.companyId,
        name: 'Nina New',
        email: address,
        location: 'Oslo',
        roleIds: [await roleId('Customer Operator')],
        password: 'a long enough password',
      };
      const response = await withEventDelta(db(), () =>
        api(server, world.adminA, 'POST', '/users.create', body),
      );
      expect(response.status).toBe(200);
      const user = userSchema.parse(response.body);
      expect(user).toMatchObject({
        name: 'Nina New',
        email: address,
        location: 'Oslo',
        role: null,
        isSystem: false,
      });
      expect(user.identityId).toMatch(/^kelvin\|[0-9a-f-]{36}$/);
      const stored = await userRow(user.userId);
      expect(await verifyPassword(stored?.passwordHash, 'a long enough password')).toBe(true);
      const groups = await db()
        .select()
        .from(assetAccessGroups)
        .where(eq(assetAccessGroups.userId, user.userId));
      expect(groups.map((group) => group.isDefault)).toEqual([true]);
      expect(await db().select().from(userRoles).where(eq(userRoles.userId, user.userId))).toHaveLength(1);
      expect(response.recorded).toBe(1);
      expect(await countEvents(db(), { name: 'users.create', subjectId: user.userId })).toBe(1);
      const me = await fetch(`${server.url}/api/users/me`, {
        headers: { authorization: `Bearer ${await server.mintIdToken(user.identityId)}` },
      });
      expect(me.status).toBe(200);
    });

    it('keeps emails unique regardless of case', async () => {
      const body = {
        companyId: world.companyA.companyId,
        name: 'Twin',
        email: world.operatorA.user.email.toUpperCase(),
      };
      const response = await withEventDelta(db(), () =>
        api(server, world.adminA, 'POST', '/users.create', body),
      );
      expect(expectError(response, 409).message).toBe('A user with this email already exists.');
      expect(response.recorded).toBe(0);
      expect(await usersWithEmail(world.operatorA.user.email)).toHaveLength(1);
    });

    it('refuses bad input naming the field', async () => {
      const base = { companyId: world.companyA.companyId, name: 'Bad', email: email() };
      expectBadField(
        await api(server, world.adminA, 'POST', '/users.create', { ...base, email: 'nope' }),
        'body.email',
      );
      expectBadField(
        await api(server, world.adminA, 'POST', '/users.create', { ...base, password: 'short' }),
        'body.password',
      );
      expectBadField(
        await api(server, world.adminA, 'POST', '/users.create', { ...base, roleIds: [99_999] }),
        'body.roleIds',
      );
      expect(await usersWithEmail(base.email)).toHaveLength(0);
    });

    it('refuses another company (404), a provider role (403) and a deleted company (404), creating nothing', async () => {
      const events = await countEvents(db());
      const address = email();
      const base = { companyId: world.companyA.companyId, name: 'Intruder', email: address };
      expectError(await api(server, world.adminB, 'POST', '/users.create', base), 404);
      const provider = { ...base, roleIds: [await roleId('Provider Administrator')] };
      const refused = expectError(await api(server, world.adminA, 'POST', '/users.create', provider), 403);
      expect(refused.message).toBe(
        'You may only assign roles limited to your own company; Provider Administrator reaches beyond it.',
      );
      expectError(await api(server, world.operatorA, 'POST', '/users.create', base), 403);
      const gone = await buildCompany(db(), { isDeleted: true });
      expectError(
        await api(server, world.providerAdmin, 'POST', '/users.create', {
          ...base,
          companyId: gone.companyId,
        }),
        404,
      );
      expect(await usersWithEmail(address)).toHaveLength(0);
      expect(await countEvents(db())).toBe(events);
    });

    it('writes the user and its event in one transaction', async () => {
      const address = email();
      const restore = await failEventsNamed(db(), 'users.create');
      try {
        const body = { companyId: world.companyA.companyId, name: 'Half Made', email: address };
        expect((await api(server, world.adminA, 'POST', '/users.create', body)).status).toBe(500);
      } finally {
        await restore();
      }
      expect(await usersWithEmail(address)).toHaveLength(0);
    });
  });

  describe('users.update', () => {
    it('updates the details and records what changed', async () => {
      const user = await buildUser(db(), { companyId: world.companyA.companyId, location: 'Bergen' });
      const body = {
        userId: user.userId,
        name: 'Renamed',
        email: user.email,
        location: null,
        primaryPhone: '+47 1',
      };
      const response = await withEventDelta(db(), () =>
        api(server, world.adminA, 'PUT', '/users.update', body),
      );
      expect(userSchema.parse(response.body)).toMatchObject({
        name: 'Renamed',
        location: null,
        primaryPhone: '+47 1',
      });
      expect(await userRow(user.userId)).toMatchObject({
        name: 'Renamed',
        location: null,
        primaryPhone: '+47 1',
      });
      expect(response.recorded).toBe(1);
      const [event] = await db()
        .select({ data: events.data })
        .from(events)
        .where(and(eq(events.name, 'users.update'), eq(events.subjectId, String(user.userId))));
      expect(event?.data).toEqual({
        changes: {
          name: { from: user.name, to: 'Renamed' },
          location: { from: 'Bergen', to: null },
          primaryPhone: { from: null, to: '+47 1' },
        },
      });
    });

    it('refuses an email another user has, and bad input', async () => {
      const user = await buildUser(db(), { companyId: world.companyA.companyId });
      const taken = { userId: user.userId, name: user.name, email: world.adminA.user.email.toUpperCase() };
      expect(expectError(await api(server, world.adminA, 'PUT', '/users.update', taken), 409).message).toBe(
        'A user with this email already exists.',
      );
      expectBadField(
        await api(server, world.adminA, 'PUT', '/users.update', { ...taken, email: 'x' }),
        'body.email',
      );
      expectBadField(
        await api(server, world.adminA, 'PUT', '/users.update', { ...taken, userId: -1 }),
        'body.userId',
      );
      expect((await userRow(user.userId))?.email).toBe(user.email);
    });

    it('answers another company with 404 (403 without users:write) and changes nothing', async () => {
      const before = await userRow(world.operatorA.user.userId);
      const body = { userId: world.operatorA.user.userId, name: 'Hijacked', email: email() };
      const response = await withEventDelta(db(), () =>
        api(server, world.adminB, 'PUT', '/users.update', body),
      );
      expectError(response, 404);
      expectError(await api(server, world.technician, 'PUT', '/users.update', body), 403);
      expect(response.recorded).toBe(0);
      expect(await userRow(world.operatorA.user.userId)).toEqual(before);
    });
  });

  describe('users.delete', () => {
    it('soft-deletes with one event; the user can no longer sign in', async () => {
      const user = await buildUser(db(), { companyId: world.companyA.companyId });
      const token = await server.mintIdToken(user.identityId);
      const response = await withEventDelta(db(), () =>
        api(server, world.adminA, 'DELETE', `/users/${user.userId}`),
      );
      expect(response).toMatchObject({ status: 200, body: { ok: true }, recorded: 1 });
      expect((await userRow(user.userId))?.isDeleted).toBe(true);
      expect(
        (await fetch(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status,
      ).toBe(401);
      expectError(await api(server, world.adminA, 'DELETE', `/users/${user.userId}`), 404);
    });

    it('refuses to delete yourself', async () => {
      const response = await withEventDelta(db(), () =>
        api(server, world.adminA, 'DELETE', `/users/${world.adminA.user.userId}`),
      );
      expect(expectError(response, 403).message).toBe('You cannot delete your own user.');
      expect(response.recorded).toBe(0);
      expect((await userRow(world.adminA.user.userId))?.isDeleted).toBe(false);
    });

    it('refuses bad input, and another company with 404, changing nothing', async () => {
      expectBadField(await api(server, world.adminA, 'DELETE', '/users/abc'), 'params.id');
      const response = await withEventDelta(db(), () =>
        api(server, world.adminB, 'DELETE', `/users/${world.operatorA.user.userId}`),
      );
      expectError(response, 404);
      expect(response.recorded).toBe(0);
      expect((await userRow(world.operatorA.user.userId))?.isDeleted).toBe(false);
    });
  });

  async function roleId(name: string): Promise<number> {
    const [role] = await db().select().from(roles).where(eq(roles.name, name));
    if (!role) throw new Error(`no role ${name}`);
    return role.roleId;
  }
});
