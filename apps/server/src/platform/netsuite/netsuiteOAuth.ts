import { z } from 'zod';
import type { NetsuiteConfig } from '../../config.ts';
import { NETSUITE_TIMEOUT_MS } from './netsuiteClient.ts';
import { netsuiteErrorFromResponse, netsuiteUnexpectedBody, netsuiteUnreachable } from './netsuiteError.ts';

/** NetSuite's OAuth 2.0 scope for REST web services (records and SuiteQL). */
export const NETSUITE_SCOPE = 'rest_webservices';

/** Tokens from NetSuite's token endpoint. The refresh grant answers no new refresh token: `refreshToken` is then undefined. */
export interface NetsuiteTokens {
  accessToken: string;
  refreshToken: string | undefined;
  expiresIn: number;
  tokenType: string;
}

type OAuthConfig = Pick<NetsuiteConfig, 'appOrigin' | 'apiOrigin' | 'clientId' | 'clientSecret'>;

interface CallOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const tokenBody = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().int().positive(),
  token_type: z.string(),
});

/** The authorization page's address for a browser redirect (`response_type=code`, `scope=rest_webservices`). */
export function authorizationUrl(
  config: OAuthConfig,
  { redirectUri, state }: { redirectUri: string; state: string },
): string {
  const url = new URL(`${config.appOrigin.replace(/\/+$/, '')}/app/login/oauth2/authorize.nl`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: redirectUri,
    scope: NETSUITE_SCOPE,
    state,
  }).toString();
  return url.toString();
}

/** Exchanges an authorization code (grant `authorization_code`) for tokens. */
export function exchangeCode(
  config: OAuthConfig,
  { code, redirectUri }: { code: string; redirectUri: string },
  options: CallOptions = {},
): Promise<NetsuiteTokens> {
  return requestTokens(
    config,
    { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
    options,
  );
}

/** A new access token for a refresh token (grant `refresh_token`); NetSuite keeps the refresh token as it was. */
export function refreshAccessToken(
  config: OAuthConfig,
  refreshToken: string,
  options: CallOptions = {},
): Promise<NetsuiteTokens> {
  return requestTokens(config, { grant_type: 'refresh_token', refresh_token: refreshToken }, options);
}

/** Revokes a token (access or refresh) at NetSuite's revocation endpoint. */
export async function revokeToken(
  config: OAuthConfig,
  token: string,
  options: CallOptions = {},
): Promise<void> {
  await postForm(config, '/services/rest/auth/oauth2/v1/revoke', { token }, options);
}

async function requestTokens(
  config: OAuthConfig,
  form: Record<string, string>,
  options: CallOptions,
): Promise<NetsuiteTokens> {
  const response = await postForm(config, '/services/rest/auth/oauth2/v1/token', form, options);
  const parsed = tokenBody.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success)
    throw netsuiteUnexpectedBody('the token request', parsed.error.issues[0]?.message ?? 'invalid body');
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token,
    expiresIn: parsed.data.expires_in,
    tokenType: parsed.data.token_type,
  };
}

/** A form-encoded POST with the client authenticated by HTTP Basic, as NetSuite's token endpoints want. */
async function postForm(
  config: OAuthConfig,
  path: string,
  form: Record<string, string>,
  { fetch: fetchImpl = fetch, timeoutMs = NETSUITE_TIMEOUT_MS }: CallOptions,
): Promise<Response> {
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`, 'utf8').toString('base64');
  let response: Response;
  try {
    response = await fetchImpl(`${config.apiOrigin.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    throw netsuiteUnreachable(cause, timeoutMs);
  }
  if (!response.ok) throw await netsuiteErrorFromResponse(response);
  return response;
}
