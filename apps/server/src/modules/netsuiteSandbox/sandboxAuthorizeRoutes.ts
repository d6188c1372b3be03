import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import { loadOrCreateSecret } from '../../platform/db/settings.ts';
import {
  authorizeErrorPage,
  authorizePage,
  SANDBOX_ROLES,
  SANDBOX_USER,
  type AuthorizeRequest,
} from './sandboxAuthorizePage.ts';
import { sandboxEntityFor } from './sandboxEmployees.ts';
import { issueAuthorizationCode, SANDBOX_SCOPE } from './sandboxGrants.ts';

export const AUTHORIZE_PATH = '/app/login/oauth2/authorize.nl';
const FORM_COOKIE = 'netsuite_sandbox_form';
/** How long a rendered sign-in form may be submitted. */
const FORM_TTL_MS = 30 * 60_000;

export const AUTHORIZE_MESSAGES = {
  unknownClient: 'The client_id is not a client of this account.',
  badRedirect: 'The redirect_uri is not an http(s) address of this server.',
  staleForm: 'This sign-in form has expired or was not sent from this page.',
  badLogin: 'Invalid email address or password.',
} as const;

const field = z.string().max(2048).optional();
const authorizeParams = z.object({
  response_type: field,
  client_id: field,
  redirect_uri: field,
  scope: field,
  state: field,
});
const submitted = authorizeParams.extend({
  csrf: field,
  issued: field,
  email: field,
  password: field,
  role: field,
  action: field,
});

interface Deps {
  db: Db;
  config: Config;
  prefix: string;
}

