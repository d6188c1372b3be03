import { z } from 'zod';
import type { Config, NetsuiteConfig } from '../../config.ts';
import { NETSUITE_TIMEOUT_MS } from '../../platform/netsuite/netsuiteClient.ts';
import {
  netsuiteErrorFromResponse,
  netsuiteUnexpectedBody,
  netsuiteUnreachable,
} from '../../platform/netsuite/netsuiteError.ts';
import { authorizationUrl, exchangeCode, revokeToken } from '../../platform/netsuite/netsuiteOAuth.ts';

/** Where NetSuite sends the browser back after a staff sign-in, below the identity provider's mount path. */
export const STAFF_RETURN_PATH = '/netsuite/return';

/**
 * NetSuite's OpenID Connect scopes for who signed in, beside rest_webservices (NetSuite asks every OAuth 2.0
 * client for at least one of its own scopes, and the sandbox for that one).
 */
const STAFF_SCOPE = 'rest_webservices openid email';
/** NetSuite's OpenID Connect userinfo endpoint, on the API host beside the token endpoint. */
const USERINFO_PATH = '/services/rest/auth/oauth2/v1/userinfo';

const userinfoBody = z.looseObject({ email: z.string().min(1) });

/**
 * The way in is offered with a real NetSuite account, or with the built-in sandbox outside production: anyone may
 * sign in at the sandbox as any address, which must never open a production console.
 */
export function staffSignInAvailable(config: Pick<Config, 'netsuite' | 'environment'>): boolean {
  return config.netsuite.kind === 'account' || config.environment !== 'production';
}

export function staffRedirectUri(publicOrigin: string, mountPath: string): string {
  return `${publicOrigin}${mountPath}${STAFF_RETURN_PATH}`;
}

export function staffAuthorizationUrl(
  config: NetsuiteConfig,
  request: { redirectUri: string; state: string },
): string {
  const url = new URL(authorizationUrl(config, request));
  url.searchParams.set('scope', STAFF_SCOPE);
  return url.toString();
}

/**
 * Exchanges the code and asks NetSuite whose it is: the e-mail address of the signed-in employee. The tokens are
 * of no further use to the console, so they are revoked at once (best effort: they expire anyway).
 */
export async function netsuiteEmailForCode(
  config: NetsuiteConfig,
  request: { code: string; redirectUri: string },
): Promise<string> {
  const tokens = await exchangeCode(config, request);
  try {
    let response: Response;
    try {
      response = await fetch(`${config.apiOrigin.replace(/\/+$/, '')}${USERINFO_PATH}`, {
        headers: { Authorization: `Bearer ${tokens.accessToken}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(NETSUITE_TIMEOUT_MS),
      });
    } catch (cause) {
      throw netsuiteUnreachable(cause, NETSUITE_TIMEOUT_MS);
    }
    if (!response.ok) throw await netsuiteErrorFromResponse(response);
    const parsed = userinfoBody.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw netsuiteUnexpectedBody('the userinfo request', 'no email');
    return parsed.data.email.trim();
  } finally {
    await revokeToken(config, tokens.refreshToken ?? tokens.accessToken).catch(() => undefined);
  }
}
