import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsEndpoints, webhookPayloadSchema } from '@kelvin/contract';
import { companyWebhooks, webhookDeliveries } from '../../platform/db/problemsSchema.ts';
import { events } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { buildProblemsFleet, type ProblemsFleet } from '../problems/problemsTestFixture.ts';
import { noticeOf, RECEIVER_ALLOW_NETWORKS, startReceiver } from './notificationsTestFixture.ts';

const created = notificationsEndpoints.webhooksCreate.output;
const listed = notificationsEndpoints.webhooksList.output;
const delivery = notificationsEndpoints.webhooksTest.output;
const deliveries = notificationsEndpoints.webhookDeliveriesList.output;

describe('company webhooks over HTTP', () => {
  let server: TestServer;
  let world: ProblemsFleet;
  let api: ReturnType<typeof apiAs>;
  let secret = '';
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // The receiver listens on 127.0.0.1: admitted only through the server's allow list, as an on-premise one.
    server = await startTestServer({ env: { KELVIN_WEBHOOK_ALLOW_NETWORKS: RECEIVER_ALLOW_NETWORKS } });
    world = await buildProblemsFleet(server.database.db);
    api = apiAs(server);
    receiver = await startReceiver({ secret: () => secret, answer: (call) => (call === 2 ? 500 : 200) });
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
  });

  const a = () => world.fleet.companyA.companyId;
  const b = () => world.fleet.companyB.companyId;
  const hookBody = (overrides: object = {}) => ({
    companyId: a(),
    name: 'Pager',
    url: receiver.url,
    levels: ['WARNING', 'CRITICAL'],
    ...overrides,
  });
  const webhookEvents = (companyId: number) =>
    server.database.db
      .select()
      .from(events)
      .where(and(eq(events.subjectId, String(companyId)), like(events.name, 'webhooks.%')))
      .orderBy(events.eventId);

  it('adds a webhook and answers its secret once; lists show only a hint', async () => {
    const { users } = world;
    const answer = await api(users.adminA, 'POST', '/webhooks.create', hookBody());
    expect(answer.status).toBe(200);
    const result = created.parse(answer.body);
    secret = result.secret ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(result.webhook).toMatchObject({
      companyId: a(),
      name: 'Pager',
      url: receiver.url,
      enabled: true,
      levels: ['CRITICAL', 'WARNING'],
      createdBy: { userId: users.adminA.userId, name: 'Ada Alpha' },
      lastDelivery: null,
    });
    const list = listed.parse((await api(users.adminA, 'POST', '/webhooks.list', { companyId: a() })).body);
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(list[0]?.secretHint).toBe(`${secret.slice(0, 6)}…${secret.slice(-4)}`);
    const [event] = await webhookEvents(a());
    expect(event).toMatchObject({
      name: 'webhooks.create',
      actorUserId: users.adminA.userId,
      subjectType: 'company',
    });
    expect(JSON.stringify(event?.data)).not.toContain(secret);
  });

  it('sends a signed test now, once, and lists it with the problems’ deliveries', async () => {
    const { users, problems } = world;
    const [hook] = listed.parse((await api(users.adminA, 'POST', '/webhooks.list', { companyId: a() })).body);
    const webhookId = hook?.webhookId ?? 0;
    const tested = delivery.parse((await api(users.adminA, 'POST', '/webhooks.test', { webhookId })).body);
    expect(tested).toMatchObject({ kind: 'TEST', status: 'DELIVERED', attemptCount: 1, lastStatusCode: 200 });
    expect(receiver.calls[0]?.signatureValid).toBe(true);
    expect(webhookPayloadSchema.parse(JSON.parse(receiver.calls[0]?.body ?? '')).event).toBe('webhook.test');

    // A failed test is not retried.
    const failed = delivery.parse((await api(users.adminA, 'POST', '/webhooks.test', { webhookId })).body);
    expect(failed).toMatchObject({
      status: 'FAILED',
      attemptCount: 1,
      lastStatusCode: 500,
      nextAttemptAt: null,
    });

    await server.notifier.notify([
      await noticeOf(server.database.db, problems.supplyAirA1.detectedProblemId, 'OPENED'),
    ]);
    await server.webhookSender.drain();
    const page = deliveries.parse(
      (await api(users.adminA, 'POST', '/webhookDeliveries.list', { webhookId })).body,
    );
    expect(page.content.map((row) => [row.kind, row.status])).toEqual([
      ['OPENED', 'DELIVERED'],
      ['TEST', 'FAILED'],
      ['TEST', 'DELIVERED'],
    ]);
    expect(page.content[0]?.attempts).toEqual([expect.objectContaining({ statusCode: 200, error: null })]);
    const failedOnly = deliveries.parse(
      (
        await api(users.adminA, 'POST', '/webhookDeliveries.list', {
          webhookId,
          statuses: ['FAILED'],
          pageableQuery: { type: 'PAGED', pageSize: 1, pageNumber: 0 },
        })
      ).body,
    );
    expect(failedOnly.pageable.totalSize).toBe(1);
    const again = listed.parse((await api(users.adminA, 'POST', '/webhooks.list', { companyId: a() })).body);
    expect(again[0]?.lastDelivery?.status).toBe('DELIVERED');
  });

  it('changes, replaces the secret of and deletes a webhook, audited', async () => {
    const { users } = world;
    const result = created.parse(
      (
        await api(
          users.providerAdmin,
          'POST',
          '/webhooks.create',
          hookBody({ name: 'Ticketing', levels: ['INFO'] }),
        )
      ).body,
    );
    const webhookId = result.webhook.webhookId;
    const changed = created.parse(
      (await api(users.adminA, 'POST', '/webhooks.update', { webhookId, enabled: false, name: 'Tickets' }))
        .body,
    );
    expect(changed.secret).toBeNull();
    expect(changed.webhook).toMatchObject({ enabled: false, name: 'Tickets', levels: ['INFO'] });
    const rotated = created.parse(
      (await api(users.adminA, 'POST', '/webhooks.update', { webhookId, rotateSecret: true })).body,
    );
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(result.secret);

    await api(users.adminA, 'POST', '/webhooks.test', { webhookId });
    expect((await api(users.adminA, 'POST', '/webhooks.delete', { webhookId })).body).toEqual({ ok: true });
    expect(
      await server.database.db.select().from(companyWebhooks).where(eq(companyWebhooks.webhookId, webhookId)),
    ).toEqual([]);
    expect(
      await server.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId)),
    ).toEqual([]);
    expect((await webhookEvents(a())).map((event) => event.name)).toEqual([
      'webhooks.create',
      'webhooks.create',
      'webhooks.update',
      'webhooks.update',
      'webhooks.delete',
    ]);
    expect((await api(users.adminA, 'POST', '/webhooks.delete', { webhookId })).status).toBe(404);
  });

  it('refuses bad URLs and levels naming the field', async () => {
    const { users } = world;
    const create = (overrides: object) => api(users.adminA, 'POST', '/webhooks.create', hookBody(overrides));
    const refused = async (overrides: object, message: string) => {
      const answer = await create(overrides);
      expect(answer.status).toBe(400);
      expect(errorOf(answer).message).toContain(message);
    };
    await refused(
      { url: 'http://hooks.example/kelvin' },
      'The URL must start with https:// (http:// only for localhost)',
    );
    await refused({ url: 'ftp://hooks.example/kelvin' }, 'The URL must start with https://');
    await refused({ url: 'hooks.example/kelvin' }, 'Enter a full URL');
    await refused({ url: 'https://user:pass@hooks.example/' }, 'may not carry a user name or password');
    await refused({ url: `https://hooks.example/${'x'.repeat(2000)}` }, 'URL is at most 2000 characters');
    await refused({ levels: [] }, 'Choose at least one level');
    await refused({ levels: ['LOUD'] }, 'body.levels.0');
    await refused({ name: '  ' }, 'Name is required');
    expect((await create({ url: 'https://hooks.example/kelvin?team=ops' })).status).toBe(200);
    expect((await create({ url: 'http://127.0.0.1:9000/hook' })).status).toBe(200);
    expect(
      (await api(users.adminA, 'POST', '/webhooks.update', { webhookId: 1, url: 'http://x.example' })).status,
    ).toBe(400);
    expect((await api(users.adminA, 'POST', '/webhooks.test', { webhookId: 'one' })).status).toBe(400);
    expect((await api(users.adminA, 'POST', '/webhookDeliveries.list', {})).status).toBe(400);
  });

  it('keeps each company’s webhooks to those who manage its notifications', async () => {
    const { users } = world;
    const bravo = created.parse(
      (await api(users.adminB, 'POST', '/webhooks.create', hookBody({ companyId: b() }))).body,
    ).webhook.webhookId;
    const missing = `Webhook ${bravo} not found.`;
    for (const [path, body] of [
      ['/webhooks.update', { webhookId: bravo, enabled: false }],
      ['/webhooks.delete', { webhookId: bravo }],
      ['/webhooks.test', { webhookId: bravo }],
      ['/webhookDeliveries.list', { webhookId: bravo }],
    ] as const) {
      const answer = await api(users.adminA, 'POST', path, body);
      expect(answer.status).toBe(404);
      expect(errorOf(answer).message).toBe(missing);
    }
    expect((await api(users.adminA, 'POST', '/webhooks.list', { companyId: b() })).status).toBe(404);
    expect((await api(users.adminA, 'POST', '/webhooks.create', hookBody({ companyId: b() }))).status).toBe(
      404,
    );
    // Unchanged by the refusals.
    const [row] = await server.database.db
      .select()
      .from(companyWebhooks)
      .where(eq(companyWebhooks.webhookId, bravo));
    expect(row?.enabled).toBe(true);

    // Operators read problems but hold no notificationPreferences:manage.
    expect((await api(users.operatorA, 'POST', '/webhooks.list', { companyId: a() })).status).toBe(403);
    expect((await api(users.operatorA, 'POST', '/webhooks.create', hookBody())).status).toBe(403);
    expect((await api(users.operatorA, 'POST', '/webhooks.test', { webhookId: bravo })).status).toBe(403);
    expect((await api(users.noRolesA, 'POST', '/webhookDeliveries.list', { webhookId: bravo })).status).toBe(
      403,
    );
    // The provider's staff manage every company's.
    expect((await api(users.technician, 'POST', '/webhooks.list', { companyId: b() })).status).toBe(200);
  });
});

describe('company webhooks on a production server', () => {
  let server: TestServer;
  let world: ProblemsFleet;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_ORIGIN: 'https://console.kelvin.example' } });
    world = await buildProblemsFleet(server.database.db);
  });
  afterAll(() => server.close());

  it('takes https only: no plain http even to this machine', async () => {
    const api = apiAs(server);
    const body = { companyId: world.fleet.companyA.companyId, name: 'Local', levels: ['CRITICAL'] };
    const local = await api(world.users.adminA, 'POST', '/webhooks.create', {
      ...body,
      url: 'http://localhost:9000/x',
    });
    expect(local.status).toBe(400);
    expect(errorOf(local)).toMatchObject({
      message: 'The URL must start with https://',
      details: [{ field: 'body.url', message: 'The URL must start with https://' }],
    });
    const secure = await api(world.users.adminA, 'POST', '/webhooks.create', {
      ...body,
      url: 'https://hooks.example/x',
    });
    expect(secure.status).toBe(200);
  });
});
