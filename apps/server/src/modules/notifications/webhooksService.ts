import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { BodyOf, contract, OutputOf, Webhook, WebhookDelivery } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { requireCompanyAccess, requirePermission } from '../../http/authorize.ts';
import { badField, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { companyWebhooks, webhookDeliveries } from '../../platform/db/problemsSchema.ts';
import { companies, users } from '../../platform/db/schema.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { NOTIFICATIONS_MANAGE } from './notificationPreferences.ts';
import { testPayload } from './noticeTexts.ts';
import { OutboundError } from '../../platform/outbound/addressPolicy.ts';
import { CLAIM_LEASE_MS, DELIVERY_ERRORS, sendClaimed, type SendOptions } from './webhookDelivery.ts';
import { presentDelivery, presentWebhook, type WebhookRow } from './webhookPresenter.ts';
import { newWebhookSecret, rotatedSecretColumns, sealedSecretColumns } from './webhookSecrets.ts';

export const DELIVERIES_PAGE_SIZE = 20;

/** How long a save or a test waits for a URL's host name to resolve before it goes on without the answer. */
const RESOLVE_TIMEOUT_MS = 5_000;

export interface WebhookDeps {
  db: Db;
  /** The outbound policy, the secrets' box and the timeout deliveries are sent with. */
  send: SendOptions;
  /**
   * The contract lets plain http reach this machine (a receiver under development); a production server refuses
   * it. Either way the URL's addresses must be allowed (send.outbound).
   */
  plainHttpAllowed: boolean;
  consoleOrigin?: string;
  now?: () => number;
}

/**
 * Refuses a URL whose host resolves to any address the server may not call for a tenant (loopback, private,
 * link-local and the rest: platform/outbound), naming the field. A name that does not resolve (yet) is kept:
 * every delivery resolves it again and is refused then if need be. Checked after authorization, so that only
 * those who manage a company's webhooks learn anything of where a name points.
 */
async function checkWebhookUrl(deps: WebhookDeps, url: string | undefined, field: string): Promise<void> {
  if (url === undefined) return;
  if (!deps.plainHttpAllowed && !/^https:/i.test(url))
    throw badField(field, 'The URL must start with https://');
  try {
    await deps.send.outbound.resolve(new URL(url).hostname, AbortSignal.timeout(RESOLVE_TIMEOUT_MS));
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.kind === 'address-not-allowed') throw badField(field, DELIVERY_ERRORS['address-not-allowed']);
  }
}

/**
 * Who manages a company's webhooks: those holding notificationPreferences:manage on it (the permission of the
 * notification settings page, where webhooks are kept). 403 without it at all; another company's is a 404.
 */
function requireManage(auth: AuthContext, companyId: number, what: string): void {
  requireCompanyAccess(auth, NOTIFICATIONS_MANAGE, companyId, what);
}

async function requireCompany(db: DbOrTx, companyId: number) {
  const [company] = await db
    .select({ companyId: companies.companyId, name: companies.name })
    .from(companies)
    .where(and(eq(companies.companyId, companyId), eq(companies.isDeleted, false)));
  if (!company) throw notFound('Company not found.');
  return company;
}

/** A webhook the caller may manage; missing and another company's are the same 404. */
async function manageableWebhook(
  db: DbOrTx,
  auth: AuthContext,
  webhookId: number,
  lock: 'lock' | 'read' = 'read',
): Promise<WebhookRow> {
  requirePermission(auth, NOTIFICATIONS_MANAGE);
  const query = db.select().from(companyWebhooks).where(eq(companyWebhooks.webhookId, webhookId));
  const [row] = await (lock === 'lock' ? query.for('update') : query);
  const what = `Webhook ${webhookId} not found.`;
  if (!row) throw notFound(what);
  requireManage(auth, row.companyId, what);
  return row;
}

async function presentWebhooks(db: DbOrTx, rows: readonly WebhookRow[]): Promise<Webhook[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.webhookId);
  const creators = await db
    .select({ userId: users.userId, name: users.name })
    .from(users)
    .where(inArray(users.userId, [...new Set(rows.map((row) => row.createdBy))]));
  const latest = await db
    .selectDistinctOn([webhookDeliveries.webhookId], {
      webhookId: webhookDeliveries.webhookId,
      status: webhookDeliveries.status,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.webhookId, ids))
    .orderBy(
      webhookDeliveries.webhookId,
      desc(webhookDeliveries.createdAt),
      desc(webhookDeliveries.deliveryId),
    );
  const creatorOf = new Map(creators.map((row) => [row.userId, row]));
  const latestOf = new Map(latest.map((row) => [row.webhookId, row]));
  return rows.map((row) =>
    presentWebhook(
      row,
      creatorOf.get(row.createdBy) ?? { userId: row.createdBy, name: '' },
      latestOf.get(row.webhookId),
    ),
  );
}

export async function listWebhooks(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.webhooksList>,
): Promise<Webhook[]> {
  requireManage(auth, body.companyId, 'Company not found.');
  await requireCompany(db, body.companyId);
  const rows = await db
    .select()
    .from(companyWebhooks)
    .where(eq(companyWebhooks.companyId, body.companyId))
    .orderBy(asc(companyWebhooks.name), asc(companyWebhooks.webhookId));
  return presentWebhooks(db, rows);
}

