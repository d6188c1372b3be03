import { AUTH_CALLBACK_URL_KEY } from './sessionStorageKeys.ts';

/** Paths the identity provider returns to; the server answers them with index.html (they are not hash routes). */
export const AUTH_CALLBACK_PATH = '/auth/callback';
export const AUTH_LOGGED_OUT_PATH = '/auth/logged-out';
export const SILENT_RENEW_PATH = '/auth/silent-renew.html';

export function authRedirectUris(origin: string): {
  redirectUri: string;
  silentRedirectUri: string;
  postLogoutRedirectUri: string;
} {
  return {
    redirectUri: `${origin}${AUTH_CALLBACK_PATH}`,
    silentRedirectUri: `${origin}${SILENT_RENEW_PATH}`,
    postLogoutRedirectUri: `${origin}${AUTH_LOGGED_OUT_PATH}`,
  };
}

/**
 * Runs before the app renders. The hash router only sees the fragment, so a return from the identity
 * provider is moved onto a hash route: the callback URL (with code and state) is stashed for the login view.
 */
export function moveAuthRedirectToHashRoute(
  location: Pick<Location, 'pathname' | 'href'>,
  history: Pick<History, 'replaceState'>,
  storage: Storage,
): void {
  if (location.pathname === AUTH_CALLBACK_PATH) {
    storage.setItem(AUTH_CALLBACK_URL_KEY, location.href);
    history.replaceState(null, '', '/#/login');
  } else if (location.pathname === AUTH_LOGGED_OUT_PATH) {
    history.replaceState(null, '', '/#/loggedOut');
  }
}
