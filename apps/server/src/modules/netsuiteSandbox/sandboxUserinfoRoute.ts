import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { invalidLogin } from './sandboxErrors.ts';
import { verifyAccessToken } from './sandboxGrants.ts';
import { sandboxEmailOf } from './sandboxEmployees.ts';

/** NetSuite's OpenID Connect userinfo endpoint (beside its token endpoint): who the access token signs in as. */
export const USERINFO_PATH = '/services/rest/auth/oauth2/v1/userinfo';

/** Registered in the scope whose hook has already refused a missing or dead bearer token. */
export function registerUserinfoRoute(scope: FastifyInstance, deps: { db: Db; prefix: string }): void {
  scope.get(`${deps.prefix}${USERINFO_PATH}`, async (request, reply) => {
    const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (token === undefined) throw invalidLogin();
    const holder = await verifyAccessToken(deps.db, token);
    const email = await sandboxEmailOf(deps.db, holder.entity);
    if (email === undefined) throw invalidLogin();
    return reply.header('cache-control', 'no-store').send({
      sub: holder.entity,
      email,
      email_verified: true,
      role: holder.role,
    });
  });
}