export async function createWebhook(
  deps: WebhookDeps,
  auth: AuthContext,
  body: BodyOf<typeof contract.webhooksCreate>,
): Promise<OutputOf<typeof contract.webhooksCreate>> {
  requireManage(auth, body.companyId, 'Company not found.');
  await checkWebhookUrl(deps, body.url, 'body.url');
  return deps.db.transaction(async (tx) => {
    await requireCompany(tx, body.companyId);
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(companyWebhooks)
      .values({ ...body, ...sealedSecretColumns(deps.send.secrets, secret), createdBy: auth.user.userId })
      .returning();
    if (!row) throw new Error('webhook not created');
    await recordEvent(tx, {
      name: 'webhooks.create',
      actorUserId: auth.user.userId,
      companyId: row.companyId,
      subjectType: 'company',
      subjectId: row.companyId,
      data: {
        webhookId: row.webhookId,
        name: row.name,
        url: row.url,
        levels: row.levels,
        enabled: row.enabled,
      },
    });
    const [webhook] = await presentWebhooks(tx, [row]);
    if (!webhook) throw new Error('webhook not presented');
    return { webhook, secret };
  });
}

export async function updateWebhook(
  deps: WebhookDeps,
  auth: AuthContext,
  body: BodyOf<typeof contract.webhooksUpdate>,
): Promise<OutputOf<typeof contract.webhooksUpdate>> {
  // Authorized before the URL is resolved (outside the transaction: no lock waits on a resolver).
  await manageableWebhook(deps.db, auth, body.webhookId);
  await checkWebhookUrl(deps, body.url, 'body.url');
  const now = (deps.now ?? Date.now)();
  return deps.db.transaction(async (tx) => {
    // Locked until committed: of two rotations at once, the second keeps the first's new secret as previous.
    const before = await manageableWebhook(tx, auth, body.webhookId, 'lock');
    const { webhookId, rotateSecret, ...changes } = body;
    const secret = rotateSecret ? newWebhookSecret() : null;
    const [row] = await tx
      .update(companyWebhooks)
      .set({
        ...changes,
        ...(secret ? rotatedSecretColumns(deps.send.secrets, before, secret, now) : {}),
        updatedAt: new Date(now),
      })
      .where(eq(companyWebhooks.webhookId, webhookId))
      .returning();
    if (!row) throw notFound(`Webhook ${webhookId} not found.`);
    await recordEvent(tx, {
      name: 'webhooks.update',
      actorUserId: auth.user.userId,
      companyId: row.companyId,
      subjectType: 'company',
      subjectId: row.companyId,
      data: {
        webhookId,
        before: { name: before.name, url: before.url, levels: before.levels, enabled: before.enabled },
        after: { name: row.name, url: row.url, levels: row.levels, enabled: row.enabled },
        secretRotated: rotateSecret,
      },
    });
    const [webhook] = await presentWebhooks(tx, [row]);
    if (!webhook) throw new Error('webhook not presented');
    return { webhook, secret };
  });
}

export async function deleteWebhook(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.webhooksDelete>,
): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const row = await manageableWebhook(tx, auth, body.webhookId);
    // Its deliveries go with it (on delete cascade): a delivery without its webhook could never be sent.
    await tx.delete(companyWebhooks).where(eq(companyWebhooks.webhookId, row.webhookId));
    await recordEvent(tx, {
      name: 'webhooks.delete',
      actorUserId: auth.user.userId,
      companyId: row.companyId,
      subjectType: 'company',
      subjectId: row.companyId,
      data: { webhookId: row.webhookId, name: row.name, url: row.url },
    });
  });
  return { ok: true };
}

/**
 * A test delivery, sent now and once. Its row is queued a lease ahead, so that no sender loop sends it meanwhile;
 * should this process die before it is sent, a loop sends it then.
 */
export async function testWebhook(
  deps: WebhookDeps,
  auth: AuthContext,
  body: BodyOf<typeof contract.webhooksTest>,
): Promise<WebhookDelivery> {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const hook = await manageableWebhook(db, auth, body.webhookId);
  // Refused before anything is queued: a test never calls an address that is not allowed.
  await checkWebhookUrl(deps, hook.url, 'url');
  const company = await requireCompany(db, hook.companyId);
  const payload = JSON.stringify(testPayload(company, new Date(now()), deps.consoleOrigin));
  const [queued] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId: hook.webhookId,
      kind: 'TEST',
      payload,
      nextAttemptAt: new Date(now() + CLAIM_LEASE_MS),
    })
    .returning();
  if (!queued) throw new Error('test delivery not queued');
  await sendClaimed(
    db,
    {
      ...queued,
      url: hook.url,
      secret: hook.secret,
      previousSecret: hook.previousSecret,
      previousSecretExpiresAt: hook.previousSecretExpiresAt,
      enabled: true,
    },
    { ...deps.send, now },
  );
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.deliveryId, queued.deliveryId));
  if (!row) throw notFound(`Webhook ${hook.webhookId} not found.`);
  return presentDelivery(row);
}

export async function listDeliveries(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.webhookDeliveriesList>,
): Promise<OutputOf<typeof contract.webhookDeliveriesList>> {
  const hook = await manageableWebhook(db, auth, body.webhookId);
  const page = body.pageableQuery ?? { pageSize: DELIVERIES_PAGE_SIZE, pageNumber: 0 };
  const conditions: SQL[] = [eq(webhookDeliveries.webhookId, hook.webhookId)];
  if (body.statuses && body.statuses.length > 0)
    conditions.push(inArray(webhookDeliveries.status, body.statuses));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.deliveryId))
    .limit(page.pageSize)
    .offset(page.pageSize * page.pageNumber);
  const [total] = await db.select({ total: count() }).from(webhookDeliveries).where(where);
  return {
    content: rows.map(presentDelivery),
    pageable: { totalSize: total?.total ?? 0, pageSize: page.pageSize, pageNumber: page.pageNumber },
  };
}
