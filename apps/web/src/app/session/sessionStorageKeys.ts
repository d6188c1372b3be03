/** localStorage: set while a user is signed in on this browser (spec: "a logged-in flag is kept in local storage"). */
export const LOGGED_IN_KEY = 'kelvin.loggedIn';
/** sessionStorage: the identity provider's redirect URL, kept while index.html moves to the hash route #/login. */
export const AUTH_CALLBACK_URL_KEY = 'kelvin.authCallbackUrl';

export function isLoggedInFlagSet(storage: Storage = window.localStorage): boolean {
  return storage.getItem(LOGGED_IN_KEY) === 'true';
}

export function setLoggedInFlag(storage: Storage = window.localStorage): void {
  storage.setItem(LOGGED_IN_KEY, 'true');
}

export function clearLoggedInFlag(storage: Storage = window.localStorage): void {
  storage.removeItem(LOGGED_IN_KEY);
}

/** Reads and forgets the stashed callback URL, so that a redirect result is processed once only. */
export function takeAuthCallbackUrl(storage: Storage = window.sessionStorage): string | undefined {
  const url = storage.getItem(AUTH_CALLBACK_URL_KEY);
  storage.removeItem(AUTH_CALLBACK_URL_KEY);
  return url ?? undefined;
}
