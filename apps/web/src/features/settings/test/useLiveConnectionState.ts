import { useEffect, useState } from 'react';
import { liveConnectionEvents, type LiveConnectionState } from '@kelvin/domain';
import { getSharedLiveSubscriber } from '../../live/sharedLiveSubscriber.ts';

/** The tab's one live connection, opened if it was not (it is shared: no second connection), and its state. */
export function useLiveConnectionState(): LiveConnectionState {
  const [state, setState] = useState<LiveConnectionState>(() => getSharedLiveSubscriber().state);
  useEffect(() => {
    const live = getSharedLiveSubscriber();
    const stops = liveConnectionEvents.map((event) => live.on(event, setState));
    // Connecting emits its state to the listeners just added.
    live.connect();
    return () => {
      for (const stop of stops) stop();
    };
  }, []);
  return state;
}

export function connectionWords(state: LiveConnectionState): { label: string; color: string } {
  if (state.isConnected) return { label: 'Connected', color: 'green' };
  if (state.isConnecting) return { label: 'Connecting…', color: 'yellow' };
  return { label: 'Not connected', color: 'red' };
}
