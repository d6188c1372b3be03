import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import {
  LIVE_NAMESPACE,
  LIVE_SOCKET_PATH,
  LIVE_UPDATES_EVENT,
  livePath,
  liveUserRoom,
  MAX_UPDATES_PER_MESSAGE,
  type MetricValueStateUpdate,
  type NotificationsChangedSignal,
} from '@kelvin/contract';
import type { IngestedValue } from '../events/telemetryBus.ts';
import { LiveConnectionRefused, type LivePolicy, type LiveSession } from './livePolicy.ts';
import { MAX_PATHS_PER_CALL, MAX_PATHS_PER_SOCKET, parsePaths, REFUSAL } from './liveSubscriptions.ts';
import type { LastValueTable } from './lastValueTable.ts';
import { closeRedis, openRedis, type LiveLogger } from './redisConnection.ts';

export interface LiveSubscribeAck {
  accepted: string[];
  refused: { path: string; reason: string }[];
}

/** What clients send. Payloads are typed unknown on purpose: they are validated before use. */
interface ClientToServerEvents {
  subscribe: (payload: unknown, ack?: (answer: LiveSubscribeAck) => void) => void;
  unsubscribe: (payload: unknown, ack?: (answer: { removed: string[] }) => void) => void;
}
interface ServerToClientEvents {
  [LIVE_UPDATES_EVENT]: (updates: MetricValueStateUpdate[]) => void;
  notificationsChanged: (signal: NotificationsChangedSignal) => void;
}
// Nothing is kept in socket.data: with the Redis adapter it travels to other processes (fetchSockets), and a
// session holds a credential. Sessions stay in this process, keyed by socket.
type SocketData = Record<string, never>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface LiveDeps<S extends LiveSession> {
  /** Who may connect, and which paths they may subscribe to: a module's rules, handed in. */
  policy: LivePolicy<S>;
  /** Already fed by the telemetry bus (table.attach(bus)); the live server sends what it accepts. */
  table: LastValueTable;
  /** With a URL, the Socket.IO Redis adapter joins the server processes sharing it into one cluster. */
  redisUrl?: string | undefined;
  /** Redis key prefix of the adapter; separate deployments or test runs on one Redis use separate ones. */
  redisKey?: string;
  /** Defaults to the app's logger. */
  logger?: LiveLogger;
  /** How often a connection's sign-in is checked again (SESSION_CHECK_MS; shorter in tests). */
  sessionCheckMs?: number;
}

/** A connection's sign-in is checked again this often, so that signing out ends the connection soon after. */
const SESSION_CHECK_MS = 30_000;

export interface LiveServer {
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
  /**
   * Tells every connection of these users, on any process of the cluster, that their notifications changed
   * (the client refetches them). Sent through the adapter, unlike metric values: a notification is created by
   * one process only.
   */
  notifyUsers(userIds: readonly number[], signal: NotificationsChangedSignal): void;
  /** Call before the Fastify app closes: disconnects clients and releases Redis. */
  close(): Promise<void>;
}

const payloadSchema = z.object({ paths: z.array(z.unknown()) });
// setTimeout's limit; a token living longer than ~24 days is re-checked then.
const MAX_TIMER_MS = 2_147_483_647;

/** Sends updates to one connection in messages of at most MAX_UPDATES_PER_MESSAGE. */
function sendUpdates(socket: LiveSocket, updates: readonly MetricValueStateUpdate[]): void {
  for (let start = 0; start < updates.length; start += MAX_UPDATES_PER_MESSAGE) {
    socket.emit(LIVE_UPDATES_EVENT, updates.slice(start, start + MAX_UPDATES_PER_MESSAGE));
  }
}

function updateOf(value: IngestedValue, path: string): MetricValueStateUpdate {
  return {
    path,
    assetId: value.assetId,
    metricId: value.metricId,
    value: value.value,
    timestamp: value.timestamp,
    status: value.status,
    units: value.units,
    overrideType: value.overrideType ?? 'NONE',
  };
}

/**
 * Socket.IO on Fastify's HTTP server at LIVE_SOCKET_PATH, namespace LIVE_NAMESPACE. Engine.IO takes the requests
 * under its path and hands every other one to Fastify, so this can be attached after the app is ready and
 * before it listens.
 *
 * Fan-out: every process hears every accepted value (the telemetry bus shares them over Redis), so each
 * process emits only to its own sockets (`local`). Emitting through the Redis adapter as well would deliver
 * each value once per process and publish one Redis message per path and value instead of one per batch. The
 * adapter is still installed with Redis, so that rooms, `fetchSockets` and server-side broadcasts
 * (e.g. invalidation messages) span the cluster.
 */
