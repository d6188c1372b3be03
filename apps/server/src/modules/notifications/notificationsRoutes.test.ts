import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsEndpoints } from '@kelvin/contract';
import { notifications } from '../../platform/db/problemsSchema.ts';
import { events } from '../../platform/db/schema.ts';
import { connectLive } from '../../platform/live/liveTestClient.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { buildProblemsFleet, type ProblemsFleet } from '../problems/problemsTestFixture.ts';
import { noticeOf } from './notificationsTestFixture.ts';

const preferencesOut = notificationsEndpoints.notificationPreferencesGet.output;
const preferenceOut = notificationsEndpoints.notificationPreferencesUpdate.output;
const listOut = notificationsEndpoints.notificationsList.output;
const countOut = notificationsEndpoints.notificationsMarkRead.output;

describe('notification preferences and the notification centre over HTTP', () => {
  let server: TestServer;
  let world: ProblemsFleet;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    server = await startTestServer();
    world = await buildProblemsFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  const a = () => world.fleet.companyA.companyId;
  const b = () => world.fleet.companyB.companyId;

  describe('preferences', () => {
    it('answers the defaults for each company the caller may manage, their own first', async () => {
      const { users } = world;
      const own = preferencesOut.parse(
        (await api(users.adminA, 'POST', '/notificationPreferences.get', {})).body,
      );
      expect(own.preferences).toEqual([
        {
          companyId: a(),
          companyName: 'Alpha Hosting',
          levels: ['CRITICAL', 'WARNING'],
          inConsole: true,
          webhook: false,
          isDefault: true,
        },
      ]);
      const provider = preferencesOut.parse(
        (await api(users.providerAdmin, 'POST', '/notificationPreferences.get', {})).body,
      );
      expect(provider.preferences.map((row) => row.companyName)).toEqual([
        'Kelvin Services',
        'Alpha Hosting',
        'Bravo Cloud',
      ]);
      const one = preferencesOut.parse(
        (await api(users.providerAdmin, 'POST', '/notificationPreferences.get', { companyId: b() })).body,
      );
      expect(one.preferences.map((row) => row.companyId)).toEqual([b()]);
    });

    it('stores a choice per user and company, levels worst first, audited', async () => {
      const { users } = world;
      const answer = await api(users.adminA, 'POST', '/notificationPreferences.update', {
        companyId: a(),
        levels: ['INFO', 'CRITICAL'],
        inConsole: false,
        webhook: true,
      });
      expect(answer.status).toBe(200);
      expect(preferenceOut.parse(answer.body)).toMatchObject({
        companyId: a(),
        levels: ['CRITICAL', 'INFO'],
        inConsole: false,
        webhook: true,
        isDefault: false,
      });
      const again = await api(users.adminA, 'POST', '/notificationPreferences.update', {
        companyId: a(),
        levels: [],
        inConsole: true,
        webhook: false,
      });
      expect(preferenceOut.parse(again.body).levels).toEqual([]);
      const read = preferencesOut.parse(
        (await api(users.adminA, 'POST', '/notificationPreferences.get', {})).body,
      );
      expect(read.preferences[0]).toMatchObject({ levels: [], inConsole: true, isDefault: false });
      // Another person's choice is their own.
      const provider = preferencesOut.parse(
        (await api(users.providerAdmin, 'POST', '/notificationPreferences.get', { companyId: a() })).body,
      );
      expect(provider.preferences[0]?.isDefault).toBe(true);
      const audit = await server.database.db
        .select()
        .from(events)
        .where(
          and(
            eq(events.subjectId, String(users.adminA.userId)),
            like(events.name, 'notificationPreferences.%'),
          ),
        );
      expect(audit).toHaveLength(2);
      expect(audit[0]).toMatchObject({
        subjectType: 'user',
        companyId: a(),
        actorUserId: users.adminA.userId,
      });
    });

    it('refuses bad input naming the field, another company (404) and people without the permission (403)', async () => {
      const { users } = world;
      const update = (user: { identityId: string }, body: unknown) =>
        api(user, 'POST', '/notificationPreferences.update', body);
      const body = { companyId: a(), levels: ['CRITICAL'], inConsole: true, webhook: false };
      const bad = await update(users.adminA, { ...body, levels: ['HIGH'] });
      expect(bad.status).toBe(400);
      expect(errorOf(bad).message).toContain('body.levels.0');
      const twice = await update(users.adminA, { ...body, levels: ['INFO', 'INFO'] });
      expect(errorOf(twice).message).toContain('Name each level once');
      expect((await update(users.adminA, { companyId: a(), levels: [] })).status).toBe(400);
      expect((await update(users.adminA, { ...body, extra: 1 })).status).toBe(400);

      const other = await update(users.adminA, { ...body, companyId: b() });
      expect(other.status).toBe(404);
      expect(errorOf(other).message).toBe('Company not found.');
      expect(
        (await api(users.adminA, 'POST', '/notificationPreferences.get', { companyId: b() })).status,
      ).toBe(404);
      // Operators may read problems but not manage notification settings (spec: the page needs the permission).
      expect((await update(users.operatorA, body)).status).toBe(403);
      expect((await api(users.operatorA, 'POST', '/notificationPreferences.get', {})).status).toBe(403);
    });
  });

  describe('notification centre', () => {
    beforeAll(async () => {
      const { db } = server.database;
      const { problems } = world;
      await server.notifier.notify([await noticeOf(db, problems.supplyAirA1.detectedProblemId, 'OPENED')]);
      await server.notifier.notify([
        await noticeOf(db, problems.filterA2.detectedProblemId, 'OPENED', {}, 'AN-SX-01'),
      ]);
    });

    const list = async (user: { identityId: string }, body: unknown = {}) => {
      const answer = await api(user, 'POST', '/notifications.list', body);
      expect(answer.status).toBe(200);
      return listOut.parse(answer.body);
    };

    it('lists the caller’s notifications newest first with the unread count, or unread first', async () => {
      const { users, problems } = world;
      const page = await list(users.operatorA);
      expect(page.unreadCount).toBe(2);
      expect(page.pageable.totalSize).toBe(2);
      expect(page.content.map((item) => item.detectedProblemId)).toEqual([
        problems.filterA2.detectedProblemId,
        problems.supplyAirA1.detectedProblemId,
      ]);
      expect(page.content[0]).toMatchObject({
        assetId: world.fleet.ids.unitA2,
        assetName: 'AN-SX-01',
        kind: 'OPENED',
        level: 'WARNING',
        title: 'Filter pressure high',
        body: 'Opened on AN-SX-01',
        readAt: null,
      });
      const counted = await api(users.operatorA, 'POST', '/notifications.unreadCount');
      expect(countOut.parse(counted.body)).toEqual({ unreadCount: 2 });

      const newest = page.content[0]?.notificationId ?? 0;
      const marked = await api(users.operatorA, 'POST', '/notifications.markRead', {
        notificationIds: [newest],
      });
      expect(countOut.parse(marked.body)).toEqual({ unreadCount: 1 });
      const unreadFirst = await list(users.operatorA, { order: 'UNREAD_FIRST' });
      expect(unreadFirst.content.map((item) => item.readAt === null)).toEqual([true, false]);
      const unreadOnly = await list(users.operatorA, { unreadOnly: true });
      expect(unreadOnly.content.map((item) => item.detectedProblemId)).toEqual([
        problems.supplyAirA1.detectedProblemId,
      ]);
      const paged = await list(users.operatorA, {
        pageableQuery: { type: 'PAGED', pageSize: 1, pageNumber: 1 },
      });
      expect(paged.content.map((item) => item.notificationId)).toEqual([page.content[1]?.notificationId]);
    });

    it('marks all read and tells every tab of the caller, and nobody else', async () => {
      const { users } = world;
      const token = await server.mintIdToken(users.technician.identityId);
      const tab = await connectLive(server.url, token);
      const signals: unknown[] = [];
      tab.socket.on('notificationsChanged', (signal: unknown) => signals.push(signal));
      try {
        expect((await list(users.technician)).unreadCount).toBe(2);
        const answer = await api(users.technician, 'POST', '/notifications.markRead', { all: true });
        expect(countOut.parse(answer.body)).toEqual({ unreadCount: 0 });
        await expect.poll(() => signals).toEqual([{ unreadCount: 0 }]);
        // Someone else's notifications are untouched.
        expect((await list(users.providerAdmin)).unreadCount).toBe(2);

        // A new notification reaches the open tab with the new count.
        await server.notifier.notify([
          await noticeOf(server.database.db, world.problems.supplyAirA1.detectedProblemId, 'ESCALATED'),
        ]);
        await expect.poll(() => signals).toEqual([{ unreadCount: 0 }, { unreadCount: 1 }]);
      } finally {
        tab.close();
      }
    });

    it('refuses another person’s notification (404) and bad input, and answers nothing to one who reads no problems', async () => {
      const { users } = world;
      const [theirs] = await server.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, users.providerAdmin.userId));
      const refused = await api(users.operatorA, 'POST', '/notifications.markRead', {
        notificationIds: [theirs?.notificationId ?? 0],
      });
      expect(refused.status).toBe(404);
      expect(errorOf(refused).message).toBe(`Notification ${theirs?.notificationId} not found.`);
      expect((await list(users.providerAdmin)).unreadCount).toBeGreaterThan(0);

      const markRead = (body: unknown) => api(users.operatorA, 'POST', '/notifications.markRead', body);
      expect((await markRead({})).status).toBe(400);
      expect(errorOf(await markRead({ notificationIds: [1], all: true })).message).toContain(
        'Name the notifications, or send all: true',
      );
      expect((await markRead({ notificationIds: [] })).status).toBe(400);
      expect((await markRead({ all: false })).status).toBe(400);
      const sorted = await api(users.operatorA, 'POST', '/notifications.list', {
        pageableQuery: {
          type: 'PAGED',
          pageSize: 5,
          pageNumber: 0,
          sort: [{ property: 'level', direction: 'ASC' }],
        },
      });
      expect(errorOf(sorted).message).toContain('This list has a fixed order');
      expect((await api(users.operatorA, 'POST', '/notifications.list', { order: 'OLDEST' })).status).toBe(
        400,
      );

      expect(await list(users.noRolesA)).toMatchObject({ content: [], unreadCount: 0 });
      expect(countOut.parse((await api(users.noRolesA, 'POST', '/notifications.unreadCount')).body)).toEqual({
        unreadCount: 0,
      });
      expect((await list(users.adminB)).content).toEqual([]);
    });
  });
});
