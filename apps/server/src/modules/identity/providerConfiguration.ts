import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { PrivateSigningJwk } from '../../platform/identity/signingKeys.ts';
import { SESSION_CLAIM } from '../../platform/identity/tokenVerifier.ts';
import { findActiveUserByIdentityId } from '../users/usersRepository.ts';
import { createOidcAdapterFactory } from './oidcAdapter.ts';
import { errorPage, loggedOutPage, logoutPage, pageSecurityPolicy } from './pages.ts';

export interface ProviderConfigurationDeps {
  config: Config;
  db: Db;
  keys: PrivateSigningJwk[];
  cookieKeys: string[];
  /** Where the provider is mounted, e.g. `/oidc`: the interaction pages live under it. */
  mountPath: string;
  log: FastifyBaseLogger;
}

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** Redirect targets of the console, relative to the public origin (served by the web app). */
export const CONSOLE_PATHS = {
  callback: '/auth/callback',
  silentRenew: '/auth/silent-renew.html',
  loggedOut: '/auth/logged-out',
} as const;

/** The provider's settings: one first-party public client (the console), our account model, pages and TTLs. */
export function buildProviderConfiguration(deps: ProviderConfigurationDeps): Configuration {
  const { config, db, keys, cookieKeys, mountPath, log } = deps;
  const origin = config.publicOrigin;
  const consoleUrl = `${origin}/`;

  return {
    adapter: createOidcAdapterFactory(db),
    jwks: { keys },
    cookies: { keys: cookieKeys },
    clients: [
      {
        client_id: config.identity.clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [`${origin}${CONSOLE_PATHS.callback}`, `${origin}${CONSOLE_PATHS.silentRenew}`],
        post_logout_redirect_uris: [`${origin}${CONSOLE_PATHS.loggedOut}`],
        // The keys are EC P-256 only; the library's default (RS256) would have no key to sign with.
        id_token_signed_response_alg: 'ES256',
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email'],
    claims: { openid: ['sub', SESSION_CLAIM], profile: ['name'], email: ['email', 'email_verified'] },
    // The console sends the ID token to the API as its bearer token, and the API reads the email from it:
    // put the scope's claims in the ID token, not only in the userinfo response.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub, token) {
      const user = await findActiveUserByIdentityId(db, sub);
      if (!user) return undefined;
      return {
        accountId: user.identityId,
        claims: () => ({
          sub: user.identityId,
          email: user.email,
          // Administrators type the address in; nothing has proven the user receives mail there.
          email_verified: false,
          name: user.name,
          // The session the code was issued in: the API refuses the ID token once it ends (sign-out).
          [SESSION_CLAIM]: token && 'sessionUid' in token ? token.sessionUid : undefined,
        }),
      };
    },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: HOUR,
      IdToken: config.idTokenTtlSeconds,
      Interaction: HOUR,
      Session: DAY,
      Grant: DAY,
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    // The console calls the provider from its own origin; nothing else may read its responses cross-origin.
    clientBasedCORS: (_ctx, requestOrigin) => requestOrigin === origin,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          const nonce = randomBytes(16).toString('base64');
          sendPage(ctx, logoutPage(form, nonce), nonce);
        },
        postLogoutSuccessSource(ctx) {
          sendPage(ctx, loggedOutPage(consoleUrl));
        },
      },
    },
    renderError(ctx, out, error) {
      const status = ctx.status;
      if (status >= 500) log.error({ err: error }, 'identity provider error');
      else
        log.info(
          { status, error: out.error, description: out.error_description },
          'identity request refused',
        );
      sendPage(ctx, errorPage(errorMessage(error, status), consoleUrl));
    },
  };
}

function sendPage(ctx: KoaContextWithOIDC, html: string, scriptNonce?: string): void {
  ctx.type = 'html';
  ctx.set('cache-control', 'no-store');
  ctx.set('content-security-policy', pageSecurityPolicy(scriptNonce));
  ctx.body = html;
}

/** Short and free of internals: the details go to the log, not to the browser. */
function errorMessage(error: Error, status: number): string {
  if (error.name === 'SessionNotFound')
    return 'This sign-in request has expired. Return to Kelvin and sign in again.';
  if (status >= 500) return 'Kelvin could not complete this request. Try again in a moment.';
  return 'Kelvin could not complete this sign-in request. Return to Kelvin and sign in again.';
}
