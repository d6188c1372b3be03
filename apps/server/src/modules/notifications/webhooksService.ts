import { randomBytes } from 'node:crypto';
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
import { CLAIM_LEASE_MS, sendClaimed, type SendOptions } from './webhookDelivery.ts';
import { presentDelivery, presentWebhook, type WebhookRow } from './webhookPresenter.ts';

export const DELIVERIES_PAGE_SIZE = 20;

export interface WebhookDeps {
  db: Db;
  send: SendOptions;
  consoleOrigin?: string;
  now?: () => number;
}

/**
 * The contract lets plain http reach this machine (a receiver under development); a production server refuses it,
 * so that nobody can have it POST to services listening on its own loopback.
 */
export interface WebhookUrlPolicy {
  plainHttpAllowed: boolean;
}

function checkUrlPolicy(policy: WebhookUrlPolicy, url: string | undefined): void {
  if (url !== undefined && !policy.plainHttpAllowed && !/^https:/i.test(url))
    throw badField('body.url', 'The URL must start with https://');
}

/** A fresh signing secret: 192 random bits, prefixed so that people can tell what it is. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
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
async function manageableWebhook(db: DbOrTx, auth: AuthContext, webhookId: number): Promise<WebhookRow> {
  requirePermission(auth, NOTIFICATIONS_MANAGE);
  const [row] = await db.select().from(companyWebhooks).where(eq(companyWebhooks.webhookId, webhookId));
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
  db: Db,
  policy: WebhookUrlPolicy,
  auth: AuthContext,
  body: BodyOf<typeof contract.webhooksCreate>,
): Promise<OutputOf<typeof contract.webhooksCreate>> {
  requireManage(auth, body.companyId, 'Company not found.');
  checkUrlPolicy(policy, body.url);
  return db.transaction(async (tx) => {
    await requireCompany(tx, body.companyId);
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(companyWebhooks)
      .values({ ...body, secret, createdBy: auth.user.userId })
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
  db: Db,
  policy: WebhookUrlPolicy,
  auth: AuthContext,
  body: BodyOf<typeof contract.webhooksUpdate>,
): Promise<OutputOf<typeof contract.webhooksUpdate>> {
  return db.transaction(async (tx) => {
    const before = await manageableWebhook(tx, auth, body.webhookId);
    checkUrlPolicy(policy, body.url);
    const { webhookId, rotateSecret, ...changes } = body;
    const secret = rotateSecret ? newWebhookSecret() : null;
    const [row] = await tx
      .update(companyWebhooks)
      .set({ ...changes, ...(secret ? { secret } : {}), updatedAt: new Date() })
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
    { ...queued, url: hook.url, secret: hook.secret, enabled: true },
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
