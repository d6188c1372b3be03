import { User as OidcUser } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHECK_INTERVAL_MS } from '@kelvin/domain';
import { moveAuthRedirectToHashRoute } from './authRedirectPaths.ts';
import { createSession, parseStoredIdentity, secondsUntilExpiry } from './session.ts';
import { AUTH_CALLBACK_URL_KEY, LOGGED_IN_KEY } from './sessionStorageKeys.ts';
import { getIdToken, useSessionStore } from './sessionStore.ts';
import type { SessionUserManager } from './userManager.ts';

const NOW = 1_000_000;

function oidcUser(idToken: string, expiresAt: number): OidcUser {
  return new OidcUser({
    id_token: idToken,
    access_token: 'access',
    token_type: 'Bearer',
    profile: { sub: 'u1', iss: 'http://idp', aud: 'web', exp: expiresAt, iat: NOW - 10 },
    expires_at: expiresAt,
  });
}

function fakeManager(stored: OidcUser | null) {
  const manager = {
    getUser: vi.fn(() => Promise.resolve(stored)),
    signinRedirect: vi.fn(() => Promise.resolve()),
    signinRedirectCallback: vi.fn((_url?: string) => Promise.resolve(oidcUser('from-callback', NOW + 3600))),
    signinSilent: vi.fn(() => Promise.resolve<OidcUser | null>(oidcUser('renewed', NOW + 3600))),
    signoutRedirect: vi.fn(() => Promise.resolve()),
    removeUser: vi.fn(() => Promise.resolve()),
  } satisfies SessionUserManager;
  return manager;
}

function sessionWith(manager: SessionUserManager) {
  const goTo = vi.fn();
  const onLoggedOut = vi.fn();
  const session = createSession({
    loadManager: () => Promise.resolve(manager),
    goTo,
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    onLoggedOut,
    nowSeconds: () => NOW,
    // A restored session's deferred first check: the tests run their checks themselves.
    afterFirstScreen: () => undefined,
  });
  return { session, goTo, onLoggedOut };
}

