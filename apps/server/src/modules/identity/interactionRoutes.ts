import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { verifyPassword } from '../../platform/identity/passwords.ts';
import { findActiveUserByEmail } from '../users/usersRepository.ts';
import type { NetsuiteConfig } from '../../config.ts';
import { errorPage, loginPage, pageSecurityPolicy, type LoginPageOptions } from './pages.ts';
import { waitInWords, type SignInLimiter } from './signInLimiter.ts';
import { registerStaffSignInRoutes, staffStartPath } from './staffSignInRoutes.ts';

export interface InteractionRoutesDeps {
  provider: Provider;
  db: Db;
  limiter: SignInLimiter;
  /** e.g. `/oidc` */
  mountPath: string;
  /** The console's client id: the one first-party client whose consent is implied. */
  clientId: string;
  consoleUrl: string;
  /** Provider staff's way in through NetSuite: its client, and where NetSuite returns; absent, not offered. */
  staffSignIn?: { netsuite: NetsuiteConfig; publicOrigin: string } | undefined;
}

export const SIGN_IN_MESSAGES = {
  incorrect: 'Incorrect email or password.',
  missing: 'Enter your email and password.',
  expired: 'This sign-in request has expired. Return to Kelvin and sign in again.',
  /** `wait` in words: '4 seconds', '15 minutes' (waitInWords). */
  tooMany: (wait: string) => `Too many failed sign-in attempts. Try again in ${wait}.`,
  /** The address's cap: reached by everyone's failures behind one address, so it does not blame "your" attempts. */
  tooManyFromNetwork: (wait: string) =>
    `Too many failed sign-in attempts from this network. Try again in ${wait}.`,
} as const;

/** A sign-in form is two short fields; anything bigger is not ours. */
const FORM_BODY_LIMIT = 16 * 1024;

