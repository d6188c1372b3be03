import { createServer as createNetServer } from 'node:net';

/**
 * Ports handed out below Linux's ephemeral range (32768-60999 by default). A port the system picks from that range
 * can be taken by any outgoing connection (to PostgreSQL, ClickHouse, Redis) before the caller listens on it: CI saw
 * a test server's port taken so ("EADDRINUSE 127.0.0.1:44173"). No outgoing connection takes a port below it.
 */
const FIRST_PORT = 20_000;
const PORTS = 12_000;
const ATTEMPTS = 50;

/** Whether nothing listens on `port` of 127.0.0.1 right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A TCP port free on 127.0.0.1 right now, outside the ephemeral range: for a server or proxy about to listen on it. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = FIRST_PORT + Math.floor(Math.random() * PORTS);
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port between ${FIRST_PORT} and ${FIRST_PORT + PORTS} after ${ATTEMPTS} tries`);
}
