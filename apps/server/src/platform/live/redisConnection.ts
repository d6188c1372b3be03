import { Redis } from 'ioredis';

/**
 * What the live pieces log through. Fastify's logger fits; the bus is created before the Fastify app (routes
 * that publish need it), so it can also log to the console.
 */
export interface LiveLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const consoleLogger: LiveLogger = {
  info: (details, message) => console.info(message, details),
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};

/**
 * Opens one Redis connection and waits until it is ready. Startup fails fast with a message naming the URL
 * instead of queueing commands forever against a Redis that is not there; after startup ioredis reconnects
 * on its own and the error listener keeps a dropped connection from crashing the process.
 */
export async function openRedis(url: string, logger: LiveLogger, role: string): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: 3 });
  client.on('error', (error: unknown) => logger.warn({ err: error, role }, 'Redis connection error'));
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`Redis is not reachable at ${redactUrl(url)} (${role})`, { cause: error });
  }
  return client;
}

/** Closes politely, and gives up on a connection that is down rather than waiting for it. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Fall through: a failed QUIT still has to release the socket.
    }
  }
  client.disconnect();
}

/** Connection strings may carry a password; logs and errors show the host only. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.username = '';
    return parsed.toString();
  } catch {
    return 'redis://<unparseable url>';
  }
}
