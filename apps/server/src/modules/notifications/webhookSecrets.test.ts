import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyWebhooks } from '../../platform/db/problemsSchema.ts';
import { createSecretBox, isSealed } from '../../platform/secrets/secretBox.ts';
import { openTimeSeriesStore } from '../../platform/timeseries/openTimeSeriesStore.ts';
import { buildCompany, buildUser } from '../../testing/factories.ts';
import { openTestDatabase, startTestServer } from '../../testing/testServer.ts';
import {
  rotatedSecretColumns,
  sealedSecretColumns,
  sealPlaintextWebhookSecrets,
  SECRET_ROTATION_GRACE_MS,
  signatureHeader,
  signBody,
  signingSecrets,
  WEBHOOK_SECRET_PURPOSE,
} from './webhookSecrets.ts';

const box = createSecretBox(randomBytes(32));

describe('webhook secrets', () => {
  it('signs with the current secret, and with the previous one until its grace ends', () => {
    const now = Date.parse('2025-06-01T08:00:00Z');
    const rotated = rotatedSecretColumns(box, sealedSecretColumns(box, 'whsec_old'), 'whsec_new', now);
    expect(SECRET_ROTATION_GRACE_MS).toBe(24 * 60 * 60 * 1000);
    expect(rotated.previousSecretExpiresAt.getTime()).toBe(now + SECRET_ROTATION_GRACE_MS);
    expect(rotated.secretHint).toBe('whsec_…_new');
    expect(signingSecrets(box, rotated, now)).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecrets(box, rotated, now + SECRET_ROTATION_GRACE_MS - 1)).toEqual([
      'whsec_new',
      'whsec_old',
    ]);
    expect(signingSecrets(box, rotated, now + SECRET_ROTATION_GRACE_MS)).toEqual(['whsec_new']);
    expect(
      signingSecrets(box, { ...rotated, previousSecret: null, previousSecretExpiresAt: null }, now),
    ).toEqual(['whsec_new']);
  });

  it('puts one sha256= signature per secret in the header, separated by a space', () => {
    const body = '{"event":"webhook.test"}';
    expect(signBody('whsec_a', body)).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signatureHeader(['whsec_a'], body)).toBe(signBody('whsec_a', body));
    expect(signatureHeader(['whsec_a', 'whsec_b'], body)).toBe(
      `${signBody('whsec_a', body)} ${signBody('whsec_b', body)}`,
    );
  });

  it('encrypts the plaintext secrets of before migration 0022 once, losing none', async () => {
    const database = await openTestDatabase();
    try {
      const { db } = database;
      const company = await buildCompany(db);
      const user = await buildUser(db, { companyId: company.companyId });
      const hook = (name: string, secret: string) => ({
        companyId: company.companyId,
        name,
        url: 'https://hooks.example/x',
        secret,
        levels: ['CRITICAL'],
        createdBy: user.userId,
      });
      const sealedAlready = sealedSecretColumns(box, 'whsec_sealed');
      await db
        .insert(companyWebhooks)
        .values([
          hook('one', 'whsec_plainOne'),
          hook('two', 'whsec_plainTwo'),
          { ...hook('three', ''), ...sealedAlready },
        ]);
      expect(await sealPlaintextWebhookSecrets(db, box)).toBe(2);
      const rows = await db.select().from(companyWebhooks).orderBy(companyWebhooks.name);
      expect(rows.every((row) => isSealed(row.secret))).toBe(true);
      expect(rows.map((row) => box.open(row.secret, WEBHOOK_SECRET_PURPOSE))).toEqual([
        'whsec_plainOne',
        'whsec_sealed',
        'whsec_plainTwo',
      ]);
      expect(rows.map((row) => row.secretHint)).toEqual(['whsec_…nOne', 'whsec_…aled', 'whsec_…nTwo']);
      // A second start finds nothing left to seal.
      expect(await sealPlaintextWebhookSecrets(db, box)).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('is what the server does when it starts on a database with plaintext secrets', async () => {
    const database = await openTestDatabase();
    const company = await buildCompany(database.db);
    const user = await buildUser(database.db, { companyId: company.companyId });
    const [row] = await database.db
      .insert(companyWebhooks)
      .values({
        companyId: company.companyId,
        name: 'From before',
        url: 'https://hooks.example/x',
        secret: 'whsec_fromBeforeEncryption',
        levels: ['CRITICAL'],
        createdBy: user.userId,
      })
      .returning();
    const server = await startTestServer({ stores: { database, timeseries: await openTimeSeriesStore({}) } });
    try {
      const [stored] = await database.db
        .select()
        .from(companyWebhooks)
        .where(eq(companyWebhooks.webhookId, row?.webhookId ?? 0));
      expect(stored?.secret).not.toContain('fromBeforeEncryption');
      expect(server.secrets.open(stored?.secret ?? '', WEBHOOK_SECRET_PURPOSE)).toBe(
        'whsec_fromBeforeEncryption',
      );
    } finally {
      await server.close();
    }
  });
});
