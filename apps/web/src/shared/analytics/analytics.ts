import type { AnalyticsItem } from '@kelvin/contract';
import { getIdToken } from '../../app/session/sessionStore.ts';
import { API_BASE_PATH } from '../api/apiClient.ts';
import { contract } from '../api/endpoints.ts';
import { createAnalyticsRecorder } from './analyticsRecorder.ts';

/**
 * Sends a batch with the session's bearer; `keepalive` lets the request outlive a closing tab (sendBeacon cannot
 * carry the Authorization header). Without a session nothing is sent: the sign-in and shared-view pages have none.
 */
function sendBatch(items: AnalyticsItem[], leaving: boolean): Promise<unknown> {
  const token = getIdToken();
  if (!token) return Promise.resolve();
  return fetch(`${API_BASE_PATH}${contract.analyticsTrack.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ items }),
    keepalive: leaving,
  });
}

/** The console's one recorder (our own server; no third party). */
export const analytics = createAnalyticsRecorder(sendBatch);

/** A meaningful user action, e.g. `trackEvent('ticket created')`: one line where it happens. */
export function trackEvent(name: string, properties?: AnalyticsItem['properties']): void {
  analytics.event(name, properties);
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') analytics.flush(true);
  });
  window.addEventListener('pagehide', () => analytics.flush(true));
}
