import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsEndpoints } from '@kelvin/contract';
import { companyWebhooks, webhookDeliveries } from '../../platform/db/problemsSchema.ts';
import { isSealed } from '../../platform/secrets/secretBox.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { buildProblemsFleet, type ProblemsFleet } from '../problems/problemsTestFixture.ts';
import { noticeOf, RECEIVER_ALLOW_NETWORKS, startReceiver } from './notificationsTestFixture.ts';
import { DELIVERY_ERRORS } from './webhookDelivery.ts';
import { sealedSecretColumns, signBody, WEBHOOK_SECRET_PURPOSE } from './webhookSecrets.ts';

const created = notificationsEndpoints.webhooksCreate.output;
const listed = notificationsEndpoints.webhooksList.output;
const delivery = notificationsEndpoints.webhooksTest.output;
const deliveries = notificationsEndpoints.webhookDeliveriesList.output;
const NOT_ALLOWED = DELIVERY_ERRORS['address-not-allowed'];

/** A URL of each class of address the server must not call for a tenant (ipaddr.js's range names). */
const REFUSED_URLS: [string, string][] = [
  ['loopback', 'https://127.0.0.1/hook'],
  ['loopback by name (localhost)', 'http://localhost:9000/hook'],
  ['loopback IPv6', 'https://[::1]/hook'],
  ['loopback as a decimal number', 'https://2130706433/hook'],
  ['private 10/8', 'https://10.0.0.5/hook'],
  ['private 172.16/12', 'https://172.20.1.1/hook'],
  ['private 192.168/16', 'https://192.168.0.10/hook'],
  ['carrierGradeNat', 'https://100.64.1.1/hook'],
  ['linkLocal (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
  ['linkLocal IPv6', 'https://[fe80::1]/hook'],
  ['uniqueLocal', 'https://[fd00::1]/hook'],
  ['multicast', 'https://224.0.0.1/hook'],
  ['unspecified', 'https://0.0.0.0/hook'],
  ['reserved', 'https://240.0.0.1/hook'],
  ['broadcast', 'https://255.255.255.255/hook'],
  ['ipv4Mapped loopback', 'https://[::ffff:127.0.0.1]/hook'],
  ['ipv4Mapped private', 'https://[::ffff:10.0.0.5]/hook'],
  ['ipv4Mapped linkLocal', 'https://[::ffff:169.254.169.254]/hook'],
];

describe('company webhooks never reach the server’s own network', () => {
  let server: TestServer;
  let world: ProblemsFleet;
  let api: ReturnType<typeof apiAs>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // No KELVIN_WEBHOOK_ALLOW_NETWORKS: only the public internet.
    server = await startTestServer();
    world = await buildProblemsFleet(server.database.db);
    api = apiAs(server);
    receiver = await startReceiver({ secret: () => 'whsec_receiver' });
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
  });

  const a = () => world.fleet.companyA.companyId;
  const hookBody = (url: string) => ({ companyId: a(), name: 'Probe', url, levels: ['CRITICAL'] });
  /** A webhook stored with a URL the calls would refuse: saved before a DNS change, or before this rule. */
  async function storedHook(url: string) {
    const [row] = await server.database.db
      .insert(companyWebhooks)
      .values({
        ...hookBody(url),
        ...sealedSecretColumns(server.secrets, 'whsec_receiver'),
        createdBy: world.users.adminA.userId,
      })
      .returning();
    if (!row) throw new Error('no webhook');
    return row;
  }

  it.each(REFUSED_URLS)('refuses to create one to %s, naming url', async (_what, url) => {
    const answer = await api(world.users.adminA, 'POST', '/webhooks.create', hookBody(url));
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({
      message: NOT_ALLOWED,
      details: [{ field: 'body.url', message: NOT_ALLOWED }],
    });
  });

  it('created none of them, and keeps a public URL', async () => {
    expect(
      listed.parse((await api(world.users.adminA, 'POST', '/webhooks.list', { companyId: a() })).body),
    ).toEqual([]);
    // hooks.example never resolves: kept, and resolved again at each delivery.
    expect(
      (await api(world.users.adminA, 'POST', '/webhooks.create', hookBody('https://hooks.example/x'))).status,
    ).toBe(200);
  });

  it('refuses to change one to a private address, leaving it as it was', async () => {
    const { webhook } = created.parse(
      (await api(world.users.adminA, 'POST', '/webhooks.create', hookBody('https://hooks.example/before')))
        .body,
    );
    for (const url of [
      'https://10.1.2.3/hook',
      'http://localhost:5432/',
      'https://[::ffff:192.168.1.1]/',
    ] as const) {
      const answer = await api(world.users.adminA, 'POST', '/webhooks.update', {
        webhookId: webhook.webhookId,
        url,
      });
      expect(answer.status).toBe(400);
      expect(errorOf(answer).details).toEqual([{ field: 'body.url', message: NOT_ALLOWED }]);
    }
    const [row] = await server.database.db
      .select()
      .from(companyWebhooks)
      .where(eq(companyWebhooks.webhookId, webhook.webhookId));
    expect(row?.url).toBe('https://hooks.example/before');
  });

  it('refuses to test one that points at a listener here: nothing is sent, queued, or told of it', async () => {
    const hook = await storedHook(receiver.url);
    const answer = await api(world.users.adminA, 'POST', '/webhooks.test', { webhookId: hook.webhookId });
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({
      message: NOT_ALLOWED,
      details: [{ field: 'url', message: NOT_ALLOWED }],
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/Answered|ECONN|127\.0\.0\.1/);
    expect(
      await server.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, hook.webhookId)),
    ).toEqual([]);
    expect(receiver.calls).toEqual([]);
  });

  it('refuses every delivery to it: the log says "address not allowed" and nothing of what answers there', async () => {
    const hook = await storedHook(receiver.url);
    await server.notifier.notify([
      await noticeOf(server.database.db, world.problems.supplyAirA1.detectedProblemId, 'OPENED'),
    ]);
    await server.webhookSender.drain();
    expect(receiver.calls).toEqual([]);
    const page = deliveries.parse(
      (await api(world.users.adminA, 'POST', '/webhookDeliveries.list', { webhookId: hook.webhookId })).body,
    );
    expect(page.content).toEqual([
      expect.objectContaining({
        kind: 'OPENED',
        status: 'PENDING',
        lastStatusCode: null,
        lastError: NOT_ALLOWED,
        attempts: [expect.objectContaining({ statusCode: null, error: NOT_ALLOWED })],
      }),
    ]);
  });
});

