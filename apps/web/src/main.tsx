import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { queryClient } from './app/queryClient.ts';
import { forgetCompareState } from './features/compare/compareUnitsStore.ts';
import { forgetDiagnoseState } from './features/diagnose/diagnoseStore.ts';
import { forgetLiveViewState } from './features/liveView/liveViewStore.ts';
import { endSharedLiveSubscriber } from './features/live/sharedLiveSubscriber.ts';
import { forgetOverviewState } from './features/overview/overviewStore.ts';
import { forgetDatahallState } from './features/datahall/datahallStore.ts';
import { forgetRecentUnits } from './features/dashboard/recentUnitsStore.ts';
import { moveAuthRedirectToHashRoute } from './app/session/authRedirectPaths.ts';
import { session, setLoggedOutHandler } from './app/session/session.ts';
import { getIdToken } from './app/session/sessionStore.ts';
import { configureApiClient } from './shared/api/index.ts';

// Before the router reads the address: returns from the identity provider become hash routes.
moveAuthRedirectToHashRoute(window.location, window.history, window.sessionStorage);

configureApiClient({
  getToken: getIdToken,
  // Spec: a 401 means the session is gone.
  onUnauthorized: () => void session.logout(),
});
// Nothing of the signed-out user may outlive the session: cached answers, the live connection, the diagnose state.
setLoggedOutHandler(() => {
  queryClient.clear();
  endSharedLiveSubscriber();
  forgetDiagnoseState();
  forgetCompareState();
  forgetLiveViewState();
  forgetOverviewState();
  forgetDatahallState();
  forgetRecentUnits();
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
