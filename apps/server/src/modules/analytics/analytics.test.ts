import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_BATCH_MAX, analyticsEndpoints } from '@kelvin/contract';
import { analyticsEvents } from '../../platform/db/schedulingSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import {
  apiAs,
  buildAssetFleet,
  errorOf,
  type ApiAnswer,
  type AssetFleet,
} from '../assets/assetsTestFixture.ts';
import { expireAnalytics } from './analyticsRetention.ts';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const usageOf = (answer: ApiAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return analyticsEndpoints.analyticsUsage.output.parse(answer.body);
};

describe('analytics: track and usage', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  const today = dayOf(Date.now());
  const yesterday = dayOf(Date.now() - DAY_MS);
  const track = (user: { identityId: string }, items: unknown[]) =>
    api(user, 'POST', '/analytics.track', { items });
  const usage = (user: { identityId: string }, body: Record<string, unknown>) =>
    api(user, 'POST', '/analytics.usage', body);

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  it('records a batch stamped with the caller, their company and the time, and aggregates it per day, screen and event', async () => {
    const { users, companyA } = fleet;
    const tickets = { kind: 'page', name: '/user/tickets' };
    const details = { kind: 'page', name: '/user/tickets/:ticketId/details' };
    const created = {
      kind: 'event',
      name: 'ticket created',
      path: '/user/tickets',
      properties: { priority: 'high' },
    };
    expect((await track(users.adminA, [tickets, details, created])).body).toEqual({ recorded: 3 });
    expect((await track(users.operatorA, [tickets])).status).toBe(200);
    expect((await track(users.adminB, [tickets, tickets])).status).toBe(200);

    const rows = await server.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, users.adminA.userId));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.companyId === companyA.companyId)).toBe(true);
    expect(rows.every((row) => Math.abs(row.occurredAt.getTime() - Date.now()) < 60_000)).toBe(true);
    expect(rows.find((row) => row.kind === 'event')).toMatchObject({
      name: 'ticket created',
      path: '/user/tickets',
      properties: { priority: 'high' },
    });

    const all = usageOf(await usage(users.providerAdmin, { from: yesterday, to: today }));
    expect(all).toMatchObject({ activeUsers: 3, pageViews: 5, events: 1 });
    expect(all.days).toEqual([
      { day: yesterday, activeUsers: 0, pageViews: 0 },
      { day: today, activeUsers: 3, pageViews: 5 },
    ]);
    expect(all.screens).toEqual([
      { path: '/user/tickets', views: 4, users: 3 },
      { path: '/user/tickets/:ticketId/details', views: 1, users: 1 },
    ]);
    expect(all.eventsByDay).toEqual([{ day: today, name: 'ticket created', count: 1 }]);
    expect(all.eventNames).toEqual([{ name: 'ticket created', count: 1 }]);

    const alpha = usageOf(
      await usage(users.providerAdmin, { from: today, to: today, companyIds: [companyA.companyId] }),
    );
    expect(alpha).toMatchObject({ activeUsers: 2, pageViews: 3, events: 1 });
    // A range without activity answers zeros, not an error.
    const before = usageOf(
      await usage(users.providerAdmin, {
        from: dayOf(Date.now() - 30 * DAY_MS),
        to: dayOf(Date.now() - 20 * DAY_MS),
      }),
    );
    expect(before).toMatchObject({ activeUsers: 0, pageViews: 0, events: 0, screens: [] });
    expect(before.days).toHaveLength(11);
  });

  it("keeps the browser's time when recent and its own otherwise", async () => {
    const { users } = fleet;
    const recent = new Date(Date.now() - 5_000).toISOString();
    const future = new Date(Date.now() + DAY_MS).toISOString();
    await track(users.technician, [
      { kind: 'page', name: '/user/recent', at: recent },
      { kind: 'page', name: '/user/future', at: future },
    ]);
    const rows = await server.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, users.technician.userId));
    expect(rows.find((row) => row.name === '/user/recent')?.occurredAt.toISOString()).toBe(recent);
    expect(rows.find((row) => row.name === '/user/future')?.occurredAt.getTime()).toBeLessThan(
      Date.now() + 1000,
    );
  });

  it('refuses oversized batches and properties, and unknown kinds, naming the field', async () => {
    const { users } = fleet;
    const page = { kind: 'page', name: '/user/tickets' };
    const tooMany = await track(
      users.adminA,
      Array.from({ length: ANALYTICS_BATCH_MAX + 1 }, () => page),
    );
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany).details?.[0]?.field).toBe('body.items');
    const big = await track(users.adminA, [
      {
        kind: 'event',
        name: 'x',
        properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v'.repeat(100)])),
      },
    ]);
    expect(big.status).toBe(400);
    expect((await track(users.adminA, [{ kind: 'click', name: 'x' }])).status).toBe(400);
    expect((await track(users.adminA, [])).status).toBe(400);
  });

  it('shows usage to provider administrators only', async () => {
    const { users } = fleet;
    for (const user of [users.adminA, users.operatorA, users.adminB, users.technician]) {
      const answer = await usage(user, { from: today, to: today });
      expect(answer.status).toBe(403);
      expect(errorOf(answer).message).toBe('You need the analytics:read permission to do this.');
    }
    expect((await api(users.adminA, 'POST', '/clientErrors.list', { from: today })).status).toBe(403);
  });

  it('refuses a range that ends before it starts or is longer than a year', async () => {
    const { users } = fleet;
    const backwards = await usage(users.providerAdmin, { from: today, to: yesterday });
    expect(backwards.status).toBe(400);
    expect(errorOf(backwards).details?.[0]?.field).toBe('body.to');
    const long = await usage(users.providerAdmin, { from: dayOf(Date.now() - 400 * DAY_MS), to: today });
    expect(long.status).toBe(400);
  });

  it('deletes events older than 400 days and keeps the rest', async () => {
    const { users, companyA } = fleet;
    const stamp = {
      userId: users.adminA.userId,
      companyId: companyA.companyId,
      kind: 'page',
      name: '/user/old',
    };
    await server.database.db.insert(analyticsEvents).values([
      { ...stamp, occurredAt: new Date(Date.now() - 401 * DAY_MS) },
      { ...stamp, occurredAt: new Date(Date.now() - 399 * DAY_MS) },
    ]);
    expect(await expireAnalytics(server.database.db, () => new Date())).toBe(1);
    const left = await server.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, '/user/old'));
    expect(left).toHaveLength(1);
  });
});
