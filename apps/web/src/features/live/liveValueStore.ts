import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { MetricValueStateUpdate } from '@kelvin/contract';
import type { LiveMetricSubscriber } from './liveMetricSubscriber.ts';
import { getSharedLiveSubscriber } from './sharedLiveSubscriber.ts';

export type BatchedLiveValues = ReadonlyMap<string, MetricValueStateUpdate>;

const EMPTY: BatchedLiveValues = new Map();

/**
 * Live values of many paths, handed on at most once per `flushMs`: a fleet of 5,000 units sending every 10 s
 * delivers ~500 values a second, a unit of 2,000 metrics at 120 values a minute ~4,000, one socket message each,
 * so values collect between flushes. At a flush each listener of a changed path is told (a live view's row
 * renders only when its own value changed) and the store's own listeners once (a screen that draws every value).
 *
 * What is asked of the server follows who listens: while the store has a listener of its own (a screen drawing
 * every value, a filter reading every status) all its paths; otherwise only the paths that have a listener (the
 * rows of a virtualised list in view). A unit of 2,000 metrics then costs the browser the messages of the few
 * dozen rows on screen, not 4,000 a second; a row scrolled into view shows the last value it knew at once and
 * the server sends the current one as the path is subscribed.
 */
export interface LiveValueStore {
  /** Starts asking for values on the tab's connection; returns the function that lets every path go. */
  connect: () => () => void;
  get: (path: string) => MetricValueStateUpdate | undefined;
  /** Told at each flush that changed `path`; while it listens, the path is asked for. */
  subscribePath: (path: string, listener: () => void) => () => void;
  /** Told once at each flush that changed anything; while it listens, every path is asked for. */
  subscribe: (listener: () => void) => () => void;
  /** Every value, a new map after each flush that changed something (built when asked). */
  snapshot: () => BatchedLiveValues;
}

/** Rows come and go while a list scrolls: what is asked of the server is brought up to date this often. */
const RECONCILE_MS = 50;
/**
 * Values come in bursts: the server sends what one batch brings a connection as one message, but a fleet's agents
 * post within the same few ms, and a message holds at most 1,000 updates. A flush waits until messages stop for
 * this long, so that a burst is drawn once and whole rather than a first slice at once and the rest a flushMs later
 * (measured on 500 overview tiles when each value was a message of its own: the slice cost a render, the rest 50 ms).
 */
export const BURST_QUIET_MS = 4;

