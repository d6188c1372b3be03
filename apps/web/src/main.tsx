import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { registerServiceWorkerWhenIdle } from './app/pwa/registerServiceWorker.ts';
import { queryClient } from './app/queryClient.ts';
import { moveAuthRedirectToHashRoute } from './app/session/authRedirectPaths.ts';
import { session, setLoggedOutHandler } from './app/session/session.ts';
import { fetchCurrentUser } from './app/session/useCurrentUser.ts';
import { myPreferencesQuery } from './app/shell/preferencesQueries.ts';
import { getIdToken } from './app/session/sessionStore.ts';
import { configureApiClient } from './shared/api/index.ts';
import { installClientErrorReporting, reportClientError } from './shared/errors/clientErrors.ts';

// Before the router reads the address: returns from the identity provider become hash routes.
moveAuthRedirectToHashRoute(window.location, window.history, window.sessionStorage);

configureApiClient({
  getToken: getIdToken,
  // Spec: a 401 means the session is gone.
  onUnauthorized: () => void session.logout(),
});
// Nothing of the signed-out user may outlive the session: cached answers, the live connection, the diagnose state.
// The stores are imported here, not above, so that the first screen does not load every screen's state (and the
// live connection's client); the session waits for this before it leaves for the provider.
setLoggedOutHandler(async () => {
  queryClient.clear();
  const [live, diagnose, compare, liveView, overview, datahall, recentUnits] = await Promise.all([
    import('./features/live/sharedLiveSubscriber.ts'),
    import('./features/diagnose/diagnoseStore.ts'),
    import('./features/compare/compareUnitsStore.ts'),
    import('./features/liveView/liveViewStore.ts'),
    import('./features/overview/overviewStore.ts'),
    import('./features/datahall/datahallStore.ts'),
    import('./features/dashboard/recentUnitsStore.ts'),
  ]);
  live.endSharedLiveSubscriber();
  diagnose.forgetDiagnoseState();
  compare.forgetCompareState();
  liveView.forgetLiveViewState();
  overview.forgetOverviewState();
  datahall.forgetDatahallState();
  recentUnits.forgetRecentUnits();
});
// A reload with a stored, valid session shows the user area at once; the session renews in the background.
// The signed-in user (permissions, which every route's guard waits for) is asked now, beside the screen's scripts,
// instead of once the router has loaded them and the shell renders.
// So are the user's display preferences, which the shell waits for before a screen draws its times and values.
// A failure here is the screen's to show when it asks again.
if (session.restoreAtOnce()) {
  fetchCurrentUser(queryClient).catch(() => undefined);
  queryClient.query(myPreferencesQuery).catch(() => undefined);
}

installClientErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
// Errors an error boundary caught (a screen's, the router's) are reported as well as logged, as React would log them.
createRoot(container, {
  onCaughtError: (error) => {
    reportClientError(error, 'boundary');
    console.error(error);
  },
  onUncaughtError: (error) => {
    reportClientError(error, 'boundary');
    console.error(error);
  },
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorkerWhenIdle();
