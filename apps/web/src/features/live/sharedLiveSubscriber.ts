import { getIdToken } from '../../app/session/sessionStore.ts';
import { createLiveMetricSubscriber, type LiveMetricSubscriber } from './liveMetricSubscriber.ts';
import { socketIoTransport } from './liveTransport.ts';

let shared: LiveMetricSubscriber | undefined;

/**
 * One connection per tab, shared by every screen: the subscriber counts paths, so two widgets showing the same
 * metric make one server subscription. Created on first use, with the session's token.
 */
export function getSharedLiveSubscriber(): LiveMetricSubscriber {
  if (!shared || shared.ended) {
    shared = createLiveMetricSubscriber(socketIoTransport({ getToken: getIdToken }));
  }
  return shared;
}

/** On sign-out: the next user must not inherit the connection (it carries the previous token). */
export function endSharedLiveSubscriber(): void {
  shared?.end();
  shared = undefined;
}
