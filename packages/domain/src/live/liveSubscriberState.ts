/**
 * The live metric subscriber's rules (spec section 4, "Live metric subscriber"), without any transport:
 * connection events map to fixed connection states, and the first value of each metric path also counts as
 * that path's initial state. The browser subscriber feeds this with what its socket reports.
 */

/** Connection events and the state each one sets. */
export const liveConnectionEvents = ['connected', 'connecting', 'reconnecting', 'disconnect'] as const;
export type LiveConnectionEvent = (typeof liveConnectionEvents)[number];

export interface LiveConnectionState {
  isConnected: boolean;
  isConnecting: boolean;
}

const STATES: Record<LiveConnectionEvent, LiveConnectionState> = {
  connected: { isConnected: true, isConnecting: false },
  connecting: { isConnected: false, isConnecting: true },
  reconnecting: { isConnected: false, isConnecting: true },
  disconnect: { isConnected: false, isConnecting: false },
};

/** Before anything happened the subscriber is neither connected nor trying. */
export const initialLiveConnectionState: LiveConnectionState = STATES.disconnect;

/** A fresh object each time, so that listeners may keep or change what they were given. */
export function connectionStateFor(event: LiveConnectionEvent): LiveConnectionState {
  return { ...STATES[event] };
}

/** What one value update of a path makes the subscriber emit, in this order. */
export type LiveValueEmission = 'initialMetricValueState' | 'metricValueStateUpdate';

/**
 * The initialised-paths rule. A path is initialised by its first value; forgetting it (unsubscribe) or
 * clearing all (end) makes the next value an initial state again.
 */
export interface InitialisedPaths {
  /** The events one value of `path` emits: the initial state first when the path had no value yet. */
  onValue(path: string): LiveValueEmission[];
  forget(paths: Iterable<string>): void;
  clear(): void;
  has(path: string): boolean;
  readonly size: number;
}

export function createInitialisedPaths(): InitialisedPaths {
  const paths = new Set<string>();
  return {
    onValue(path) {
      if (paths.has(path)) return ['metricValueStateUpdate'];
      paths.add(path);
      // Initial state first: a screen builds its row from it, then applies the update like any other.
      return ['initialMetricValueState', 'metricValueStateUpdate'];
    },
    forget(forgotten) {
      for (const path of forgotten) paths.delete(path);
    },
    clear() {
      paths.clear();
    },
    has(path) {
      return paths.has(path);
    },
    get size() {
      return paths.size;
    },
  };
}

/**
 * Reference counts of the paths wanted by the subscriber's users, so that two screens asking for the same path
 * share one server subscription: `add` answers the paths that became wanted, `remove` those no longer wanted.
 */
export interface PathCounts {
  add(paths: Iterable<string>): string[];
  remove(paths: Iterable<string>): string[];
  wanted(): string[];
  has(path: string): boolean;
  clear(): void;
}

export function createPathCounts(): PathCounts {
  const counts = new Map<string, number>();
  return {
    add(paths) {
      const added: string[] = [];
      for (const path of paths) {
        const count = counts.get(path) ?? 0;
        counts.set(path, count + 1);
        if (count === 0) added.push(path);
      }
      return added;
    },
    remove(paths) {
      const removed: string[] = [];
      for (const path of paths) {
        const count = counts.get(path);
        if (count === undefined) continue;
        if (count <= 1) {
          counts.delete(path);
          removed.push(path);
        } else {
          counts.set(path, count - 1);
        }
      }
      return removed;
    },
    wanted() {
      return [...counts.keys()];
    },
    has(path) {
      return counts.has(path);
    },
    clear() {
      counts.clear();
    },
  };
}
