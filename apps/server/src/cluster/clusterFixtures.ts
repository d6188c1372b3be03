import { io, type Socket } from 'socket.io-client';
import {
  LIVE_NAMESPACE,
  LIVE_SOCKET_PATH,
  metricValueStateUpdateSchema,
  type MetricValueStateUpdate,
} from '@kelvin/contract';
import { sealedSecretColumns } from '../modules/notifications/webhookSecrets.ts';
import type { TelemetryFleet } from '../modules/telemetry/telemetryTestFixture.ts';
import type { Db } from '../platform/db/database.ts';
import { companyWebhooks, webhookDeliveries } from '../platform/db/problemsSchema.ts';
import { createSecretBox } from '../platform/secrets/secretBox.ts';

/**
 * A webhook of company A to `url`, its secret sealed with the cluster's key, and `count` test deliveries due now
 * (payload `{ n }`, 0 to count - 1); answers the deliveries' ids.
 */
export async function queueTestDeliveries(
  db: Db,
  fleet: TelemetryFleet,
  options: { url: string; secret: string; secretKey: Buffer; count: number },
): Promise<number[]> {
  const [hook] = await db
    .insert(companyWebhooks)
    .values({
      companyId: fleet.companyA.companyId,
      name: 'Pager',
      url: options.url,
      ...sealedSecretColumns(createSecretBox(options.secretKey), options.secret),
      levels: ['CRITICAL'],
      createdBy: fleet.users.adminA.userId,
    })
    .returning();
  if (!hook) throw new Error('no webhook');
  const rows = await db
    .insert(webhookDeliveries)
    .values(
      Array.from({ length: options.count }, (_, n) => ({
        webhookId: hook.webhookId,
        kind: 'TEST',
        payload: JSON.stringify({ event: 'webhook.test', n }),
        nextAttemptAt: new Date(0),
      })),
    )
    .returning();
  return rows.map((row) => row.deliveryId);
}

/**
 * A live connection on long polling only, keeping cookies as a browser does: every poll is a request of its own,
 * which reaches the process holding the session only through HAProxy's sticky cookie.
 */
export function pollingLiveClient(
  url: string,
  token: string,
): { socket: Socket; updates: MetricValueStateUpdate[] } {
  const socket = io(`${url}${LIVE_NAMESPACE}`, {
    path: LIVE_SOCKET_PATH,
    auth: { token },
    transports: ['polling'],
    withCredentials: true,
    reconnection: false,
    forceNew: true,
  });
  const updates: MetricValueStateUpdate[] = [];
  socket.on('metricValueStateUpdate', (payload: unknown) =>
    updates.push(metricValueStateUpdateSchema.parse(payload)),
  );
  return { socket, updates };
}