describe('session', () => {
  beforeEach(() => {
    useSessionStore.setState({ oidcUser: null });
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('redeems a stashed callback URL once, sets the logged-in flag and keeps the ID token', async () => {
    window.sessionStorage.setItem(AUTH_CALLBACK_URL_KEY, 'http://localhost/auth/callback?code=c&state=s');
    const manager = fakeManager(null);
    const { session } = sessionWith(manager);

    const [first, second] = await Promise.all([session.login(), session.login()]);

    expect(first).toBe('authenticated');
    expect(second).toBe('authenticated');
    expect(manager.signinRedirectCallback).toHaveBeenCalledOnce();
    expect(manager.signinRedirectCallback).toHaveBeenCalledWith(
      'http://localhost/auth/callback?code=c&state=s',
    );
    expect(window.sessionStorage.getItem(AUTH_CALLBACK_URL_KEY)).toBeNull();
    expect(window.localStorage.getItem(LOGGED_IN_KEY)).toBe('true');
    expect(getIdToken()).toBe('from-callback');
  });

  it('sends an error in the redirect result to unauthorized', async () => {
    window.sessionStorage.setItem(
      AUTH_CALLBACK_URL_KEY,
      'http://localhost/auth/callback?error=access_denied',
    );
    const manager = fakeManager(null);
    manager.signinRedirectCallback.mockRejectedValue(new Error('access_denied'));
    const { session } = sessionWith(manager);
    await expect(session.login()).resolves.toBe('unauthorized');
  });

  it('starts the sign-in redirect without a stored user', async () => {
    const manager = fakeManager(null);
    const { session } = sessionWith(manager);
    await expect(session.login()).resolves.toBe('redirecting');
    expect(manager.signinRedirect).toHaveBeenCalledOnce();
  });

  it('goes straight on when already authenticated', async () => {
    const manager = fakeManager(oidcUser('stored', NOW + 600));
    const { session } = sessionWith(manager);
    await expect(session.login()).resolves.toBe('authenticated');
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });

  it('checks every 10 s and renews when under 120 s remain', async () => {
    vi.useFakeTimers();
    const manager = fakeManager(oidcUser('old', NOW + 119));
    const { session } = sessionWith(manager);
    const stop = session.startChecks();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1);
    expect(manager.getUser).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(manager.signinSilent).toHaveBeenCalledOnce();
    expect(getIdToken()).toBe('renewed');
    stop();
  });

  it('does not renew a token with time left', async () => {
    const manager = fakeManager(oidcUser('fresh', NOW + 121));
    const { session } = sessionWith(manager);
    await session.check();
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('logs out when renewal fails', async () => {
    window.localStorage.setItem(LOGGED_IN_KEY, 'true');
    const manager = fakeManager(oidcUser('old', NOW + 30));
    manager.signinSilent.mockRejectedValue(new Error('login_required'));
    const { session, onLoggedOut } = sessionWith(manager);
    await session.check();
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'old' });
    expect(window.localStorage.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(onLoggedOut).toHaveBeenCalledOnce();
  });

  it('falls back to removing the user and #/loggedOut when the sign-out redirect fails', async () => {
    const manager = fakeManager(oidcUser('t', NOW + 600));
    manager.signoutRedirect.mockRejectedValue(new Error('no end_session_endpoint'));
    const { session, goTo } = sessionWith(manager);
    await session.logout();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(goTo).toHaveBeenCalledWith('/loggedOut');
    expect(getIdToken()).toBeUndefined();
  });

  it('neither restores nor signs in while logging out', async () => {
    const manager = fakeManager(oidcUser('t', NOW + 600));
    let finishSignout = (): void => undefined;
    manager.signoutRedirect.mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          finishSignout = resolve;
        }),
    );
    const { session } = sessionWith(manager);
    const loggingOut = session.logout();
    await expect(session.restore()).resolves.toBe(false);
    await expect(session.login()).resolves.toBe('loggingOut');
    expect(window.localStorage.getItem(LOGGED_IN_KEY)).toBeNull();
    finishSignout();
    await loggingOut;
  });

  it('restores a stored session, renewing it first when close to expiry', async () => {
    const manager = fakeManager(oidcUser('old', NOW + 5));
    const { session } = sessionWith(manager);
    await expect(session.restore()).resolves.toBe(true);
    expect(getIdToken()).toBe('renewed');
  });

  it('falls back to renewing first when the stored identity is about to expire', async () => {
    const manager = fakeManager(oidcUser('old', NOW + 5));
    storeIdentity(oidcUser('old', NOW + 5));
    const { session } = sessionWith(manager);
    expect(session.restoreAtOnce()).toBe(false);
    expect(getIdToken()).toBeUndefined();
    await expect(session.restore()).resolves.toBe(true);
    expect(getIdToken()).toBe('renewed');
  });

  it('waits for the logged-out handler before leaving for the provider', async () => {
    const manager = fakeManager(oidcUser('t', NOW + 600));
    const order: string[] = [];
    manager.signoutRedirect.mockImplementation(() => {
      order.push('signout');
      return Promise.resolve();
    });
    const session = createSession({
      loadManager: () => Promise.resolve(manager),
      goTo: vi.fn(),
      localStorage: window.localStorage,
      sessionStorage: window.sessionStorage,
      onLoggedOut: async () => {
        await Promise.resolve();
        order.push('forgotten');
      },
      nowSeconds: () => NOW,
    });
    await session.logout();
    expect(order).toEqual(['forgotten', 'signout']);
  });

  it('counts the earlier of the ID token and access token expiries', () => {
    const user = oidcUser('t', NOW + 600);
    user.profile.exp = NOW + 60;
    expect(secondsUntilExpiry(user, NOW)).toBe(60);
  });
});

/** What oidc-client-ts's WebStorageStateStore keeps for a signed-in user on this browser. */
function storeIdentity(user: OidcUser, key = 'oidc.user:http://idp:web'): void {
  window.localStorage.setItem('kelvin.loggedIn', 'true');
  window.localStorage.setItem(key, user.toStorageString());
}

