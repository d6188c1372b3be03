import type { LiveSubscribeAck, LiveTransport, LiveTransportHandlers } from './liveTransport.ts';

/** A transport driven by the test: it records what the subscriber sends and plays the server's part. */
export function fakeLiveTransport(options: { refuse?: (path: string) => string | undefined } = {}) {
  let handlers: LiveTransportHandlers | undefined;
  const subscribed: string[][] = [];
  const unsubscribed: string[][] = [];
  let opens = 0;
  let closed = false;
  const transport: LiveTransport = {
    open(given) {
      opens++;
      handlers = given;
      given.connecting();
    },
    subscribe(paths) {
      subscribed.push(paths);
      const ack: LiveSubscribeAck = { accepted: [], refused: [] };
      for (const path of paths) {
        const reason = options.refuse?.(path);
        if (reason === undefined) ack.accepted.push(path);
        else ack.refused.push({ path, reason });
      }
      return Promise.resolve(ack);
    },
    unsubscribe(paths) {
      unsubscribed.push(paths);
    },
    close() {
      closed = true;
    },
  };
  const server = () => {
    if (!handlers) throw new Error('The transport was not opened');
    return handlers;
  };
  return {
    transport,
    subscribed,
    unsubscribed,
    get opens() {
      return opens;
    },
    get closed() {
      return closed;
    },
    server,
    send(path: string, value: number | string | boolean | null, timestamp = 1_000) {
      const [assetId, metricId] = path.split('/').map(Number);
      server().update({
        path,
        assetId,
        metricId,
        value,
        timestamp,
        status: 0,
        units: null,
        overrideType: 'NONE',
      });
    },
    /** The server telling the user their notifications changed. */
    notify(unreadCount: number) {
      server().notificationsChanged({ unreadCount });
    },
  };
}
