import { createHash, randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  LIVE_NAMESPACE,
  LIVE_SOCKET_PATH,
  LIVE_UPDATES_EVENT,
  metricValueStateUpdatesSchema,
  type MetricValueStateUpdate,
} from '@kelvin/contract';
import { z } from 'zod';
import { Browser } from '../modules/identity/identityTestBrowser.ts';
import { sealedSecretColumns } from '../modules/notifications/webhookSecrets.ts';
import type { TelemetryFleet } from '../modules/telemetry/telemetryTestFixture.ts';
import type { Db } from '../platform/db/database.ts';
import { companyWebhooks, webhookDeliveries } from '../platform/db/problemsSchema.ts';
import { createSecretBox } from '../platform/secrets/secretBox.ts';

/**
 * A webhook of company A to `url`, its secret sealed with the cluster's key, and `count` test deliveries due now
 * (payload `{ n }`, 0 to count - 1); answers the deliveries' ids.
 */
export async function queueTestDeliveries(
  db: Db,
  fleet: TelemetryFleet,
  options: { url: string; secret: string; secretKey: Buffer; count: number },
): Promise<number[]> {
  const [hook] = await db
    .insert(companyWebhooks)
    .values({
      companyId: fleet.companyA.companyId,
      name: 'Pager',
      url: options.url,
      ...sealedSecretColumns(createSecretBox(options.secretKey), options.secret),
      levels: ['CRITICAL'],
      createdBy: fleet.users.adminA.userId,
    })
    .returning();
  if (!hook) throw new Error('no webhook');
  const rows = await db
    .insert(webhookDeliveries)
    .values(
      Array.from({ length: options.count }, (_, n) => ({
        webhookId: hook.webhookId,
        kind: 'TEST',
        payload: JSON.stringify({ event: 'webhook.test', n }),
        nextAttemptAt: new Date(0),
      })),
    )
    .returning();
  return rows.map((row) => row.deliveryId);
}

/**
 * A live connection on long polling only, keeping cookies as a browser does: every poll is a request of its own,
 * which reaches the process holding the session only through HAProxy's sticky cookie.
 */
export function pollingLiveClient(
  url: string,
  token: string,
): { socket: Socket; updates: MetricValueStateUpdate[] } {
  const socket = io(`${url}${LIVE_NAMESPACE}`, {
    path: LIVE_SOCKET_PATH,
    auth: { token },
    transports: ['polling'],
    withCredentials: true,
    reconnection: false,
    forceNew: true,
  });
  const updates: MetricValueStateUpdate[] = [];
  socket.on(LIVE_UPDATES_EVENT, (payload: unknown) =>
    updates.push(...metricValueStateUpdatesSchema.parse(payload)),
  );
  return { socket, updates };
}

/** A browser (identityTestBrowser) that notes which process answered each of its requests. */
export class ClusterBrowser extends Browser {
  readonly answeredBy: string[] = [];

  override async request(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await super.request(url, init);
    this.answeredBy.push(response.headers.get('x-kelvin-process') ?? '');
    return response;
  }
}

/**
 * The console's sign-in at the embedded issuer, as a browser does it: authorization request, the sign-in form,
 * the redirect with a code, the code exchanged (PKCE) for the ID token.
 */
export async function signInThrough(
  browser: ClusterBrowser,
  origin: string,
  clientId: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const callback = `${origin}/auth/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: callback,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
  });
  const page = await browser.follow(
    await browser.request(`${origin}/oidc/auth?${query.toString()}`),
    callback,
  );
  const form = /<form method="post" action="([^"]+)"/.exec(await page.response.text())?.[1];
  if (!form) throw new Error(`no sign-in form at ${page.url}`);
  const submitted = await browser.postForm(new URL(form.replaceAll('&amp;', '&'), origin).href, credentials);
  const { url } = await browser.follow(submitted, callback);
  const code = new URL(url).searchParams.get('code');
  if (!code) throw new Error(`no code in ${url}`);
  const token = await browser.postForm(`${origin}/oidc/token`, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: callback,
    client_id: clientId,
    code_verifier: verifier,
  });
  if (token.status !== 200) throw new Error(`token: ${token.status} ${await token.text()}`);
  return z.object({ id_token: z.string() }).parse(await token.json()).id_token;
}