describe('restoreAtOnce (a reload with a stored session)', () => {
  beforeEach(() => {
    useSessionStore.setState({ oidcUser: null });
    window.localStorage.clear();
  });

  it('puts a stored identity with time left in the store synchronously, and checks it after the first screen', () => {
    const manager = fakeManager(oidcUser('stored', NOW + 600));
    storeIdentity(oidcUser('stored', NOW + 600));
    let loads = 0;
    const later: (() => void)[] = [];
    const session = createSession({
      loadManager: () => {
        loads += 1;
        return Promise.resolve(manager);
      },
      goTo: vi.fn(),
      localStorage: window.localStorage,
      sessionStorage: window.sessionStorage,
      nowSeconds: () => NOW,
      afterFirstScreen: (run) => later.push(run),
    });
    expect(session.restoreAtOnce()).toBe(true);
    // Nothing was awaited: the user area can render on the first frame, and the library is not loaded yet.
    expect(getIdToken()).toBe('stored');
    expect(loads).toBe(0);
    expect(later).toHaveLength(1);
    later[0]?.();
    expect(loads).toBe(1);
  });

  it('skips the deferred first check when the user signed out before it', async () => {
    const manager = fakeManager(oidcUser('stored', NOW + 600));
    storeIdentity(oidcUser('stored', NOW + 600));
    const later: (() => void)[] = [];
    const onLoggedOut = vi.fn();
    const session = createSession({
      loadManager: () => Promise.resolve(manager),
      goTo: vi.fn(),
      localStorage: window.localStorage,
      sessionStorage: window.sessionStorage,
      onLoggedOut,
      nowSeconds: () => NOW,
      afterFirstScreen: (run) => later.push(run),
    });
    expect(session.restoreAtOnce()).toBe(true);
    await session.logout();
    expect(onLoggedOut).toHaveBeenCalledOnce();
    later[0]?.();
    await Promise.resolve();
    expect(manager.getUser).toHaveBeenCalledTimes(1);
    expect(onLoggedOut).toHaveBeenCalledOnce();
  });

  it('renews an identity close to expiry in the background, after showing it', async () => {
    const manager = fakeManager(oidcUser('old', NOW + 60));
    storeIdentity(oidcUser('old', NOW + 60));
    const { session } = sessionWith(manager);
    expect(session.restoreAtOnce()).toBe(true);
    expect(getIdToken()).toBe('old');
    await session.check();
    expect(manager.signinSilent).toHaveBeenCalledOnce();
    expect(getIdToken()).toBe('renewed');
  });

  it('logs out when the provider does not know the stored identity', async () => {
    const manager = fakeManager(null);
    storeIdentity(oidcUser('stale', NOW + 600));
    const { session, onLoggedOut } = sessionWith(manager);
    expect(session.restoreAtOnce()).toBe(true);
    await session.check();
    expect(onLoggedOut).toHaveBeenCalledOnce();
    expect(getIdToken()).toBeUndefined();
    expect(window.localStorage.getItem(LOGGED_IN_KEY)).toBeNull();
  });

  it('shows nothing without the logged-in flag, with two stored identities or an expired one', () => {
    const { session } = sessionWith(fakeManager(null));
    window.localStorage.setItem('oidc.user:http://idp:web', oidcUser('t', NOW + 600).toStorageString());
    expect(session.restoreAtOnce()).toBe(false);
    storeIdentity(oidcUser('t', NOW + 600), 'oidc.user:http://other:web');
    expect(session.restoreAtOnce()).toBe(false);
    window.localStorage.clear();
    storeIdentity(oidcUser('t', NOW - 1));
    expect(session.restoreAtOnce()).toBe(false);
    expect(getIdToken()).toBeUndefined();
  });

  it('reads the ID token and both expiries of a stored user, and nothing of damaged text', () => {
    const user = oidcUser('t', NOW + 600);
    user.profile.exp = NOW + 60;
    expect(parseStoredIdentity(user.toStorageString())).toEqual({
      id_token: 't',
      expires_at: NOW + 600,
      profile: { exp: NOW + 60 },
    });
    expect(parseStoredIdentity('{"profile":{}}')).toBeUndefined();
    expect(parseStoredIdentity('not json')).toBeUndefined();
  });
});

describe('moveAuthRedirectToHashRoute', () => {
  it('stashes the callback URL and moves to #/login', () => {
    const replaceState = vi.fn();
    const href = 'http://localhost:5173/auth/callback?code=abc&state=xyz';
    moveAuthRedirectToHashRoute(
      { pathname: '/auth/callback', href },
      { replaceState },
      window.sessionStorage,
    );
    expect(window.sessionStorage.getItem(AUTH_CALLBACK_URL_KEY)).toBe(href);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/#/login');
  });

  it('moves the post-logout return to #/loggedOut', () => {
    const replaceState = vi.fn();
    moveAuthRedirectToHashRoute(
      { pathname: '/auth/logged-out', href: 'http://localhost/auth/logged-out' },
      { replaceState },
      window.sessionStorage,
    );
    expect(replaceState).toHaveBeenCalledWith(null, '', '/#/loggedOut');
  });

  it('leaves other paths alone', () => {
    const replaceState = vi.fn();
    moveAuthRedirectToHashRoute(
      { pathname: '/', href: 'http://localhost/#/user' },
      { replaceState },
      window.sessionStorage,
    );
    expect(replaceState).not.toHaveBeenCalled();
  });
});
