import { useMemo, useSyncExternalStore } from 'react';
import type { MetricValueStateUpdate } from '@kelvin/contract';
import { liveConnectionEvents, type LiveConnectionState } from '@kelvin/domain';
import type { LiveMetricSubscriber } from './liveMetricSubscriber.ts';
import { getSharedLiveSubscriber } from './sharedLiveSubscriber.ts';

export type LiveValues = Readonly<Record<string, MetricValueStateUpdate>>;

export interface LiveMetricValues extends LiveConnectionState {
  /** The newest value per subscribed path (`{assetId}/{metricId}`); paths without a value yet are absent. */
  values: LiveValues;
}

/** The subscription of one hook instance as an external store: the snapshot changes only for its own paths. */
function pathsStore(subscriber: LiveMetricSubscriber, paths: readonly string[]) {
  const wanted = new Set(paths);
  let snapshot: LiveValues = {};
  return {
    subscribe: (onChange: () => void) => {
      const off = subscriber.on('metricValueStateUpdate', (update) => {
        if (!wanted.has(update.path)) return;
        snapshot = { ...snapshot, [update.path]: update };
        onChange();
      });
      subscriber.subscribe(paths);
      // Another screen may already hold these paths; its values will not be sent again, so start from them.
      const known: Record<string, MetricValueStateUpdate> = {};
      for (const path of paths) {
        const value = subscriber.latest(path);
        if (value) known[path] = value;
      }
      if (Object.keys(known).length > 0) {
        snapshot = { ...known, ...snapshot };
        onChange();
      }
      return () => {
        off();
        // Deferred: when the paths change, React unsubscribes the old store before subscribing the new one,
        // and a path in both would otherwise be dropped at the server and subscribed again.
        queueMicrotask(() => subscriber.unsubscribe(paths));
      };
    },
    getSnapshot: () => snapshot,
  };
}

function connectionStore(subscriber: LiveMetricSubscriber) {
  return {
    subscribe: (onChange: () => void) => {
      const offs = liveConnectionEvents.map((event) => subscriber.on(event, onChange));
      return () => {
        for (const off of offs) off();
      };
    },
    // The subscriber replaces its state object on every change, so identity tells React when to render.
    getSnapshot: () => subscriber.state,
  };
}

/**
 * Live values of metric paths for a screen: subscribes while mounted, follows changes of `paths`, and shares
 * the tab's connection. Pass a subscriber to use another one (tests, a dedicated connection).
 */
export function useLiveMetricValues(
  paths: readonly string[],
  subscriber: LiveMetricSubscriber = getSharedLiveSubscriber(),
): LiveMetricValues {
  // A new array with the same paths each render must not resubscribe.
  const key = [...new Set(paths)].sort().join('\n');
  const store = useMemo(() => pathsStore(subscriber, key === '' ? [] : key.split('\n')), [subscriber, key]);
  const connection = useMemo(() => connectionStore(subscriber), [subscriber]);
  const values = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const state = useSyncExternalStore(connection.subscribe, connection.getSnapshot);
  return { values, isConnected: state.isConnected, isConnecting: state.isConnecting };
}