export function createLiveValueStore(
  subscriber: LiveMetricSubscriber,
  paths: readonly string[],
  flushMs: number,
): LiveValueStore {
  const mine = new Set(paths);
  const values = new Map<string, MetricValueStateUpdate>();
  const pending = new Map<string, MetricValueStateUpdate>();
  const pathListeners = new Map<string, Set<() => void>>();
  const listeners = new Set<() => void>();
  /** The paths this store holds subscribed at the subscriber. */
  const held = new Set<string>();
  let connected = false;
  let version = 0;
  let snapshot: BatchedLiveValues = EMPTY;
  let snapshotVersion = 0;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let reconcileTimer: ReturnType<typeof setTimeout> | undefined;
  // Never flushed: the first values of a screen show at once (from 0, a page younger than flushMs waited).
  let flushedAt = -Infinity;
  /** When the oldest pending value and the newest arrived. */
  let firstPendingAt = 0;
  let lastArrivalAt = 0;

  /** At most once per flushMs; within that, once the burst went quiet, but no value waits longer than flushMs. */
  const flushDueAt = () =>
    Math.max(flushedAt + flushMs, Math.min(lastArrivalAt + BURST_QUIET_MS, firstPendingAt + flushMs));

  const flush = () => {
    flushTimer = undefined;
    const now = performance.now();
    const due = flushDueAt();
    // Values kept arriving since the timer was set: wait for the burst's end.
    if (pending.size > 0 && due > now) {
      flushTimer = setTimeout(flush, due - now);
      return;
    }
    flushedAt = now;
    if (pending.size === 0) return;
    const changed = [...pending.keys()];
    for (const [path, update] of pending) values.set(path, update);
    pending.clear();
    version++;
    for (const path of changed) {
      const set = pathListeners.get(path);
      if (set) for (const listener of set) listener();
    }
    for (const listener of listeners) listener();
  };
  /** Notes a value's arrival and sets the flush for its batch. */
  const arrived = (path: string, update: MetricValueStateUpdate) => {
    const now = performance.now();
    if (pending.size === 0) firstPendingAt = now;
    lastArrivalAt = now;
    pending.set(path, update);
    flushTimer ??= setTimeout(flush, Math.max(0, flushDueAt() - now));
  };

  /** Asks for the paths listened to now and lets the others go, in one call each. */
  const reconcile = () => {
    reconcileTimer = undefined;
    if (!connected) return;
    const wanted =
      listeners.size > 0 ? mine : new Set([...pathListeners.keys()].filter((path) => mine.has(path)));
    const added = [...wanted].filter((path) => !held.has(path));
    const removed = [...held].filter((path) => !wanted.has(path));
    for (const path of added) held.add(path);
    for (const path of removed) held.delete(path);
    if (added.length > 0) {
      subscriber.subscribe(added);
      // Another screen may hold some of these paths already: their values are not sent again.
      for (const path of added) {
        const known = subscriber.latest(path);
        if (known && known !== values.get(path)) arrived(path, known);
      }
    }
    if (removed.length > 0) subscriber.unsubscribe(removed);
  };
  const reconcileSoon = () => {
    reconcileTimer ??= setTimeout(reconcile, RECONCILE_MS);
  };

  return {
    connect() {
      // Nothing to follow: no connection is opened for it.
      if (mine.size === 0) return () => undefined;
      connected = true;
      const off = subscriber.on('metricValueStateUpdate', (update) => {
        if (mine.has(update.path)) arrived(update.path, update);
      });
      // At once, not after RECONCILE_MS: a screen's first values are not held back.
      reconcile();
      return () => {
        connected = false;
        off();
        if (flushTimer !== undefined) clearTimeout(flushTimer);
        if (reconcileTimer !== undefined) clearTimeout(reconcileTimer);
        flushTimer = reconcileTimer = undefined;
        const letGo = [...held];
        held.clear();
        // Deferred, as in useLiveMetricValues: paths kept by the next store are not dropped and sent again.
        queueMicrotask(() => subscriber.unsubscribe(letGo));
      };
    },
    get: (path) => values.get(path),
    subscribePath(path, listener) {
      let set = pathListeners.get(path);
      if (!set) {
        set = new Set();
        pathListeners.set(path, set);
        reconcileSoon();
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size > 0) return;
        pathListeners.delete(path);
        reconcileSoon();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      // A screen that draws every value wants them all at once.
      if (listeners.size === 1) reconcile();
      return () => {
        listeners.delete(listener);
        reconcileSoon();
      };
    },
    snapshot() {
      if (snapshotVersion !== version) {
        snapshot = new Map(values);
        snapshotVersion = version;
      }
      return snapshot;
    },
  };
}

/** A screen's store of its paths' live values, subscribed while it is mounted and renewed when the paths change. */
export function useLiveValueStore(
  paths: readonly string[],
  flushMs = 1000,
  subscriber: LiveMetricSubscriber = getSharedLiveSubscriber(),
): LiveValueStore {
  const key = paths.join('\n');
  const store = useMemo(
    () => createLiveValueStore(subscriber, key === '' ? [] : key.split('\n'), flushMs),
    [subscriber, key, flushMs],
  );
  useEffect(() => store.connect(), [store]);
  return store;
}

/** One path's live value: the component renders when this value changes, not when the others do. */
export function useLiveValue(store: LiveValueStore, path: string): MetricValueStateUpdate | undefined {
  const subscribe = useCallback((listener: () => void) => store.subscribePath(path, listener), [store, path]);
  return useSyncExternalStore(subscribe, () => store.get(path));
}

const noSubscription = () => () => undefined;
const noSnapshot = () => null;

/** Every value while `follow` holds (the component renders at each batch), else null and no rendering for values. */
export function useLiveSnapshot(store: LiveValueStore, follow: boolean): BatchedLiveValues | null {
  return useSyncExternalStore(
    follow ? store.subscribe : noSubscription,
    follow ? store.snapshot : noSnapshot,
  );
}
