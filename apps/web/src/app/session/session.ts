import type { User as OidcUser } from 'oidc-client-ts';
import { SESSION_CHECK_INTERVAL_MS, SESSION_RENEW_THRESHOLD_S } from '@kelvin/domain';
import { clearLoggedInFlag, setLoggedInFlag, takeAuthCallbackUrl } from './sessionStorageKeys.ts';
import { useSessionStore } from './sessionStore.ts';
import { loadUserManager, type SessionUserManager } from './userManager.ts';

export interface SessionDeps {
  loadManager: () => Promise<SessionUserManager>;
  /** Moves the hash router; the session runs outside React. */
  goTo: (hashPath: string) => void;
  localStorage: Storage;
  sessionStorage: Storage;
  /** Forgets cached server data of the signed-out user. */
  onLoggedOut?: () => void;
  nowSeconds?: () => number;
}

/** Where the login view goes next; 'redirecting' and 'loggingOut' leave the page to someone else. */
export type LoginOutcome = 'authenticated' | 'unauthorized' | 'redirecting' | 'loggingOut';

/**
 * Seconds until the bearer expires. The API verifies the ID token, whose `exp` can come before the access
 * token's expiry that oidc-client-ts reports, so the earlier of the two counts.
 */
export function secondsUntilExpiry(user: OidcUser, nowSeconds: number): number {
  const candidates = [user.expires_at, user.profile.exp].filter(
    (value): value is number => typeof value === 'number',
  );
  if (candidates.length === 0) return Number.POSITIVE_INFINITY;
  return Math.min(...candidates) - nowSeconds;
}

export function createSession(deps: SessionDeps) {
  const now = deps.nowSeconds ?? (() => Date.now() / 1000);
  let loginInFlight: Promise<LoginOutcome> | undefined;
  let checkInFlight: Promise<void> | undefined;
  let logoutInFlight: Promise<void> | undefined;

  function signedIn(user: OidcUser): void {
    setLoggedInFlag(deps.localStorage);
    useSessionStore.getState().setOidcUser(user);
  }

  async function runLogin(): Promise<LoginOutcome> {
    if (logoutInFlight) return 'loggingOut';
    const manager = await deps.loadManager();
    const callbackUrl = takeAuthCallbackUrl(deps.sessionStorage);
    if (callbackUrl) {
      try {
        signedIn(await manager.signinRedirectCallback(callbackUrl));
        return 'authenticated';
      } catch {
        // Spec: an error in the redirect result goes to the unauthorized route.
        return 'unauthorized';
      }
    }
    const user = await manager.getUser();
    if (user && secondsUntilExpiry(user, now()) > 0) {
      signedIn(user);
      return 'authenticated';
    }
    await manager.signinRedirect();
    return 'redirecting';
  }

  /** The login view's work; shared while pending so that a remounted view does not redeem a code twice. */
  function login(): Promise<LoginOutcome> {
    loginInFlight ??= runLogin().finally(() => {
      loginInFlight = undefined;
    });
    return loginInFlight;
  }

  async function runLogout(): Promise<void> {
    clearLoggedInFlag(deps.localStorage);
    useSessionStore.getState().setOidcUser(null);
    deps.onLoggedOut?.();
    try {
      const manager = await deps.loadManager();
      const user = await manager.getUser();
      // Forget the identity before leaving, so that nothing restores it while the redirect is under way.
      await manager.removeUser();
      // Ends at /auth/logged-out, which main.tsx moves to #/loggedOut.
      await manager.signoutRedirect({ id_token_hint: user?.id_token });
    } catch {
      deps.goTo('/loggedOut');
    }
  }

  function logout(): Promise<void> {
    logoutInFlight ??= runLogout().finally(() => {
      logoutInFlight = undefined;
    });
    return logoutInFlight;
  }

  /**
   * Restores the session for the user area after a page load: true when a usable identity is in the store.
   * A stored identity close to expiry is renewed first, so that no call goes out with a stale bearer; when
   * there is none, or renewal fails, the caller starts a sign-in.
   */
  async function restore(): Promise<boolean> {
    if (logoutInFlight) return false;
    const manager = await deps.loadManager();
    const user = await manager.getUser();
    if (!user) return false;
    if (secondsUntilExpiry(user, now()) >= SESSION_RENEW_THRESHOLD_S) {
      signedIn(user);
      return true;
    }
    try {
      const renewed = await manager.signinSilent();
      if (!renewed) return false;
      signedIn(renewed);
      return true;
    } catch {
      return false;
    }
  }

  async function runCheck(): Promise<void> {
    const manager = await deps.loadManager();
    const user = await manager.getUser();
    if (!user) {
      await logout();
      return;
    }
    if (secondsUntilExpiry(user, now()) >= SESSION_RENEW_THRESHOLD_S) return;
    try {
      const renewed = await manager.signinSilent();
      if (!renewed) throw new Error('Silent renewal returned no user');
      signedIn(renewed);
    } catch {
      // Spec: failed renewal logs out.
      await logout();
    }
  }

  /** One session check: renews when under 120 s are left; a failed renewal logs out. */
  function check(): Promise<void> {
    checkInFlight ??= runCheck().finally(() => {
      checkInFlight = undefined;
    });
    return checkInFlight;
  }

  /** Checks every 10 s while the user area is open; returns the stop function. */
  function startChecks(): () => void {
    const timer = setInterval(() => {
      void check().catch(() => undefined);
    }, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }

  return { login, logout, restore, check, startChecks };
}

export type Session = ReturnType<typeof createSession>;

let onLoggedOutHandler: (() => void) | undefined;

/** The app registers how to forget server data (the query cache) on logout. */
export function setLoggedOutHandler(handler: () => void): void {
  onLoggedOutHandler = handler;
}

/** The browser's session. */
export const session: Session = createSession({
  loadManager: loadUserManager,
  goTo: (hashPath) => {
    window.location.hash = `#${hashPath}`;
  },
  localStorage: window.localStorage,
  sessionStorage: window.sessionStorage,
  onLoggedOut: () => onLoggedOutHandler?.(),
});
