import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { companyWebhooks } from '../../platform/db/problemsSchema.ts';
import { freePort, openTestDatabase, postgresAvailable } from '../../testing/testServer.ts';
import { recordingLogger, startReceiver } from './notificationsTestFixture.ts';
import {
  claimDueDeliveries,
  CLAIM_LEASE_MS,
  DELIVERY_ERRORS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
} from './webhookDelivery.ts';
import { startWebhookSender } from './webhookSender.ts';
import { deliveryRow, queue, SECRET, send } from './webhookTestKit.ts';

describe('webhook sender', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('signs the raw body, retries with back-off and logs every attempt until delivered', async () => {
    const receiver = await startReceiver({ secret: () => SECRET, answer: (call) => (call <= 2 ? 503 : 204) });
    let clock = Date.parse('2025-06-01T08:00:00Z');
    const log = recordingLogger();
    const sender = startWebhookSender({
      ...send,
      db: database.db,
      logger: log.logger,
      now: () => clock,
      pollMs: 60_000,
    });
    try {
      const { ids } = await queue(database.db, receiver.url);
      const id = ids[0] ?? 0;

      expect(await sender.drain()).toBe(1);
      let row = await deliveryRow(database.db, id);
      expect(row).toMatchObject({ status: 'PENDING', attemptCount: 1, lastStatusCode: 503 });
      expect(row.lastError).toBe('Answered 503 Service Unavailable');
      expect(row.nextAttemptAt.getTime() - clock).toBe(RETRY_DELAYS_MS[0]);
      // Not due yet: nothing is sent.
      expect(await sender.drain()).toBe(0);

      clock += 30_000;
      expect(await sender.drain()).toBe(1);
      row = await deliveryRow(database.db, id);
      expect(row.nextAttemptAt.getTime() - clock).toBe(RETRY_DELAYS_MS[1]);

      clock += 120_000;
      await sender.drain();
      row = await deliveryRow(database.db, id);
      expect(row).toMatchObject({
        status: 'DELIVERED',
        attemptCount: 3,
        lastStatusCode: 204,
        lastError: null,
      });
      expect(row.deliveredAt?.getTime()).toBe(clock);
      expect(row.attempts).toEqual([
        expect.objectContaining({ statusCode: 503, error: 'Answered 503 Service Unavailable' }),
        expect.objectContaining({ statusCode: 503 }),
        expect.objectContaining({ statusCode: 204, error: null }),
      ]);

      // Every attempt carried the same bytes, the same delivery id and a signature the receiver could check.
      expect(receiver.calls).toHaveLength(3);
      expect(receiver.calls.every((call) => call.signatureValid)).toBe(true);
      expect(new Set(receiver.calls.map((call) => call.body)).size).toBe(1);
      expect(receiver.calls.map((call) => call.headers['x-kelvin-delivery'])).toEqual([
        `${id}`,
        `${id}`,
        `${id}`,
      ]);
      expect(receiver.calls[0]?.headers['content-type']).toBe('application/json');
      expect(JSON.parse(receiver.calls[0]?.body ?? '')).toMatchObject({ text: 'Zuluft über 27 °C' });
      expect(log.lines.filter((line) => line.message === 'webhook delivery attempt failed')).toHaveLength(2);
    } finally {
      await sender.stop();
      await receiver.close();
    }
  });

  it('gives up as FAILED after the last attempt; a wrong secret, a timeout or a refused connection all fail', async () => {
    // The receiver holds another secret: every call is refused with 401.
    const receiver = await startReceiver({ secret: () => 'whsec_other' });
    let clock = Date.parse('2025-06-02T08:00:00Z');
    const sender = startWebhookSender({
      ...send,
      db: database.db,
      logger: recordingLogger().logger,
      now: () => clock,
      pollMs: 60_000,
    });
    try {
      const { ids } = await queue(database.db, receiver.url);
      const id = ids[0] ?? 0;
      const waits: number[] = [];
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await sender.drain();
        const row = await deliveryRow(database.db, id);
        if (row.status === 'PENDING') waits.push(row.nextAttemptAt.getTime() - clock);
        clock = row.nextAttemptAt.getTime();
      }
      expect(waits).toEqual([...RETRY_DELAYS_MS]);
      const row = await deliveryRow(database.db, id);
      expect(row).toMatchObject({ status: 'FAILED', attemptCount: MAX_ATTEMPTS, lastStatusCode: 401 });
      clock += 86_400_000;
      expect(await sender.drain()).toBe(0);
    } finally {
      await sender.stop();
      await receiver.close();
    }

    const hanging = await startReceiver({ secret: () => SECRET, answer: () => 'hang' });
    const slow = startWebhookSender({
      ...send,
      db: database.db,
      logger: recordingLogger().logger,
      timeoutMs: 300,
      pollMs: 60_000,
    });
    try {
      const { ids } = await queue(database.db, hanging.url);
      await slow.drain();
      expect(await deliveryRow(database.db, ids[0] ?? 0)).toMatchObject({
        attemptCount: 1,
        lastStatusCode: null,
        lastError: 'No answer within 300 ms',
      });
    } finally {
      await slow.stop();
      await hanging.close();
    }

    const { ids } = await queue(database.db, `http://127.0.0.1:${await freePort()}/hook`);
    const refused = startWebhookSender({
      ...send,
      db: database.db,
      logger: recordingLogger().logger,
      pollMs: 60_000,
    });
    await refused.drain();
    await refused.stop();
    // Not 'ECONNREFUSED', nor any other code: what the server met there is its log's business, not the tenant's.
    expect((await deliveryRow(database.db, ids[0] ?? 0)).lastError).toBe(DELIVERY_ERRORS.failed);
  });

  it('loses nothing when a process dies mid-send: the claim lapses and the delivery is sent again', async () => {
    const receiver = await startReceiver({ secret: () => SECRET });
    const clock = Date.parse('2025-06-03T08:00:00Z');
    const { ids } = await queue(database.db, receiver.url);
    // A process claims it and dies before sending.
    expect((await claimDueDeliveries(database.db, clock, 100)).map((row) => row.deliveryId)).toContain(
      ids[0],
    );
    expect(await claimDueDeliveries(database.db, clock + 1000, 100)).toEqual([]);

    const sender = startWebhookSender({
      ...send,
      db: database.db,
      logger: recordingLogger().logger,
      now: () => clock + CLAIM_LEASE_MS,
      pollMs: 60_000,
    });
    try {
      await sender.drain();
      expect(await deliveryRow(database.db, ids[0] ?? 0)).toMatchObject({
        status: 'DELIVERED',
        attemptCount: 1,
      });
    } finally {
      await sender.stop();
      await receiver.close();
    }
  });

  it('sends what is queued at once when woken, and gives up a disabled webhook’s deliveries unsent', async () => {
    const receiver = await startReceiver({ secret: () => SECRET });
    const sender = startWebhookSender({
      ...send,
      db: database.db,
      logger: recordingLogger().logger,
      pollMs: 60_000,
    });
    try {
      const { ids } = await queue(database.db, receiver.url);
      sender.wake();
      await expect.poll(async () => (await deliveryRow(database.db, ids[0] ?? 0)).status).toBe('DELIVERED');

      const off = await queue(database.db, receiver.url);
      await database.db
        .update(companyWebhooks)
        .set({ enabled: false })
        .where(eq(companyWebhooks.webhookId, off.hook.webhookId));
      await sender.drain();
      expect(await deliveryRow(database.db, off.ids[0] ?? 0)).toMatchObject({
        status: 'FAILED',
        attemptCount: 0,
        lastError: 'The webhook was disabled before this was sent',
      });
      expect(receiver.calls).toHaveLength(1);
    } finally {
      await sender.stop();
      await receiver.close();
    }
  });
});

describe.runIf(await postgresAvailable())('webhook sender on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(() => database.close());

  it('shares due deliveries among several processes: each is sent once', async () => {
    const receiver = await startReceiver({ secret: () => SECRET });
    const logger = recordingLogger().logger;
    const senders = [1, 2, 3].map(() =>
      startWebhookSender({ ...send, db: database.db, logger, pollMs: 60_000, batchSize: 4 }),
    );
    try {
      const { ids } = await queue(database.db, receiver.url, 30);
      await Promise.all(senders.map((sender) => sender.drain()));
      const sent = receiver.calls.map((call) => Number(call.headers['x-kelvin-delivery']));
      expect(sent.sort((a, b) => a - b)).toEqual(ids);
      for (const id of ids)
        expect(await deliveryRow(database.db, id)).toMatchObject({ status: 'DELIVERED', attemptCount: 1 });
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
      await receiver.close();
    }
  });
});
