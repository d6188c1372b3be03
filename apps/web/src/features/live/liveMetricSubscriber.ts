import {
  metricValueStateUpdateSchema,
  notificationsChangedSignalSchema,
  type MetricValueStateUpdate,
  type NotificationsChangedSignal,
} from '@kelvin/contract';
import {
  connectionStateFor,
  createInitialisedPaths,
  createPathCounts,
  initialLiveConnectionState,
  type LiveConnectionEvent,
  type LiveConnectionState,
} from '@kelvin/domain';
import type { LiveTransport } from './liveTransport.ts';

export interface LiveSubscriberError {
  message: string;
  /** UNAUTHORIZED: the token was refused; REFUSED_PATH: the server refused a path; INVALID: a bad message. */
  code: string | undefined;
  path?: string;
}

/** Payload of each of the spec's subscriber events. */
export interface LiveSubscriberEventMap {
  metricValueStateUpdate: MetricValueStateUpdate;
  initialMetricValueState: MetricValueStateUpdate;
  connected: LiveConnectionState;
  connecting: LiveConnectionState;
  reconnecting: LiveConnectionState;
  disconnect: LiveConnectionState;
  error: LiveSubscriberError;
  /** Not a metric event: the server addresses it to the signed-in user over the same connection. */
  notificationsChanged: NotificationsChangedSignal;
}
export type LiveSubscriberEventName = keyof LiveSubscriberEventMap;
type Listener<E extends LiveSubscriberEventName> = (payload: LiveSubscriberEventMap[E]) => void;
type ListenerSets = { [E in LiveSubscriberEventName]: Set<Listener<E>> };

function emptyListenerSets(): ListenerSets {
  return {
    metricValueStateUpdate: new Set(),
    initialMetricValueState: new Set(),
    connected: new Set(),
    connecting: new Set(),
    reconnecting: new Set(),
    disconnect: new Set(),
    error: new Set(),
    notificationsChanged: new Set(),
  };
}

export interface LiveMetricSubscriber {
  /** Returns the function that removes the listener. */
  on<E extends LiveSubscriberEventName>(event: E, listener: Listener<E>): () => void;
  /** Reference-counted: a path stays subscribed until every subscribe of it is matched by an unsubscribe. */
  subscribe(paths: readonly string[]): void;
  unsubscribe(paths: readonly string[]): void;
  /**
   * Opens the connection without subscribing a path: for what the server sends the user unasked (notifications).
   * The connection is shared, so this opens no second one.
   */
  connect(): void;
  /** The newest value received for a subscribed path. */
  latest(path: string): MetricValueStateUpdate | undefined;
  readonly state: LiveConnectionState;
  readonly ended: boolean;
  /** Spec: disconnects and clears listeners and initialised paths. */
  end(): void;
}

/** The server's bound per subscribe call. */
const PATHS_PER_CALL = 2000;

/**
 * The spec's live metric subscriber over a transport. It connects on the first subscription, keeps the wanted
 * paths across reconnections (the server forgets a connection's rooms when it drops, so every `connected`
 * subscribes them again) and applies the domain rules: connection states, and the initial state on the first
 * value of each path.
 */
export function createLiveMetricSubscriber(transport: LiveTransport): LiveMetricSubscriber {
  const listeners = emptyListenerSets();
  const initialised = createInitialisedPaths();
  const wanted = createPathCounts();
  const latest = new Map<string, MetricValueStateUpdate>();
  let state = initialLiveConnectionState;
  let opened = false;
  let ended = false;

  function emit<E extends LiveSubscriberEventName>(event: E, payload: LiveSubscriberEventMap[E]): void {
    // A copy: a listener may remove itself (or others) while the event is being delivered.
    const current: Listener<E>[] = [...listeners[event]];
    for (const listener of current) listener(payload);
  }
  function connection(event: LiveConnectionEvent): void {
    state = connectionStateFor(event);
    emit(event, { ...state });
  }

  function sendSubscribe(paths: string[]): void {
    if (!state.isConnected) return; // sent on `connected`
    for (let start = 0; start < paths.length; start += PATHS_PER_CALL) {
      transport.subscribe(paths.slice(start, start + PATHS_PER_CALL)).then(
        (ack) => {
          for (const { path, reason } of ack.refused)
            emit('error', { message: reason, code: 'REFUSED_PATH', path });
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : 'The subscription was not answered.';
          emit('error', { message, code: undefined });
        },
      );
    }
  }

  function open(): void {
    if (opened || ended) return;
    opened = true;
    transport.open({
      connecting: () => connection('connecting'),
      reconnecting: () => connection('reconnecting'),
      connected: () => {
        connection('connected');
        sendSubscribe(wanted.wanted());
      },
      disconnected: () => connection('disconnect'),
      connectError: ({ message, code }) => emit('error', { message, code }),
      update: (payload) => {
        const parsed = metricValueStateUpdateSchema.safeParse(payload);
        if (!parsed.success) {
          emit('error', { message: 'A live value could not be read.', code: 'INVALID' });
          return;
        }
        const update = parsed.data;
        // A value of a path unsubscribed a moment ago may still be on its way.
        if (!wanted.has(update.path)) return;
        latest.set(update.path, update);
        for (const event of initialised.onValue(update.path)) emit(event, update);
      },
      notificationsChanged: (payload) => {
        const parsed = notificationsChangedSignalSchema.safeParse(payload);
        if (parsed.success) emit('notificationsChanged', parsed.data);
        else emit('error', { message: 'A notification signal could not be read.', code: 'INVALID' });
      },
    });
  }

  return {
    on(event, listener) {
      const set: Set<Listener<typeof event>> = listeners[event];
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    subscribe(paths) {
      if (ended) return;
      const added = wanted.add(paths);
      open();
      if (added.length > 0) sendSubscribe(added);
    },
    unsubscribe(paths) {
      const removed = wanted.remove(paths);
      if (removed.length === 0) return;
      initialised.forget(removed);
      for (const path of removed) latest.delete(path);
      if (state.isConnected) transport.unsubscribe(removed);
    },
    connect: open,
    latest: (path) => latest.get(path),
    get state() {
      return state;
    },
    get ended() {
      return ended;
    },
    end() {
      if (ended) return;
      ended = true;
      transport.close();
      for (const set of Object.values(listeners)) set.clear();
      initialised.clear();
      wanted.clear();
      latest.clear();
      state = initialLiveConnectionState;
    },
  };
}
