import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import {
  LIVE_NAMESPACE,
  LIVE_SOCKET_PATH,
  liveSubscribeAckSchema,
  LIVE_UPDATES_EVENT,
  metricValueStateUpdatesSchema,
  type MetricValueStateUpdate,
} from '@kelvin/contract';

export interface TestLiveClient {
  socket: Socket;
  /** Every update received, in order. */
  updates: MetricValueStateUpdate[];
  subscribe(paths: unknown[]): Promise<z.infer<typeof liveSubscribeAckSchema>>;
  unsubscribe(paths: string[]): Promise<unknown>;
  close(): void;
}

const connectErrorSchema = z.object({ message: z.string(), data: z.unknown().optional() });

/** A socket.io-client connection as a browser makes it; rejects with the server's `connect_error`. */
export function connectLive(url: string, token: string | undefined): Promise<TestLiveClient> {
  const socket = io(`${url}${LIVE_NAMESPACE}`, {
    path: LIVE_SOCKET_PATH,
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const updates: MetricValueStateUpdate[] = [];
  socket.on(LIVE_UPDATES_EVENT, (payload: unknown) => {
    updates.push(...metricValueStateUpdatesSchema.parse(payload));
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () =>
      resolve({
        socket,
        updates,
        async subscribe(paths) {
          return liveSubscribeAckSchema.parse(await socket.timeout(5000).emitWithAck('subscribe', { paths }));
        },
        unsubscribe(paths) {
          return socket.timeout(5000).emitWithAck('unsubscribe', { paths });
        },
        close: () => socket.disconnect(),
      }),
    );
    socket.once('connect_error', (error: unknown) => {
      socket.disconnect();
      reject(new LiveRefused(connectErrorSchema.parse(error)));
    });
  });
}

export class LiveRefused extends Error {
  readonly data: unknown;
  constructor(error: z.infer<typeof connectErrorSchema>) {
    super(error.message);
    this.data = error.data;
  }
}

/** Resolves with the socket's disconnect reason. */
export function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}
