import { SESSION_CHECK_INTERVAL_MS, SESSION_RENEW_THRESHOLD_S } from '@kelvin/domain';
import {
  clearLoggedInFlag,
  isLoggedInFlagSet,
  setLoggedInFlag,
  takeAuthCallbackUrl,
} from './sessionStorageKeys.ts';
import { useSessionStore, type SessionIdentity } from './sessionStore.ts';
import type { SessionUserManager } from './userManager.ts';

export interface SessionDeps {
  loadManager: () => Promise<SessionUserManager>;
  /** Moves the hash router; the session runs outside React. */
  goTo: (hashPath: string) => void;
  localStorage: Storage;
  sessionStorage: Storage;
  /** Forgets cached server data of the signed-out user; awaited before the page leaves for the provider. */
  onLoggedOut?: () => void | Promise<void>;
  nowSeconds?: () => number;
  /** Runs the first check of a restored session once the first screen has had its turn (default: 5 s later). */
  afterFirstScreen?: (run: () => void) => void;
}

/**
 * How long a reload with an identity far from expiry waits before its first check: the check loads oidc-client-ts
 * and the provider's configuration, which the first screen does not need.
 */
const FIRST_CHECK_DELAY_MS = 5_000;

/** Where the login view goes next; 'redirecting' and 'loggingOut' leave the page to someone else. */
export type LoginOutcome = 'authenticated' | 'unauthorized' | 'redirecting' | 'loggingOut';

/**
 * Seconds until the bearer expires. The API verifies the ID token, whose `exp` can come before the access
 * token's expiry that oidc-client-ts reports, so the earlier of the two counts.
 */
export function secondsUntilExpiry(user: SessionIdentity, nowSeconds: number): number {
  const candidates = [user.expires_at, user.profile.exp].filter(
    (value): value is number => typeof value === 'number',
  );
  if (candidates.length === 0) return Number.POSITIVE_INFINITY;
  return Math.min(...candidates) - nowSeconds;
}

/** Where oidc-client-ts keeps the signed-in identity (its WebStorageStateStore prefix 'oidc.', then 'user:'). */
const STORED_USER_PREFIX = 'oidc.user:';
/**
 * A stored identity with less than this left is not shown at once: its bearer could expire before the background
 * renewal lands, and a 401 logs out (spec). Between this and SESSION_RENEW_THRESHOLD_S it is shown and renewed.
 */
export const MIN_SECONDS_TO_SHOW_AT_ONCE = 15;

const optionalNumber = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The fields of oidc-client-ts's stored user (User.toStorageString) that the session needs. */
export function parseStoredIdentity(text: string): SessionIdentity | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null) return undefined;
  if (!('id_token' in stored) || typeof stored.id_token !== 'string' || stored.id_token === '')
    return undefined;
  const profile: unknown = 'profile' in stored ? stored.profile : undefined;
  return {
    id_token: stored.id_token,
    expires_at: 'expires_at' in stored ? optionalNumber(stored.expires_at) : undefined,
    profile: {
      exp:
        typeof profile === 'object' && profile !== null && 'exp' in profile
          ? optionalNumber(profile.exp)
          : undefined,
    },
  };
}

/**
 * The identity oidc-client-ts stored on this browser, read without the library or its configuration (which needs
 * a call to the server): the one 'oidc.user:' entry. Several (another provider was used) or a damaged one read as
 * none, and the usual sign-in runs.
 */
export function readStoredIdentity(storage: Storage): SessionIdentity | undefined {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(STORED_USER_PREFIX)) keys.push(key);
  }
  const [key] = keys;
  if (keys.length !== 1 || key === undefined) return undefined;
  return parseStoredIdentity(storage.getItem(key) ?? '');
}

export function createSession(deps: SessionDeps) {
  const now = deps.nowSeconds ?? (() => Date.now() / 1000);
  let loginInFlight: Promise<LoginOutcome> | undefined;
  let checkInFlight: Promise<void> | undefined;
  let logoutInFlight: Promise<void> | undefined;

  function signedIn(user: SessionIdentity): void {
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
    try {
      await deps.onLoggedOut?.();
    } catch {
      // Forgetting is best effort; the sign-out itself must still happen.
    }
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
   * Shows the user area at once after a reload: a stored identity with time left goes into the store now,
   * synchronously, before the first render (no call to the server first, so no "Signing in" screen). One close
   * to expiry is renewed in the background at once; a renewal that fails logs out, as the periodic check does.
   * The check also confirms the identity against the provider's configuration (another one logs out); with time
   * left it waits for the first screen.
   */
  function restoreAtOnce(): boolean {
    if (logoutInFlight || !isLoggedInFlagSet(deps.localStorage)) return false;
    const user = readStoredIdentity(deps.localStorage);
    if (!user || secondsUntilExpiry(user, now()) < MIN_SECONDS_TO_SHOW_AT_ONCE) return false;
    signedIn(user);
    // Skipped if the user has signed out meanwhile: the check would find no identity and sign out again.
    const firstCheck = () => {
      if (isLoggedInFlagSet(deps.localStorage)) void check().catch(() => undefined);
    };
    // Close to expiry it renews now; otherwise the first screen's scripts and data go first.
    if (secondsUntilExpiry(user, now()) < SESSION_RENEW_THRESHOLD_S) firstCheck();
    else (deps.afterFirstScreen ?? ((run) => setTimeout(run, FIRST_CHECK_DELAY_MS)))(firstCheck);
    return true;
  }

  /**
   * Restores the session for the user area after a page load: true when a usable identity is in the store.
   * A stored identity close to expiry is renewed first, so that no call goes out with a stale bearer; when
   * there is none, or renewal fails, the caller starts a sign-in.
   */
  async function restore(): Promise<boolean> {
    if (logoutInFlight) return false;
    if (restoreAtOnce()) return true;
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

  return { login, logout, restore, restoreAtOnce, check, startChecks };
}

export type Session = ReturnType<typeof createSession>;

let onLoggedOutHandler: (() => void | Promise<void>) | undefined;

/** The app registers how to forget server data (the query cache) on logout. */
export function setLoggedOutHandler(handler: () => void | Promise<void>): void {
  onLoggedOutHandler = handler;
}

/** The browser's session. */
export const session: Session = createSession({
  // Loaded when first needed, not with the first screen: a stored session is shown without it (restoreAtOnce).
  loadManager: async () => (await import('./userManager.ts')).loadUserManager(),
  goTo: (hashPath) => {
    window.location.hash = `#${hashPath}`;
  },
  localStorage: window.localStorage,
  sessionStorage: window.sessionStorage,
  onLoggedOut: () => onLoggedOutHandler?.(),
});
