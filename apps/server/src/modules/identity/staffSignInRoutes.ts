import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import { z } from 'zod';
import { isExternalUser, PROVIDER_COMPANY_ID } from '@kelvin/domain';
import type { NetsuiteConfig } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import { findActiveUserByEmail } from '../users/usersRepository.ts';
import { waitInWords, type SignInLimiter } from './signInLimiter.ts';
import {
  netsuiteEmailForCode,
  staffAuthorizationUrl,
  staffRedirectUri,
  STAFF_RETURN_PATH,
} from './staffSignInNetsuite.ts';
import { staffSignInStore, type StaffSignInOutcome } from './staffSignInStore.ts';

export const STAFF_SIGN_IN_MESSAGES = {
  notStaff: "This way in is for the provider's staff. Sign in with your e-mail and password.",
  unknown:
    'No Kelvin user has the e-mail address NetSuite signed you in with. Sign in with your e-mail and password.',
  cancelled: 'The NetSuite sign-in was cancelled.',
  failed: 'NetSuite did not finish the sign-in. Try again, or sign in with your e-mail and password.',
  tooMany: (wait: string) => `Too many failed sign-in attempts. Try again in ${wait}.`,
} as const;

/** NetSuite's rule for an authorization's state, and the time a started sign-in may take to come back. */
const STATE_TTL_SECONDS = 600;
/** The outcome only crosses one redirect, back to the interaction's own address. */
const OUTCOME_TTL_SECONDS = 60;

const returnQuery = z.object({
  state: z.string().max(1024).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
});
const finishQuery = z.object({ outcome: z.string().max(100).optional() });

export interface StaffSignInDeps {
  db: Db;
  limiter: SignInLimiter;
  netsuite: NetsuiteConfig;
  publicOrigin: string;
  mountPath: string;
  loadInteraction: (request: FastifyRequest, reply: FastifyReply) => Promise<Interaction | undefined>;
  /** Finishes the interaction signed in as the account (consent implied, as for passwords). */
  signIn: (
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    accountId: string,
  ) => Promise<FastifyReply>;
  /** The sign-in page again with a message, at a status. */
  refuse: (reply: FastifyReply, interaction: Interaction, status: number, error: string) => FastifyReply;
  expired: (reply: FastifyReply) => FastifyReply;
}

export const staffStartPath = (mountPath: string, uid: string) =>
  `${mountPath}/interaction/${encodeURIComponent(uid)}/netsuite`;

/**
 * Provider staff sign in through NetSuite (OAuth 2.0 authorization code). Start: a random state bound to the
 * interaction, stored server-side. Return (a fixed address, as NetSuite redirects only to a registered one): the
 * state is taken once, the code exchanged, the employee's e-mail read and mapped to a Kelvin user of the provider's
 * company, with the password sign-in's limits. The outcome then crosses one redirect to the interaction's own
 * address, where the browser's interaction cookie proves it is the browser that started, and the sign-in finishes.
 */
export function registerStaffSignInRoutes(scope: FastifyInstance, deps: StaffSignInDeps): void {
  const { db, limiter, netsuite, publicOrigin, mountPath } = deps;
  const store = staffSignInStore(db);
  const redirectUri = staffRedirectUri(publicOrigin, mountPath);

  scope.get(`${mountPath}/interaction/:uid/netsuite`, async (request, reply) => {
    const interaction = await deps.loadInteraction(request, reply);
    if (!interaction) return deps.expired(reply);
    const state = randomBytes(32).toString('base64url');
    await store.putState(state, interaction.uid, STATE_TTL_SECONDS);
    return reply
      .header('cache-control', 'no-store')
      .redirect(staffAuthorizationUrl(netsuite, { redirectUri, state }), 303);
  });

  async function outcomeOf(
    request: FastifyRequest,
    uid: string,
    code: string | undefined,
    error: string | undefined,
  ): Promise<StaffSignInOutcome> {
    if (error !== undefined || code === undefined)
      return {
        uid,
        status: 400,
        error: error === 'access_denied' ? STAFF_SIGN_IN_MESSAGES.cancelled : STAFF_SIGN_IN_MESSAGES.failed,
      };
    let email: string;
    try {
      email = await netsuiteEmailForCode(netsuite, { code, redirectUri });
    } catch (failure) {
      request.log.warn({ err: failure }, 'staff sign-in: NetSuite refused or failed');
      return { uid, status: 502, error: STAFF_SIGN_IN_MESSAGES.failed };
    }
    const verdict = await limiter.begin(email, request.ip);
    if (!verdict.allowed)
      return { uid, status: 429, error: STAFF_SIGN_IN_MESSAGES.tooMany(waitInWords(verdict.retryAfterMs)) };
    const user = await findActiveUserByEmail(db, email);
    if (!user) return { uid, status: 401, error: STAFF_SIGN_IN_MESSAGES.unknown };
    if (user.companyId !== PROVIDER_COMPANY_ID || isExternalUser(user)) {
      request.log.info({ userId: user.userId }, 'staff sign-in refused: not of the provider company');
      return { uid, status: 403, error: STAFF_SIGN_IN_MESSAGES.notStaff };
    }
    await verdict.attempt.succeeded();
    return { uid, accountId: user.identityId };
  }

  scope.get(`${mountPath}${STAFF_RETURN_PATH}`, async (request, reply) => {
    const query = returnQuery.catch({}).parse(request.query);
    const started = query.state === undefined ? undefined : await store.takeState(query.state);
    if (!started) return deps.expired(reply);
    const outcome = await outcomeOf(request, started.uid, query.code, query.error);
    const id = randomBytes(32).toString('base64url');
    await store.putOutcome(id, outcome, OUTCOME_TTL_SECONDS);
    const finish = `${staffStartPath(mountPath, started.uid)}/finish?outcome=${encodeURIComponent(id)}`;
    return reply.header('cache-control', 'no-store').redirect(finish, 303);
  });

  scope.get(`${mountPath}/interaction/:uid/netsuite/finish`, async (request, reply) => {
    const interaction = await deps.loadInteraction(request, reply);
    if (!interaction) return deps.expired(reply);
    const { outcome: id } = finishQuery.catch({}).parse(request.query);
    const outcome = id === undefined ? undefined : await store.takeOutcome(id);
    if (!outcome || outcome.uid !== interaction.uid) return deps.expired(reply);
    if (outcome.accountId !== undefined) return deps.signIn(request, reply, interaction, outcome.accountId);
    return deps.refuse(
      reply,
      interaction,
      outcome.status ?? 400,
      outcome.error ?? STAFF_SIGN_IN_MESSAGES.failed,
    );
  });
}
