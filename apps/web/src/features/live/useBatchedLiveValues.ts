import { useSyncExternalStore } from 'react';
import type { LiveMetricSubscriber } from './liveMetricSubscriber.ts';
import { useLiveValueStore, type BatchedLiveValues } from './liveValueStore.ts';
import { getSharedLiveSubscriber } from './sharedLiveSubscriber.ts';

export type { BatchedLiveValues };

/**
 * Live values of many paths as one map, handed to React at most once per `flushMs` (see liveValueStore): for a
 * screen that draws every value at each batch (overview tiles, a hall, a comparison). A list whose rows each show
 * one value subscribes each row to its own path instead (useLiveValue), so that a batch renders only the rows
 * whose value changed.
 */
export function useBatchedLiveValues(
  paths: readonly string[],
  flushMs = 1000,
  subscriber: LiveMetricSubscriber = getSharedLiveSubscriber(),
): BatchedLiveValues {
  const store = useLiveValueStore(paths, flushMs, subscriber);
  return useSyncExternalStore(store.subscribe, store.snapshot);
}
