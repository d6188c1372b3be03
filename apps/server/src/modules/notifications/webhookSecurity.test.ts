import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { companyWebhooks } from '../../platform/db/problemsSchema.ts';
import { createOutboundPolicy } from '../../platform/outbound/addressPolicy.ts';
import { createSecretBox } from '../../platform/secrets/secretBox.ts';
import { freePort, openTestDatabase } from '../../testing/testServer.ts';
import { recordingLogger, startReceiver } from './notificationsTestFixture.ts';
import { DELIVERY_ERRORS } from './webhookDelivery.ts';
import { startWebhookSender } from './webhookSender.ts';
import {
  rotatedSecretColumns,
  SECRET_ROTATION_GRACE_MS,
  signBody,
  WEBHOOK_SECRET_PURPOSE,
} from './webhookSecrets.ts';
import { deliveryRow, queue, queueFor, SECRET, secrets, send } from './webhookTestKit.ts';

describe('webhook sender: where it may send, and with which secrets', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('refuses an address the allow list does not admit, telling nothing of what answers there', async () => {
    const receiver = await startReceiver({ secret: () => SECRET });
    // The server's own config without KELVIN_WEBHOOK_ALLOW_NETWORKS: loopback is not the public internet.
    const sender = startWebhookSender({
      outbound: createOutboundPolicy({ allowNetworks: [] }),
      secrets,
      db: database.db,
      logger: recordingLogger().logger,
      pollMs: 60_000,
    });
    try {
      const listening = await queue(database.db, receiver.url);
      const closed = await queue(database.db, `http://127.0.0.1:${await freePort()}/hook`);
      const named = await queue(database.db, `http://localhost:${await freePort()}/hook`);
      await sender.drain();
      expect(receiver.calls).toEqual([]);
      for (const { ids } of [listening, closed, named]) {
        const row = await deliveryRow(database.db, ids[0] ?? 0);
        // A listening port and a closed one read the same: no port scanner.
        expect(row).toMatchObject({
          status: 'PENDING',
          attemptCount: 1,
          lastStatusCode: null,
          lastError: 'Address not allowed: webhooks are sent to public internet addresses only',
        });
        expect(row.attempts).toEqual([
          expect.objectContaining({ statusCode: null, error: DELIVERY_ERRORS['address-not-allowed'] }),
        ]);
      }
    } finally {
      await sender.stop();
      await receiver.close();
    }
  });

  it('signs with the new and the old secret during the grace after a rotation, and with the new one after', async () => {
    const OLD = 'whsec_before-rotation';
    const NEW = 'whsec_after-rotation';
    let receiverSecret = OLD;
    const receiver = await startReceiver({ secret: () => receiverSecret });
    let clock = Date.parse('2025-06-04T08:00:00Z');
    const sender = startWebhookSender({
      ...send,
      db: database.db,
      logger: recordingLogger().logger,
      now: () => clock,
      pollMs: 60_000,
    });
    try {
      const first = await queue(database.db, receiver.url, 1, OLD);
      await database.db
        .update(companyWebhooks)
        .set(rotatedSecretColumns(secrets, first.hook, NEW, clock))
        .where(eq(companyWebhooks.webhookId, first.hook.webhookId));
      await sender.drain();
      // The receiver still holds the old secret and accepts: the old signature is there too, after the new one.
      const during = receiver.calls[0];
      expect(during?.signatures).toEqual([
        signBody(NEW, during?.body ?? ''),
        signBody(OLD, during?.body ?? ''),
      ]);
      expect(during?.signatureValid).toBe(true);
      expect(await deliveryRow(database.db, first.ids[0] ?? 0)).toMatchObject({ status: 'DELIVERED' });

      // One millisecond before the grace ends both still sign; once it has ended only the new one does.
      await queueFor(database.db, first.hook.webhookId);
      clock += SECRET_ROTATION_GRACE_MS - 1;
      await sender.drain();
      expect(receiver.calls[1]?.signatures).toHaveLength(2);
      const late = await queueFor(database.db, first.hook.webhookId);
      clock += 1;
      await sender.drain();
      const after = receiver.calls[2];
      expect(after?.signatures).toEqual([signBody(NEW, after?.body ?? '')]);
      expect(after?.signatureValid).toBe(false);
      expect(await deliveryRow(database.db, late)).toMatchObject({ lastStatusCode: 401 });
      receiverSecret = NEW;
      const next = await queueFor(database.db, first.hook.webhookId);
      await sender.drain();
      expect(await deliveryRow(database.db, next)).toMatchObject({ status: 'DELIVERED' });
    } finally {
      await sender.stop();
      await receiver.close();
    }
  });

  it('sends nothing when the stored secret does not decrypt (another key, or plaintext)', async () => {
    const receiver = await startReceiver({ secret: () => SECRET });
    const sender = startWebhookSender({
      ...send,
      db: database.db,
      logger: recordingLogger().logger,
      pollMs: 60_000,
    });
    try {
      const { hook, ids } = await queue(database.db, receiver.url);
      await database.db
        .update(companyWebhooks)
        .set({ secret: createSecretBox(randomBytes(32)).seal(SECRET, WEBHOOK_SECRET_PURPOSE) })
        .where(eq(companyWebhooks.webhookId, hook.webhookId));
      await sender.drain();
      expect(await deliveryRow(database.db, ids[0] ?? 0)).toMatchObject({
        lastStatusCode: null,
        lastError: DELIVERY_ERRORS.secret,
      });
      expect(receiver.calls).toEqual([]);
    } finally {
      await sender.stop();
      await receiver.close();
    }
  });
});
