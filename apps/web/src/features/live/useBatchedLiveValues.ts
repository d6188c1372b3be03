import { useMemo, useSyncExternalStore } from 'react';
import type { MetricValueStateUpdate } from '@kelvin/contract';
import type { LiveMetricSubscriber } from './liveMetricSubscriber.ts';
import { getSharedLiveSubscriber } from './sharedLiveSubscriber.ts';

export type BatchedLiveValues = ReadonlyMap<string, MetricValueStateUpdate>;

const EMPTY: BatchedLiveValues = new Map();

/**
 * Live values of many paths, handed to React at most once per `flushMs`. useLiveMetricValues renders on every
 * value, which suits a chart's few paths; a fleet of 5,000 units sending every 10 s delivers ~500 values a second,
 * and a unit of 2,000 metrics at 120 values a minute ~4,000, one socket message each: rendering per value would
 * render the screen thousands of times a second. Here values collect in a map between flushes and the screen
 * renders once per batch. The subscriber (one connection per tab, counted paths) is the same.
 */
function batchedStore(subscriber: LiveMetricSubscriber, paths: readonly string[], flushMs: number) {
  let snapshot: BatchedLiveValues = EMPTY;
  return {
    subscribe: (onChange: () => void) => {
      // Nothing to follow: no connection is opened for it.
      if (paths.length === 0) return () => undefined;
      const wanted = new Set(paths);
      const values = new Map<string, MetricValueStateUpdate>();
      let timer: ReturnType<typeof setTimeout> | undefined;
      // Never flushed: the first value of a screen shows at once (from 0, a page younger than flushMs waited).
      let flushedAt = -Infinity;
      const flush = () => {
        timer = undefined;
        flushedAt = performance.now();
        snapshot = new Map(values);
        onChange();
      };
      // The first value shows at once; later ones wait for the rest of their batch.
      const schedule = () => {
        timer ??= setTimeout(flush, Math.max(0, flushedAt + flushMs - performance.now()));
      };
      const off = subscriber.on('metricValueStateUpdate', (update) => {
        if (!wanted.has(update.path)) return;
        values.set(update.path, update);
        schedule();
      });
      subscriber.subscribe(paths);
      // Another screen may hold some of these paths already: their values are not sent again.
      for (const path of paths) {
        const known = subscriber.latest(path);
        if (known) values.set(path, known);
      }
      if (values.size > 0) schedule();
      return () => {
        off();
        if (timer !== undefined) clearTimeout(timer);
        // Deferred, as in useLiveMetricValues: paths kept by the next store are not dropped and sent again.
        queueMicrotask(() => subscriber.unsubscribe(paths));
      };
    },
    getSnapshot: () => snapshot,
  };
}

export function useBatchedLiveValues(
  paths: readonly string[],
  flushMs = 1000,
  subscriber: LiveMetricSubscriber = getSharedLiveSubscriber(),
): BatchedLiveValues {
  const key = paths.join('\n');
  const store = useMemo(
    () => batchedStore(subscriber, key === '' ? [] : key.split('\n'), flushMs),
    [subscriber, key, flushMs],
  );
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
