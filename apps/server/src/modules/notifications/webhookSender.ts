import type { Db } from '../../platform/db/database.ts';
import { claimDueDeliveries, sendClaimed, type SendOptions } from './webhookDelivery.ts';

export interface SenderLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WebhookSenderOptions extends SendOptions {
  db: Db;
  logger: SenderLogger;
  /** How often due deliveries (retries) are looked for when nothing wakes the sender. */
  pollMs?: number;
  /** Deliveries sent at once; each has its own timeout. */
  batchSize?: number;
  now?: () => number;
}

export interface WebhookSender {
  /** New deliveries were queued: send them now rather than at the next poll. */
  wake(): void;
  /** Sends everything due now, once a send under way has ended; what tests call. Answers how many it sent. */
  drain(): Promise<number>;
  /** Stops polling and waits for the sends under way. */
  stop(): Promise<void>;
}

const POLL_MS = 5_000;
const BATCH_SIZE = 10;

/**
 * The webhook outbox's sender: every process runs one, and the claim (FOR UPDATE SKIP LOCKED) shares the due
 * deliveries among them. Failures are logged on the delivery and in the log; the loop never stops on one.
 */
export function startWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { db, logger } = options;
  const now = options.now ?? Date.now;
  const pollMs = options.pollMs ?? POLL_MS;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  async function drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await claimDueDeliveries(db, now(), batchSize);
      if (claimed.length === 0) return sent;
      const results = await Promise.all(
        claimed.map((delivery) => sendClaimed(db, delivery, { ...options, now })),
      );
      results.forEach((result, index) => {
        const delivery = claimed[index];
        if (!result.ok && delivery)
          logger.warn(
            {
              deliveryId: delivery.deliveryId,
              statusCode: result.statusCode,
              error: result.error,
              detail: result.detail,
            },
            'webhook delivery attempt failed',
          );
      });
      sent += claimed.length;
      if (stopped) return sent;
    }
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    running = drain()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'webhook deliveries not sent');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          run();
        } else schedule();
      });
  }

  function schedule(): void {
    timer = setTimeout(run, pollMs);
    // The poll never keeps the process up.
    timer.unref();
  }

  schedule();
  return {
    wake: run,
    // After a send that a wake started: otherwise that one's claimed deliveries would still be on their way.
    drain: async () => {
      await running;
      return drain();
    },
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },
  };
}