const uidParams = z.object({ uid: z.string().min(1) });
const consentDetails = z.looseObject({
  missingOIDCScope: z.array(z.string()).optional(),
  missingOIDCClaims: z.array(z.string()).optional(),
});
const claimsRequest = z.looseObject({
  id_token: z.record(z.string(), z.unknown()).optional(),
  userinfo: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Our sign-in page in place of the provider's development pages. Registered as specific routes, which Fastify
 * matches before the provider's catch-all under the same prefix, in a scope of their own that parses only
 * urlencoded forms (the catch-all's scope must leave bodies unread).
 */
export async function registerInteractionRoutes(
  app: FastifyInstance,
  deps: InteractionRoutesDeps,
): Promise<void> {
  const { provider, db, limiter, mountPath, clientId, consoleUrl, staffSignIn } = deps;
  const loginAction = (uid: string) => `${mountPath}/interaction/${encodeURIComponent(uid)}/login`;
  /** The sign-in page of an interaction, with the staff's way in when it is offered. */
  const page = (uid: string, options: Omit<LoginPageOptions, 'action'> = {}) =>
    loginPage({
      action: loginAction(uid),
      ...(staffSignIn ? { staffAction: staffStartPath(mountPath, uid) } : {}),
      ...options,
    });

  /** The pending interaction this browser's cookie names, provided it is the one in the URL. */
  async function loadInteraction(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Interaction | undefined> {
    const { uid } = uidParams.parse(request.params);
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === uid ? interaction : undefined;
    } catch (error) {
      // No interaction cookie, an expired interaction, a session that changed meanwhile: all mean "start again".
      request.log.info({ err: error }, 'sign-in interaction not found');
      return undefined;
    }
  }

  /** Creates (or extends) the console's grant: it is our own first-party client, so consent is implied. */
  async function grantConsent(
    interaction: Interaction,
    accountId: string,
    scope: string,
    claims: readonly string[],
  ): Promise<string> {
    const existing =
      interaction.grantId === undefined ? undefined : await provider.Grant.find(interaction.grantId);
    const grant = existing?.accountId === accountId ? existing : new provider.Grant({ accountId, clientId });
    if (scope !== '') grant.addOIDCScope(scope);
    if (claims.length > 0) grant.addOIDCClaims([...claims]);
    return grant.save();
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ): Promise<FastifyReply> {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  /** Finishes the interaction as the account, with the console's implied consent to what it asked for. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    accountId: string,
  ): Promise<FastifyReply> {
    const grantId = await grantConsent(
      interaction,
      accountId,
      typeof interaction.params.scope === 'string' ? interaction.params.scope : 'openid',
      requestedClaims(interaction.params.claims),
    );
    return finish(request, reply, { login: { accountId }, consent: { grantId } });
  }

  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, parsed) => {
        parsed(null, new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')));
      },
    );

    scope.get(`${mountPath}/interaction/:uid`, async (request, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (!interaction || interaction.params.client_id !== clientId) return sendExpired(reply, consoleUrl);

      if (interaction.prompt.name === 'consent') {
        const accountId = interaction.session?.accountId;
        if (!accountId) return sendExpired(reply, consoleUrl);
        const details = consentDetails.parse(interaction.prompt.details);
        const grantId = await grantConsent(
          interaction,
          accountId,
          (details.missingOIDCScope ?? []).join(' '),
          details.missingOIDCClaims ?? [],
        );
        return finish(request, reply, { consent: { grantId } });
      }
      return sendHtml(reply, 200, page(interaction.uid));
    });

    scope.post(`${mountPath}/interaction/:uid/login`, async (request, reply) => {
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const email = (form.get('email') ?? '').trim();
      const password = form.get('password') ?? '';

      const interaction = await loadInteraction(request, reply);
      if (!interaction || interaction.params.client_id !== clientId) return sendExpired(reply, consoleUrl);
      if (email === '' || password === '') {
        return sendHtml(reply, 400, page(interaction.uid, { email, error: SIGN_IN_MESSAGES.missing }));
      }

      // Checked before the password, so a blocked guesser learns nothing, not even from timing. The wait is per
      // email and client address (and per address across emails): a guesser elsewhere never delays the owner.
      const verdict = await limiter.begin(email, request.ip);
      if (!verdict.allowed) {
        request.log.info(
          { ip: request.ip, refusedBy: verdict.refusedBy },
          'sign-in refused: too many failures',
        );
        reply.header('retry-after', String(Math.ceil(verdict.retryAfterMs / 1000)));
        const wait = waitInWords(verdict.retryAfterMs);
        const error =
          verdict.refusedBy === 'address'
            ? SIGN_IN_MESSAGES.tooManyFromNetwork(wait)
            : SIGN_IN_MESSAGES.tooMany(wait);
        return sendHtml(reply, 429, page(interaction.uid, { email, error }));
      }

      const user = await findActiveUserByEmail(db, email);
      // Always verified, also for an unknown email, so the answer takes as long either way.
      const valid = await verifyPassword(user?.passwordHash, password);
      if (!user || !valid) {
        request.log.info({ ip: request.ip }, 'sign-in refused: incorrect email or password');
        return sendHtml(reply, 401, page(interaction.uid, { email, error: SIGN_IN_MESSAGES.incorrect }));
      }

      await verdict.attempt.succeeded();
      return signIn(request, reply, interaction, user.identityId);
    });

    if (staffSignIn)
      registerStaffSignInRoutes(scope, {
        db,
        limiter,
        netsuite: staffSignIn.netsuite,
        publicOrigin: staffSignIn.publicOrigin,
        mountPath,
        loadInteraction: async (request, reply) => {
          const interaction = await loadInteraction(request, reply);
          return interaction?.params.client_id === clientId ? interaction : undefined;
        },
        signIn,
        refuse: (reply, interaction, status, error) =>
          sendHtml(reply, status, page(interaction.uid, { error, errorAboutFields: false })),
        expired: (reply) => sendExpired(reply, consoleUrl),
      });
    done();
  });
}

/** Claim names asked for with the `claims` request parameter (JSON), for the implied consent. */
function requestedClaims(raw: unknown): string[] {
  if (typeof raw !== 'string') return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  const parsed = claimsRequest.safeParse(value);
  if (!parsed.success) return [];
  return [
    ...new Set([...Object.keys(parsed.data.id_token ?? {}), ...Object.keys(parsed.data.userinfo ?? {})]),
  ];
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', pageSecurityPolicy())
    .type('text/html; charset=utf-8')
    .send(html);
}

function sendExpired(reply: FastifyReply, consoleUrl: string): FastifyReply {
  return sendHtml(reply, 400, errorPage(SIGN_IN_MESSAGES.expired, consoleUrl));
}
