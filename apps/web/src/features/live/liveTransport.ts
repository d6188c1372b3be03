import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import {
  LIVE_NAMESPACE,
  LIVE_SOCKET_PATH,
  LIVE_UPDATES_EVENT,
  liveSubscribeAckSchema,
} from '@kelvin/contract';

export type LiveSubscribeAck = z.infer<typeof liveSubscribeAckSchema>;

/** What a transport reports to the subscriber. */
export interface LiveTransportHandlers {
  connecting(): void;
  connected(): void;
  reconnecting(): void;
  disconnected(reason: string): void;
  /** A refused or failed connection; `code` is the server's (UNAUTHORIZED for a refused token). */
  connectError(error: { message: string; code: string | undefined }): void;
  update(payload: unknown): void;
  /** The server says the signed-in user's notifications changed (notificationsChangedSignalSchema). */
  notificationsChanged(payload: unknown): void;
}

/** The subscriber's view of a connection; socket.io in the browser, a fake in tests. */
export interface LiveTransport {
  open(handlers: LiveTransportHandlers): void;
  subscribe(paths: string[]): Promise<LiveSubscribeAck>;
  unsubscribe(paths: string[]): void;
  close(): void;
}

export interface SocketIoTransportOptions {
  /** The session's current ID token, read at every (re)connection so that a renewed token is used. */
  getToken: () => string | undefined;
  /** Defaults to the page's origin: the console and the live endpoint are served together. */
  origin?: string;
  /** Delays of the retries after a refused handshake, which socket.io itself does not retry. */
  retryDelaysMs?: readonly number[];
}

const errorDataSchema = z.object({ code: z.string() });
const ACK_TIMEOUT_MS = 10_000;

/**
 * socket.io-client behind LiveTransport. socket.io reconnects by itself after network failures; two cases it
 * leaves to us are handled here: the server ending the connection when the token expires ('io server
 * disconnect'), and a refused handshake (a token that expired while the tab slept), both retried with the
 * token read afresh, since the session renews it in the background.
 */
export function socketIoTransport(options: SocketIoTransportOptions): LiveTransport {
  const retryDelays = options.retryDelaysMs ?? [1_000, 5_000, 15_000, 60_000];
  let socket: Socket | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  function retryLater(handlers: LiveTransportHandlers) {
    if (retryTimer !== undefined || !socket) return;
    const delay = retryDelays[Math.min(failures, retryDelays.length - 1)] ?? 60_000;
    failures++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (!socket) return;
      handlers.reconnecting();
      socket.connect();
    }, delay);
  }

  return {
    open(handlers) {
      if (socket) return;
      const origin = options.origin ?? window.location.origin;
      socket = io(`${origin}${LIVE_NAMESPACE}`, {
        path: LIVE_SOCKET_PATH,
        autoConnect: false,
        auth: (callback) => callback({ token: options.getToken() ?? '' }),
      });
      socket.on('connect', () => {
        failures = 0;
        handlers.connected();
      });
      socket.on('disconnect', (reason) => {
        handlers.disconnected(reason);
        if (reason === 'io server disconnect') retryLater(handlers);
      });
      socket.on('connect_error', (error) => {
        const data = errorDataSchema.safeParse(error.data);
        handlers.connectError({ message: error.message, code: data.success ? data.data.code : undefined });
        // Inactive: the server refused the handshake and socket.io will not try again on its own.
        if (socket && !socket.active) retryLater(handlers);
      });
      socket.io.on('reconnect_attempt', () => handlers.reconnecting());
      socket.on(LIVE_UPDATES_EVENT, (payload: unknown) => {
        // One message, many paths' values: handed on one at a time (anything else is handed on to be refused).
        const updates: readonly unknown[] = Array.isArray(payload) ? payload : [payload];
        for (const update of updates) handlers.update(update);
      });
      socket.on('notificationsChanged', (payload: unknown) => handlers.notificationsChanged(payload));
      handlers.connecting();
      socket.connect();
    },
    async subscribe(paths) {
      if (!socket) return { accepted: [], refused: [] };
      const answer: unknown = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('subscribe', { paths });
      return liveSubscribeAckSchema.parse(answer);
    },
    unsubscribe(paths) {
      socket?.emit('unsubscribe', { paths });
    },
    close() {
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      retryTimer = undefined;
      socket?.removeAllListeners();
      socket?.io.removeAllListeners();
      socket?.disconnect();
      socket = undefined;
    },
  };
}
