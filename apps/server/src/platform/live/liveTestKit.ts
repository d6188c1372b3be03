import { Redis } from 'ioredis';
import { serviceAvailable } from '../../testing/serviceAvailable.ts';

export const TEST_REDIS_URL = process.env.KELVIN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the test Redis answers (see serviceAvailable: required in CI). */
export function redisAvailable(): Promise<boolean> {
  return serviceAvailable('Redis', TEST_REDIS_URL, async () => {
    const client = new Redis(TEST_REDIS_URL, {
      lazyConnect: true,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.ping();
      await client.quit();
    } finally {
      client.disconnect();
    }
  });
}

/** Resolves on the next turn of the event loop: after the bus's deferred delivery has run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Polls until `check` passes or the time is up; for what crosses Redis, whose delivery time is not ours. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
