import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { NetsuiteConfig } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import { SandboxOAuthError } from './sandboxErrors.ts';
import { exchangeAuthorizationCode, refreshAccessToken, revokeToken } from './sandboxGrants.ts';

export const TOKEN_PATH = '/services/rest/auth/oauth2/v1/token';
export const REVOKE_PATH = '/services/rest/auth/oauth2/v1/revoke';

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The client, authenticated by HTTP Basic (RFC 6749 section 2.3.1: id and secret form-encoded, then base64), or
 * 401 invalid_client.
 */
export function authenticateClient(request: FastifyRequest, client: NetsuiteConfig): string {
  const header = request.headers.authorization ?? '';
  const encoded = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header)?.[1];
  const decoded = encoded === undefined ? '' : Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return '';
    }
  };
  const id = colon < 0 ? '' : decode(decoded.slice(0, colon));
  const secret = colon < 0 ? '' : decode(decoded.slice(colon + 1));
  if (colon < 0 || !sameText(id, client.clientId) || !sameText(secret, client.clientSecret))
    throw new SandboxOAuthError(401, 'invalid_client', 'Client authentication failed.');
  return id;
}

const formField = z.string().min(1).max(4096);
const codeGrant = z.object({
  grant_type: z.literal('authorization_code'),
  code: formField,
  redirect_uri: formField,
});
const refreshGrant = z.object({ grant_type: z.literal('refresh_token'), refresh_token: formField });
const revokeForm = z.object({ token: formField, token_type_hint: z.string().optional() });

/** The form body as an object of its fields; anything but a form is invalid_request. */
function formOf(request: FastifyRequest): Record<string, string> {
  if (!(request.body instanceof URLSearchParams))
    throw new SandboxOAuthError(
      400,
      'invalid_request',
      'The request body must be application/x-www-form-urlencoded.',
    );
  return Object.fromEntries(request.body.entries());
}

function parseForm<T extends z.ZodType>(schema: T, form: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(form);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues[0]?.path.map(String).join('.') ?? '';
  throw new SandboxOAuthError(400, 'invalid_request', `The parameter ${field} is missing or invalid.`);
}

/** The token endpoint (both grants) and revocation, in a scope that parses form bodies. */
export function registerTokenRoutes(
  scope: FastifyInstance,
  deps: { db: Db; client: NetsuiteConfig; prefix: string },
): void {
  const { db, client, prefix } = deps;

  scope.post(`${prefix}${TOKEN_PATH}`, async (request, reply) => {
    const clientId = authenticateClient(request, client);
    const form = formOf(request);
    void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    if (form.grant_type === 'authorization_code') {
      const grant = parseForm(codeGrant, form);
      const tokens = await exchangeAuthorizationCode(db, {
        clientId,
        code: grant.code,
        redirectUri: grant.redirect_uri,
      });
      return {
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        expires_in: tokens.expiresIn,
        token_type: 'bearer',
      };
    }
    if (form.grant_type === 'refresh_token') {
      const grant = parseForm(refreshGrant, form);
      const tokens = await refreshAccessToken(db, { clientId, refreshToken: grant.refresh_token });
      return { access_token: tokens.accessToken, expires_in: tokens.expiresIn, token_type: 'bearer' };
    }
    if (form.grant_type === undefined)
      throw new SandboxOAuthError(400, 'invalid_request', 'The parameter grant_type is missing.');
    throw new SandboxOAuthError(
      400,
      'unsupported_grant_type',
      'grant_type must be authorization_code or refresh_token.',
    );
  });

  scope.post(`${prefix}${REVOKE_PATH}`, async (request, reply) => {
    const clientId = authenticateClient(request, client);
    const { token } = parseForm(revokeForm, formOf(request));
    await revokeToken(db, { clientId, token });
    return reply.status(200).header('cache-control', 'no-store').send();
  });
}
