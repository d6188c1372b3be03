import { createHash } from 'node:crypto';
import { desc, gte, sql } from 'drizzle-orm';
import type { BodyOf, ClientErrorGroup, ClientErrorReport, analyticsEndpoints } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, requirePermission } from '../../http/authorize.ts';
import { forbidden } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { clientErrorGroups } from '../../platform/db/schedulingSchema.ts';
import { ANALYTICS_READ, type Clock } from './analyticsService.ts';

const GROUPS_LISTED = 200;

/** The message without what changes from one occurrence to the next: ids, hashes, numbers. */
export function normalizeMessage(message: string): string {
  return message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\b[0-9a-f]{12,}\b/gi, '<id>')
    .replace(/\d+(\.\d+)?/g, '<n>')
    .trim();
}

/**
 * The first frame of a stack that names code (Chrome's "    at f (url:1:2)", Firefox and Safari's "f@url:1:2"),
 * without its line and column and the build's content hash in the chunk name, which change with every release.
 */
export function topFrame(stack: string | undefined): string {
  const frame = stack?.split('\n').find((line) => /^\s*at\s|@/.test(line) && /:\d+/.test(line));
  if (!frame) return '';
  return frame
    .trim()
    .replace(/\?[^:)\s]*/g, '')
    .replace(/-[A-Za-z0-9_-]{8}(\.m?js)/g, '$1')
    .replace(/(:\d+)+\)?$/g, '')
    .replace(/https?:\/\/[^/]+/, '');
}

/** The group an error counts in: its name, its message with numbers and ids replaced, and its top frame. */
export function fingerprintOf(report: Pick<ClientErrorReport, 'name' | 'message' | 'stack'>): string {
  const key = [report.name, normalizeMessage(report.message), topFrame(report.stack)].join('\n');
  return createHash('sha256').update(key).digest('hex').slice(0, 40);
}

/** Counts a report in its group (made on first sight), keeping the latest sample's stack, path and release. */
export async function reportClientError(
  db: DbOrTx,
  clock: Clock,
  auth: AuthContext,
  body: BodyOf<typeof analyticsEndpoints.clientErrorsReport>,
): Promise<{ ok: true }> {
  const now = clock();
  const sample = {
    stack: body.stack ?? null,
    path: body.path ?? null,
    release: body.release ?? null,
    lastUserId: auth.user.userId,
    lastSeenAt: now,
  };
  await db
    .insert(clientErrorGroups)
    .values({
      fingerprint: fingerprintOf(body),
      name: body.name,
      message: body.message,
      ...sample,
      count: 1,
      firstSeenAt: now,
    })
    .onConflictDoUpdate({
      target: clientErrorGroups.fingerprint,
      set: { ...sample, message: body.message, count: sql`${clientErrorGroups.count} + 1` },
    });
  return { ok: true };
}

/**
 * The groups seen since a day. Errors carry no company (their paths and messages may name any), so only a reader
 * of every company's usage sees them: the provider's administrators.
 */
export async function listClientErrors(
  db: DbOrTx,
  auth: AuthContext,
  body: BodyOf<typeof analyticsEndpoints.clientErrorsList>,
): Promise<{ content: ClientErrorGroup[] }> {
  requirePermission(auth, ANALYTICS_READ);
  if (companyScope(auth, ANALYTICS_READ) !== 'ALL') {
    throw forbidden('Client errors are shown to readers of every company’s usage only.');
  }
  const rows = await db
    .select()
    .from(clientErrorGroups)
    .where(gte(clientErrorGroups.lastSeenAt, new Date(`${body.from}T00:00:00Z`)))
    .orderBy(desc(clientErrorGroups.lastSeenAt))
    .limit(GROUPS_LISTED);
  return {
    content: rows.map((row) => ({
      fingerprint: row.fingerprint,
      name: row.name,
      message: row.message,
      stack: row.stack,
      path: row.path,
      release: row.release,
      count: row.count,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
    })),
  };
}
