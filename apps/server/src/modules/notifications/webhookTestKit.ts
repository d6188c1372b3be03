import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { companyWebhooks, webhookDeliveries } from '../../platform/db/problemsSchema.ts';
import { createOutboundPolicy } from '../../platform/outbound/addressPolicy.ts';
import { createSecretBox } from '../../platform/secrets/secretBox.ts';
import { buildCompany, buildUser } from '../../testing/factories.ts';
import { RECEIVER_ALLOW_NETWORKS } from './notificationsTestFixture.ts';
import { sealedSecretColumns } from './webhookSecrets.ts';

export const SECRET = 'whsec_sender-test';
export const secrets = createSecretBox(randomBytes(32));
/** How the server sends, its allow list admitting the tests' receivers on 127.0.0.1. */
export const send = { outbound: createOutboundPolicy({ allowNetworks: [RECEIVER_ALLOW_NETWORKS] }), secrets };

export async function queue(db: Database['db'], url: string, count = 1, secret = SECRET) {
  const company = await buildCompany(db);
  const user = await buildUser(db, { companyId: company.companyId });
  const [hook] = await db
    .insert(companyWebhooks)
    .values({
      companyId: company.companyId,
      name: 'Pager',
      url,
      ...sealedSecretColumns(secrets, secret),
      levels: ['CRITICAL'],
      createdBy: user.userId,
    })
    .returning();
  if (!hook) throw new Error('no webhook');
  const rows = await db
    .insert(webhookDeliveries)
    .values(
      Array.from({ length: count }, (_, index) => ({
        webhookId: hook.webhookId,
        kind: 'OPENED',
        payload: JSON.stringify({ event: 'problem.opened', n: index, text: 'Zuluft über 27 °C' }),
        nextAttemptAt: new Date(0),
      })),
    )
    .returning();
  return { hook, ids: rows.map((row) => row.deliveryId) };
}

export async function deliveryRow(db: Database['db'], deliveryId: number) {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.deliveryId, deliveryId));
  if (!row) throw new Error(`no delivery ${deliveryId}`);
  return row;
}

/** Queues one more delivery to a webhook, due now; answers its id. */
export async function queueFor(db: Database['db'], webhookId: number): Promise<number> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId,
      kind: 'TEST',
      payload: JSON.stringify({ event: 'webhook.test' }),
      nextAttemptAt: new Date(0),
    })
    .returning();
  if (!row) throw new Error('not queued');
  return row.deliveryId;
}