export async function attachLive<S extends LiveSession>(
  app: FastifyInstance,
  deps: LiveDeps<S>,
): Promise<LiveServer> {
  const logger: LiveLogger = deps.logger ?? app.log;
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(
    app.server,
    { path: LIVE_SOCKET_PATH, serveClient: false },
  );

  const redisClients: Redis[] = [];
  if (deps.redisUrl) {
    try {
      const pub = await openRedis(deps.redisUrl, logger, 'live adapter publisher');
      redisClients.push(pub);
      const sub = await openRedis(deps.redisUrl, logger, 'live adapter subscriber');
      redisClients.push(sub);
      io.adapter(createAdapter(pub, sub, { key: deps.redisKey ?? 'kelvin:live' }));
    } catch (error) {
      await Promise.all(redisClients.map(closeRedis));
      io.engine.close();
      throw error;
    }
  }

  // Nothing lives on the main namespace; refusing it keeps clients from holding unauthenticated connections.
  io.of('/').use((_socket, next) => next(new Error(`Connect to the ${LIVE_NAMESPACE} namespace.`)));

  const live = io.of(LIVE_NAMESPACE);
  const sessions = new WeakMap<LiveSocket, S>();
  live.use((socket, next) => {
    deps.policy.authenticate(socket.handshake.auth).then(
      (session) => {
        sessions.set(socket, session);
        next();
      },
      (error: unknown) => {
        if (error instanceof LiveConnectionRefused) {
          logger.info({ reason: error.message }, 'live connection refused');
          next(error);
        } else {
          logger.error({ err: error }, 'live handshake failed');
          next(new Error('The server could not check the token; try again.'));
        }
      },
    );
  });

  live.on('connection', (socket: LiveSocket) => {
    const session = sessions.get(socket);
    if (!session) {
      socket.disconnect(true);
      return;
    }
    // The token's expiry ends the connection; the client reconnects with its renewed token.
    const expiry = setTimeout(
      () => socket.disconnect(true),
      Math.min(Math.max(session.expiresAt - Date.now(), 0), MAX_TIMER_MS),
    );
    // Its session ending (sign-out) ends it too, before the token expires.
    const recheck = setInterval(() => {
      deps.policy.stillSignedIn(session).then(
        (signedIn) => {
          if (!signedIn) socket.disconnect(true);
        },
        (error: unknown) => logger.warn({ err: error }, 'live session check failed'),
      );
    }, deps.sessionCheckMs ?? SESSION_CHECK_MS);
    // Its user's room carries what is addressed to the person rather than to a metric (notifications).
    void socket.join(liveUserRoom(session.userId));
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      clearInterval(recheck);
      sessions.delete(socket);
    });

    socket.on('subscribe', (payload, ack) => {
      subscribe(socket, session, payload).then(
        (answer) => {
          if (typeof ack === 'function') ack(answer);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'live subscribe failed');
          if (typeof ack === 'function') {
            ack({
              accepted: [],
              refused: [{ path: '*', reason: 'The server could not subscribe; try again.' }],
            });
          }
        },
      );
    });

    socket.on('unsubscribe', (payload, ack) => {
      const parsed = payloadSchema.safeParse(payload);
      const removed: string[] = [];
      if (parsed.success) {
        for (const { path } of parsePaths(parsed.data.paths).accepted) {
          if (socket.rooms.has(path)) {
            void socket.leave(path);
            removed.push(path);
          }
        }
      }
      if (typeof ack === 'function') ack({ removed });
    });
  });

  async function subscribe(socket: LiveSocket, session: S, payload: unknown): Promise<LiveSubscribeAck> {
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) return { accepted: [], refused: [{ path: '*', reason: 'Send { paths: [...] }.' }] };
    const wellFormed = parsePaths(parsed.data.paths);
    const refused = [...wellFormed.refused];
    if (wellFormed.accepted.length > MAX_PATHS_PER_CALL) {
      return { accepted: [], refused: [{ path: '*', reason: REFUSAL.tooManyInCall }] };
    }
    const decision = await deps.policy.allowedPaths(session, wellFormed.accepted);
    refused.push(...decision.refused);
    if (!socket.connected) return { accepted: [], refused };

    // From here on synchronous: joining and reading the table in one turn means a value that arrives while
    // this runs is either in the table read below or sent to the room afterwards, never lost between them.
    const accepted: string[] = [];
    const current: MetricValueStateUpdate[] = [];
    // Rooms beyond its own id and its user are metric paths.
    let held = socket.rooms.size - 2;
    for (const { path, assetId, metricId } of decision.accepted) {
      if (!socket.rooms.has(path)) {
        if (held >= MAX_PATHS_PER_SOCKET) {
          refused.push({ path, reason: REFUSAL.tooMany });
          continue;
        }
        held++;
        void socket.join(path);
      }
      accepted.push(path);
      const cell = deps.table.get(assetId, metricId);
      if (cell) {
        current.push({
          path,
          assetId,
          metricId,
          value: cell.value,
          timestamp: cell.timestamp,
          status: cell.metadata.status,
          units: cell.metadata.units,
          overrideType: cell.metadata.overrideType,
        });
      }
    }
    sendUpdates(socket, current);
    return { accepted, refused };
  }

  // One message per connection for what one batch brings it, not one per path (see LIVE_UPDATES_EVENT).
  const stopFanOut = deps.table.onAccepted((values) => {
    const rooms = live.adapter.rooms;
    const bySocket = new Map<string, MetricValueStateUpdate[]>();
    for (const value of values) {
      const path = livePath(value.assetId, value.metricId);
      // Most paths have no subscriber on this process: skip them before building an update.
      const room = rooms.get(path);
      if (!room) continue;
      const update = updateOf(value, path);
      for (const socketId of room) {
        const list = bySocket.get(socketId);
        if (list) list.push(update);
        else bySocket.set(socketId, [update]);
      }
    }
    for (const [socketId, updates] of bySocket) {
      const socket = live.sockets.get(socketId);
      if (socket) sendUpdates(socket, updates);
    }
  });

  let closing: Promise<void> | undefined;
  return {
    io,
    notifyUsers(userIds, signal) {
      if (userIds.length === 0) return;
      live.to(userIds.map(liveUserRoom)).emit('notificationsChanged', signal);
    },
    close() {
      closing ??= (async () => {
        stopFanOut();
        // Local: with the Redis adapter a plain disconnectSockets would end the other processes' clients too.
        live.local.disconnectSockets(true);
        // Not io.close(): that also closes the HTTP server, which Fastify owns and closes itself.
        io.engine.close();
        await Promise.allSettled([live.adapter.close(), io.of('/').adapter.close()]);
        await Promise.all(redisClients.map(closeRedis));
      })();
      return closing;
    },
  };
}
