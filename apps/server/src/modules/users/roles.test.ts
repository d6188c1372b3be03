import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { roleSchema } from '@kelvin/contract';
import { roles, userRoles } from '../../platform/db/schema.ts';
import { buildUser } from '../../testing/factories.ts';
import type { RoleName } from './roleNames.ts';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../testing/testServer.ts';
import { api, buildWorld, countEvents, expectBadField, expectError, withEventDelta } from './adminTestKit.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe.each(kinds)('roles on %s', (kind) => {
  let server: TestServer;
  let world: Awaited<ReturnType<typeof buildWorld>>;
  const roleIds = new Map<RoleName, number>();

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    world = await buildWorld(server);
    for (const role of await server.database.db.select().from(roles)) {
      roleIds.set(
        z
          .enum([
            'Provider Administrator',
            'Provider Service Technician',
            'Customer Administrator',
            'Customer Operator',
          ])
          .parse(role.name),
        role.roleId,
      );
    }
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const id = (name: RoleName) => roleIds.get(name) ?? 0;
  const hasRole = async (userId: number, roleId: number) =>
    (
      await db()
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)))
    ).length > 0;
  const names = (body: unknown) =>
    z
      .array(roleSchema)
      .parse(body)
      .map((role) => role.name);

  describe('roles.list', () => {
    it('shows provider staff every role with its permissions, customers the customer roles', async () => {
      const all = await api(server, world.technician, 'GET', '/roles');
      expect(names(all.body)).toEqual([
        'Customer Administrator',
        'Customer Operator',
        'Provider Administrator',
        'Provider Service Technician',
      ]);
      const operator = z
        .array(roleSchema)
        .parse(all.body)
        .find((role) => role.name === 'Customer Operator');
      expect(operator?.permissions).toContain('assets:read');
      expect(operator?.permissions).not.toContain('users:write');
      expect(names((await api(server, world.adminA, 'GET', '/roles')).body)).toEqual([
        'Customer Administrator',
        'Customer Operator',
      ]);
    });

    it('refuses callers who cannot read users', async () => {
      expectError(await api(server, world.operatorA, 'GET', '/roles'), 403);
    });
  });

  describe('roles.users.list', () => {
    it('answers only for users the caller may read, keyed by user id', async () => {
      const body = [world.operatorA.user.userId, world.adminB.user.userId, 99_999];
      const response = await api(server, world.adminA, 'POST', '/roles.users.list', body);
      const byUser = z.record(z.string(), z.array(roleSchema)).parse(response.body);
      expect(Object.keys(byUser)).toEqual([String(world.operatorA.user.userId)]);
      expect(byUser[String(world.operatorA.user.userId)]?.map((role) => role.name)).toEqual([
        'Customer Operator',
      ]);
      const provider = await api(server, world.providerAdmin, 'POST', '/roles.users.list', body);
      expect(Object.keys(z.record(z.string(), z.unknown()).parse(provider.body)).sort()).toEqual(
        [String(world.operatorA.user.userId), String(world.adminB.user.userId)].sort(),
      );
    });

    it('refuses bad input, and callers who cannot read users', async () => {
      expectBadField(await api(server, world.adminA, 'POST', '/roles.users.list', ['1']), 'body.0');
      expectBadField(await api(server, world.adminA, 'POST', '/roles.users.list', { userIds: [1] }), 'body');
      expectError(
        await api(server, world.operatorA, 'POST', '/roles.users.list', [world.operatorA.user.userId]),
        403,
      );
    });
  });

  describe('roles.users.assign', () => {
    it('gives the role with one event; giving it again changes nothing', async () => {
      const user = await buildUser(db(), { companyId: world.companyA.companyId });
      const body = { userId: user.userId, roleId: id('Customer Administrator') };
      const first = await withEventDelta(db(), () =>
        api(server, world.adminA, 'POST', '/roles.users.assign', body),
      );
      expect(first).toMatchObject({ status: 200, body: { ok: true }, recorded: 1 });
      expect(await hasRole(user.userId, body.roleId)).toBe(true);
      expect(
        await countEvents(db(), { name: 'roles.users.assign', subjectType: 'user', subjectId: user.userId }),
      ).toBe(1);
      const again = await withEventDelta(db(), () =>
        api(server, world.adminA, 'POST', '/roles.users.assign', body),
      );
      expect(again).toMatchObject({ status: 200, recorded: 0 });
    });

    it('does not let a customer administrator give a provider role', async () => {
      const body = { userId: world.operatorA.user.userId, roleId: id('Provider Administrator') };
      const response = await withEventDelta(db(), () =>
        api(server, world.adminA, 'POST', '/roles.users.assign', body),
      );
      expect(expectError(response, 403).message).toBe(
        'You may only assign roles limited to your own company; Provider Administrator reaches beyond it.',
      );
      expect(response.recorded).toBe(0);
      expect(await hasRole(world.operatorA.user.userId, body.roleId)).toBe(false);
    });

    it('gives provider roles to the provider’s own staff only', async () => {
      const body = { userId: world.operatorA.user.userId, roleId: id('Provider Service Technician') };
      expectError(await api(server, world.providerAdmin, 'POST', '/roles.users.assign', body), 400);
      expect(await hasRole(world.operatorA.user.userId, body.roleId)).toBe(false);
      const staff = { userId: world.technician.user.userId, roleId: id('Provider Administrator') };
      expect((await api(server, world.providerAdmin, 'POST', '/roles.users.assign', staff)).status).toBe(200);
      expect(await hasRole(world.technician.user.userId, staff.roleId)).toBe(true);
    });

    it('refuses bad input, unknown roles, and another company (404) changing nothing', async () => {
      const body = { userId: world.operatorA.user.userId, roleId: id('Customer Administrator') };
      expectBadField(
        await api(server, world.adminA, 'POST', '/roles.users.assign', { ...body, roleId: 'admin' }),
        'body.roleId',
      );
      expectError(
        await api(server, world.adminA, 'POST', '/roles.users.assign', { ...body, roleId: 99_999 }),
        404,
      );
      const response = await withEventDelta(db(), () =>
        api(server, world.adminB, 'POST', '/roles.users.assign', body),
      );
      expectError(response, 404);
      expectError(await api(server, world.operatorA, 'POST', '/roles.users.assign', body), 403);
      expect(response.recorded).toBe(0);
      expect(await hasRole(world.operatorA.user.userId, body.roleId)).toBe(false);
    });
  });

  describe('roles.users.remove', () => {
    it('takes the role with one event; taking it again changes nothing', async () => {
      const user = await buildUser(db(), {
        companyId: world.companyA.companyId,
        roles: ['Customer Operator'],
      });
      const body = { userId: user.userId, roleId: id('Customer Operator') };
      const first = await withEventDelta(db(), () =>
        api(server, world.adminA, 'POST', '/roles.users.remove', body),
      );
      expect(first).toMatchObject({ status: 200, body: { ok: true }, recorded: 1 });
      expect(await hasRole(user.userId, body.roleId)).toBe(false);
      expect(await countEvents(db(), { name: 'roles.users.remove', subjectId: user.userId })).toBe(1);
      const again = await withEventDelta(db(), () =>
        api(server, world.adminA, 'POST', '/roles.users.remove', body),
      );
      expect(again).toMatchObject({ status: 200, recorded: 0 });
    });

    it('refuses bad input, and another company (404) changing nothing', async () => {
      const body = { userId: world.operatorA.user.userId, roleId: id('Customer Operator') };
      expectBadField(
        await api(server, world.adminA, 'POST', '/roles.users.remove', { userId: body.userId }),
        'body.roleId',
      );
      const response = await withEventDelta(db(), () =>
        api(server, world.adminB, 'POST', '/roles.users.remove', body),
      );
      expectError(response, 404);
      expect(response.recorded).toBe(0);
      expect(await hasRole(world.operatorA.user.userId, body.roleId)).toBe(true);
    });
  });
});
