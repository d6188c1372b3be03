import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { type AuthConfig } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { clientIdForEnvironment, environmentFromOrigin } from '@kelvin/domain';
import { apiCall } from '../../shared/api/index.ts';
import { authRedirectUris } from './authRedirectPaths.ts';

/** The parts of oidc-client-ts's UserManager the session uses; tests pass a fake. */
export type SessionUserManager = Pick<
  UserManager,
  'getUser' | 'signinRedirect' | 'signinRedirectCallback' | 'signinSilent' | 'signoutRedirect' | 'removeUser'
>;

export function createUserManager(config: AuthConfig, origin: string): UserManager {
  // Throws 'Missing sign-in client id ...' (spec); the login view shows it.
  const clientId = clientIdForEnvironment(config.clientIds, environmentFromOrigin(origin));
  const uris = authRedirectUris(origin);
  return new UserManager({
    authority: config.issuer,
    client_id: clientId,
    redirect_uri: uris.redirectUri,
    silent_redirect_uri: uris.silentRedirectUri,
    post_logout_redirect_uri: uris.postLogoutRedirectUri,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email',
    // The session checks every 10 s and renews itself, so that a failed renewal logs out (spec).
    automaticSilentRenew: false,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
  });
}

let managerPromise: Promise<UserManager> | undefined;

/** Fetches the client configuration once per page load and builds the UserManager from it. */
export function loadUserManager(): Promise<UserManager> {
  managerPromise ??= apiCall(contract.authConfig).then((config) =>
    createUserManager(config, window.location.origin),
  );
  // A failed load (network, missing client id) may be retried by the next caller.
  managerPromise.catch(() => {
    managerPromise = undefined;
  });
  return managerPromise;
}
