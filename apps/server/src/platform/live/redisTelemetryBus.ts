import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { overrideTypeSchema } from '@kelvin/contract';
import {
  createInProcessTelemetryBus,
  type IngestedValue,
  type IngestedValuesListener,
  type TelemetryBus,
} from '../events/telemetryBus.ts';
import { closeRedis, consoleLogger, openRedis, type LiveLogger } from './redisConnection.ts';

export const DEFAULT_TELEMETRY_CHANNEL = 'kelvin:telemetry:ingested';

const ingestedValueSchema = z.object({
  assetId: z.number().int(),
  metricId: z.number().int(),
  value: z.union([z.number(), z.string(), z.boolean()]).nullable(),
  timestamp: z.number(),
  status: z.number().int(),
  units: z.string().nullable(),
  overrideType: overrideTypeSchema.optional(),
});
const messageSchema = z.object({ origin: z.string(), values: z.array(ingestedValueSchema) });

export interface RedisTelemetryBusOptions {
  url: string;
  logger?: LiveLogger;
  /** Separate deployments (or test runs) sharing one Redis use separate channels. */
  channel?: string;
}

/**
 * A TelemetryBus that reaches every server process: each published batch goes to this process's listeners at
 * once (as the in-process bus does, so a Redis hiccup never delays or loses the local last-value table) and
 * to the other processes through one Redis pub/sub message per batch. A process ignores its own messages.
 *
 * Pub/sub is fire-and-forget: a process that is disconnected from Redis misses what was published meanwhile.
 * That is acceptable for last values (the next reading of each metric repairs them, every 10 s for a live
 * unit), not for anything that must be complete; durable data goes through the time-series store.
 */
export async function createRedisTelemetryBus(options: RedisTelemetryBusOptions): Promise<TelemetryBus> {
  const channel = options.channel ?? DEFAULT_TELEMETRY_CHANNEL;
  const logger = options.logger ?? consoleLogger;
  const origin = randomUUID();
  const listeners = new Set<IngestedValuesListener>();
  const deliver = (values: readonly IngestedValue[]) => {
    for (const listener of listeners) listener(values);
  };

  const publisher = await openRedis(options.url, logger, 'telemetry publisher');
  let subscriber;
  try {
    subscriber = await openRedis(options.url, logger, 'telemetry subscriber');
  } catch (error) {
    await closeRedis(publisher);
    throw error;
  }
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message;
    try {
      message = messageSchema.parse(JSON.parse(text));
    } catch (error) {
      logger.warn({ err: error, channel }, 'ignored a malformed telemetry message');
      return;
    }
    if (message.origin === origin || message.values.length === 0) return;
    deliver(message.values);
  });
  await subscriber.subscribe(channel);

  let closed = false;
  return {
    publish(values) {
      if (values.length === 0 || closed) return;
      queueMicrotask(() => deliver(values));
      publisher.publish(channel, JSON.stringify({ origin, values })).catch((error: unknown) => {
        logger.error({ err: error, channel, count: values.length }, 'telemetry not shared over Redis');
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await Promise.all([closeRedis(subscriber), closeRedis(publisher)]);
    },
  };
}

/** The bus for this configuration: shared over Redis when REDIS_URL is set, in-process otherwise. */
export async function openTelemetryBus(options: {
  redisUrl: string | undefined;
  logger?: LiveLogger;
  channel?: string;
}): Promise<TelemetryBus> {
  if (!options.redisUrl) return createInProcessTelemetryBus();
  return createRedisTelemetryBus({
    url: options.redisUrl,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.channel === undefined ? {} : { channel: options.channel }),
  });
}