describe('company webhook secrets: encrypted at rest, rotated with a grace period', () => {
  let server: TestServer;
  let world: ProblemsFleet;
  let api: ReturnType<typeof apiAs>;
  let receiverSecret = '';
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // The tests' receiver listens on 127.0.0.1: admitted only through the server's allow list.
    server = await startTestServer({ env: { KELVIN_WEBHOOK_ALLOW_NETWORKS: RECEIVER_ALLOW_NETWORKS } });
    world = await buildProblemsFleet(server.database.db);
    api = apiAs(server);
    receiver = await startReceiver({ secret: () => receiverSecret });
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
  });

  const storedRow = async (webhookId: number) => {
    const [row] = await server.database.db
      .select()
      .from(companyWebhooks)
      .where(eq(companyWebhooks.webhookId, webhookId));
    if (!row) throw new Error(`no webhook ${webhookId}`);
    return row;
  };
  const testOnce = async (webhookId: number) =>
    delivery.parse((await api(world.users.adminA, 'POST', '/webhooks.test', { webhookId })).body);

  it('keeps the secret encrypted: the database holds no plaintext, the hint is kept beside it', async () => {
    const result = created.parse(
      (
        await api(world.users.adminA, 'POST', '/webhooks.create', {
          companyId: world.fleet.companyA.companyId,
          name: 'Pager',
          url: receiver.url,
          levels: ['CRITICAL'],
        })
      ).body,
    );
    const secret = result.secret ?? '';
    const row = await storedRow(result.webhook.webhookId);
    expect(isSealed(row.secret)).toBe(true);
    expect(row.secret).not.toContain(secret);
    expect(row.secret).not.toContain(secret.slice(6));
    expect(server.secrets.open(row.secret, WEBHOOK_SECRET_PURPOSE)).toBe(secret);
    expect(result.webhook.secretHint).toBe(`${secret.slice(0, 6)}…${secret.slice(-4)}`);
    expect(result.webhook.previousSecretExpiresAt).toBeNull();
  });

  it('signs with the new and the old secret for 24 hours after a rotation, then with the new one only', async () => {
    const [hook] = listed.parse(
      (await api(world.users.adminA, 'POST', '/webhooks.list', { companyId: world.fleet.companyA.companyId }))
        .body,
    );
    const webhookId = hook?.webhookId ?? 0;
    const oldSecret = server.secrets.open((await storedRow(webhookId)).secret, WEBHOOK_SECRET_PURPOSE);
    const before = Date.now();
    const rotated = created.parse(
      (await api(world.users.adminA, 'POST', '/webhooks.update', { webhookId, rotateSecret: true })).body,
    );
    const newSecret = rotated.secret ?? '';
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    const until = Date.parse(rotated.webhook.previousSecretExpiresAt ?? '');
    expect(until - before).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    const row = await storedRow(webhookId);
    expect(row.previousSecret).not.toContain(oldSecret);
    expect(server.secrets.open(row.previousSecret ?? '', WEBHOOK_SECRET_PURPOSE)).toBe(oldSecret);

    // A receiver still holding the old secret keeps accepting, meanwhile.
    receiverSecret = oldSecret;
    expect(await testOnce(webhookId)).toMatchObject({ status: 'DELIVERED', lastStatusCode: 200 });
    const during = receiver.calls.at(-1);
    expect(during?.signatures).toEqual([
      signBody(newSecret, during?.body ?? ''),
      signBody(oldSecret, during?.body ?? ''),
    ]);

    // The grace over (as 24 hours on): the old secret no longer signs, and the old receiver refuses.
    await server.database.db
      .update(companyWebhooks)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1) })
      .where(eq(companyWebhooks.webhookId, webhookId));
    expect(await testOnce(webhookId)).toMatchObject({ status: 'FAILED', lastStatusCode: 401 });
    const after = receiver.calls.at(-1);
    expect(after?.signatures).toEqual([signBody(newSecret, after?.body ?? '')]);
    const [listedAfter] = listed.parse(
      (await api(world.users.adminA, 'POST', '/webhooks.list', { companyId: world.fleet.companyA.companyId }))
        .body,
    );
    expect(listedAfter?.previousSecretExpiresAt).toBeNull();
    receiverSecret = newSecret;
    expect(await testOnce(webhookId)).toMatchObject({ status: 'DELIVERED' });
  });
});
