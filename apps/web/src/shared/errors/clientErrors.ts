import { PRODUCT_UI_VERSION } from '@kelvin/domain';
import type { ClientErrorReport } from '@kelvin/contract';
import { getIdToken } from '../../app/session/sessionStore.ts';
import { API_BASE_PATH } from '../api/apiClient.ts';
import { contract } from '../api/endpoints.ts';
import { markCssChunkError } from './chunkLoad.ts';
import { createErrorReporter, currentPath } from './errorReporter.ts';

function send(report: ClientErrorReport): Promise<unknown> {
  const token = getIdToken();
  // Signed out (sign-in, shared views): nobody to stamp the report with; the server takes reports of users only.
  if (!token) return Promise.resolve();
  return fetch(`${API_BASE_PATH}${contract.clientErrorsReport.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(report),
    keepalive: true,
  });
}

/** The console's reporter: uncaught errors, unhandled rejections, error boundaries, chunks that fail to load. */
export const reportClientError = createErrorReporter({
  send,
  release: PRODUCT_UI_VERSION,
  path: () => currentPath(window.location.hash),
});

/** Listens for what nothing else catches. Vite's preload failure still rejects the import (the route shows it). */
export function installClientErrorReporting(): void {
  window.addEventListener('error', (event) => reportClientError(event.error ?? event.message, 'error'));
  window.addEventListener('unhandledrejection', (event) => reportClientError(event.reason, 'rejection'));
  window.addEventListener('vite:preloadError', (event) => {
    const payload: unknown = 'payload' in event ? event.payload : undefined;
    markCssChunkError(payload);
    reportClientError(payload, 'chunk');
  });
}
