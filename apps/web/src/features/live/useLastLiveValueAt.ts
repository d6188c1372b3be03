import { useMemo, useSyncExternalStore } from 'react';
import type { LiveMetricSubscriber } from './liveMetricSubscriber.ts';
import { getSharedLiveSubscriber } from './sharedLiveSubscriber.ts';

/** The newest timestamp among the live values of one asset, as an external store. */
function newestOfAsset(subscriber: LiveMetricSubscriber, assetId: number) {
  let newest: number | null = null;
  return {
    subscribe: (onChange: () => void) =>
      subscriber.on('metricValueStateUpdate', (update) => {
        if (update.assetId !== assetId || (newest !== null && update.timestamp <= newest)) return;
        newest = update.timestamp;
        onChange();
      }),
    getSnapshot: () => newest,
  };
}

/**
 * When the newest live value of `assetId` was taken (epoch ms), from whatever the tab's connection receives for it
 * (the rows a screen shows), or null before any. It subscribes no path of its own: it is how a screen learns that
 * a unit is sending the moment its values arrive, rather than at its next poll. A batch of values stamped alike
 * renders once.
 */
export function useLastLiveValueAt(
  assetId: number,
  subscriber: LiveMetricSubscriber = getSharedLiveSubscriber(),
): number | null {
  const store = useMemo(() => newestOfAsset(subscriber, assetId), [subscriber, assetId]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