/** The authorization page (GET) and its form (POST): sign in as the sandbox user, then a code or a refusal. */
export function registerAuthorizeRoutes(scope: FastifyInstance, { db, config, prefix }: Deps): void {
  const client = config.netsuite;
  const publicOrigin = new URL(config.publicOrigin).origin;
  const secure = config.publicOrigin.startsWith('https:');
  let formKey: Promise<string> | undefined;
  const key = () => (formKey ??= loadOrCreateSecret(db, 'netsuiteSandbox.formKey'));

  const formToken = async (cookie: string, request: AuthorizeRequest, issued: string) =>
    createHmac('sha256', await key())
      .update(
        [cookie, request.client_id, request.redirect_uri, request.scope, request.state, issued].join('\n'),
      )
      .digest('base64url');

  function sendPage(
    reply: FastifyReply,
    status: number,
    render: (nonce: string) => string,
    formAction?: string,
  ) {
    const nonce = randomBytes(16).toString('base64');
    const actions = ["'self'", ...(formAction ? [formAction] : [])].join(' ');
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'nonce-${nonce}'; form-action ${actions}; base-uri 'none'; frame-ancestors 'none'`,
      )
      .send(render(nonce));
  }

  /** The redirect_uri if it is one the sandbox may send a code to: http(s), on this server's own origin. */
  function allowedRedirect(text: string | undefined): URL | undefined {
    if (!text || !URL.canParse(text)) return undefined;
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.hash !== '' || url.origin !== publicOrigin) return undefined;
    return url;
  }

  function redirectBack(reply: FastifyReply, target: URL, params: Record<string, string>) {
    const url = new URL(target);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return reply.header('cache-control', 'no-store').redirect(url.toString(), 303);
  }

  /**
   * Checks an authorization request as NetSuite does: a bad client or redirect_uri gets a page (a code must never
   * go to an address the client did not register); any other fault goes back to the client as an OAuth error.
   */
  function checkRequest(params: z.infer<typeof authorizeParams>, reply: FastifyReply) {
    if (params.client_id !== client.clientId)
      return {
        refused: sendPage(reply, 400, (nonce) => authorizeErrorPage(AUTHORIZE_MESSAGES.unknownClient, nonce)),
      };
    const redirect = allowedRedirect(params.redirect_uri);
    if (!redirect)
      return {
        refused: sendPage(reply, 400, (nonce) => authorizeErrorPage(AUTHORIZE_MESSAGES.badRedirect, nonce)),
      };
    const state = params.state ?? '';
    const back = (error: string, description: string) => ({
      refused: redirectBack(reply, redirect, {
        error,
        error_description: description,
        ...(state === '' ? {} : { state }),
      }),
    });
    if (params.response_type !== 'code')
      return back('unsupported_response_type', 'response_type must be code.');
    if (!(params.scope ?? '').split(' ').includes(SANDBOX_SCOPE))
      return back('invalid_scope', `scope must include ${SANDBOX_SCOPE}.`);
    // NetSuite's rule: a state of 22 to 1024 printable characters.
    if (!/^[\x21-\x7e]{22,1024}$/.test(state))
      return back('invalid_request', 'state must be 22 to 1024 printable characters.');
    const request: AuthorizeRequest = {
      client_id: client.clientId,
      redirect_uri: params.redirect_uri ?? redirect.toString(),
      scope: params.scope ?? SANDBOX_SCOPE,
      state,
    };
    return { request, redirect, formAction: redirect.origin };
  }

  function cookieOf(request: FastifyRequest): string | undefined {
    const header = request.headers.cookie ?? '';
    for (const part of header.split(';')) {
      const [name, value] = part.trim().split('=');
      if (name === FORM_COOKIE && value && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
    }
    return undefined;
  }

  async function renderForm(
    request: FastifyRequest,
    reply: FastifyReply,
    checked: { request: AuthorizeRequest; formAction: string },
    status: number,
    extra: { email?: string; role?: string; error?: string } = {},
  ) {
    const cookie = cookieOf(request) ?? randomBytes(32).toString('base64url');
    const issued = String(Date.now());
    const csrf = await formToken(cookie, checked.request, issued);
    void reply.header(
      'set-cookie',
      `${FORM_COOKIE}=${cookie}; Path=${prefix}/app/login/oauth2; Max-Age=${FORM_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );
    return sendPage(
      reply,
      status,
      (nonce) =>
        authorizePage({
          request: checked.request,
          accountId: client.accountId,
          nonce,
          csrf,
          issued,
          ...extra,
        }),
      checked.formAction,
    );
  }

  scope.get(`${prefix}${AUTHORIZE_PATH}`, async (request, reply) => {
    const checked = checkRequest(authorizeParams.catch({}).parse(request.query), reply);
    if ('refused' in checked) return checked.refused;
    return renderForm(request, reply, checked, 200);
  });

  scope.post(`${prefix}${AUTHORIZE_PATH}`, async (request, reply) => {
    const body = request.body instanceof URLSearchParams ? Object.fromEntries(request.body.entries()) : {};
    const form = submitted.catch({}).parse(body);
    const checked = checkRequest(form, reply);
    if ('refused' in checked) return checked.refused;

    // The form's token is bound to this browser's cookie and to this very request, and lasts 30 minutes.
    const cookie = cookieOf(request);
    const issued = Number(form.issued);
    const expected = cookie ? await formToken(cookie, checked.request, form.issued ?? '') : '';
    const given = form.csrf ?? '';
    const fresh = Number.isFinite(issued) && Date.now() - issued < FORM_TTL_MS && issued <= Date.now();
    if (
      !cookie ||
      !fresh ||
      given.length !== expected.length ||
      !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
    )
      return sendPage(reply, 403, (nonce) => authorizeErrorPage(AUTHORIZE_MESSAGES.staleForm, nonce));

    if (form.action === 'cancel')
      return redirectBack(reply, checked.redirect, { error: 'access_denied', state: checked.request.state });

    const role = SANDBOX_ROLES.find((option) => option.id === form.role);
    const email = (form.email ?? '').trim();
    // Any e-mail address with the sandbox password: see sandboxEmployees.
    if (!role || !z.email().safeParse(email).success || form.password !== SANDBOX_USER.password)
      return renderForm(request, reply, checked, 401, {
        email,
        role: role?.id ?? SANDBOX_ROLES[0].id,
        error: AUTHORIZE_MESSAGES.badLogin,
      });

    const entity = await sandboxEntityFor(db, email);
    const code = await issueAuthorizationCode(db, {
      clientId: client.clientId,
      redirectUri: checked.request.redirect_uri,
      entity,
      role: role.id,
    });
    return redirectBack(reply, checked.redirect, {
      state: checked.request.state,
      role: role.id,
      entity,
      company: client.accountId,
      code,
    });
  });
}
