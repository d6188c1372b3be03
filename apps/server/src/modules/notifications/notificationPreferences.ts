import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_LEVELS,
  problemLevels,
  type BodyOf,
  type contract,
  type NotificationPreference,
  type ProblemLevel,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, requireCompanyAccess, requirePermission } from '../../http/authorize.ts';
import { notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { notificationPreferences } from '../../platform/db/problemsSchema.ts';
import { companies } from '../../platform/db/schema.ts';
import { recordEvent } from '../events/recordEvent.ts';

/** Spec: the notification settings page, and with it a user's choices, need this on the company. */
export const NOTIFICATIONS_MANAGE = 'notificationPreferences:manage';

export interface EffectivePreference {
  levels: ProblemLevel[];
  inConsole: boolean;
  webhook: boolean;
  isDefault: boolean;
}

export const DEFAULT_PREFERENCE: EffectivePreference = {
  levels: [...DEFAULT_NOTIFICATION_LEVELS],
  inConsole: true,
  webhook: false,
  isDefault: true,
};

type PreferenceRow = typeof notificationPreferences.$inferSelect;

const isLevel = (value: string): value is ProblemLevel => problemLevels.some((level) => level === value);

export function effectivePreference(row: PreferenceRow | undefined): EffectivePreference {
  if (!row) return DEFAULT_PREFERENCE;
  return {
    levels: row.levels.filter(isLevel),
    inConsole: row.inConsole,
    webhook: row.webhook,
    isDefault: false,
  };
}

/** The stored choices of these users for one company, by user; a user without a row takes the defaults. */
export async function preferencesOf(
  db: DbOrTx,
  userIds: readonly number[],
  companyId: number,
): Promise<Map<number, EffectivePreference>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(notificationPreferences)
          .where(
            and(
              eq(notificationPreferences.companyId, companyId),
              inArray(notificationPreferences.userId, [...userIds]),
            ),
          );
  const stored = new Map(rows.map((row) => [row.userId, row]));
  return new Map(userIds.map((userId) => [userId, effectivePreference(stored.get(userId))]));
}

function present(company: { companyId: number; name: string }, preference: EffectivePreference) {
  return {
    companyId: company.companyId,
    companyName: company.name,
    ...preference,
  } satisfies NotificationPreference;
}

/** The caller's choices for every company they may manage them for (their own company first), or for one. */
export async function getPreferences(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.notificationPreferencesGet>,
): Promise<{ preferences: NotificationPreference[] }> {
  requirePermission(auth, NOTIFICATIONS_MANAGE);
  if (body.companyId !== undefined)
    requireCompanyAccess(auth, NOTIFICATIONS_MANAGE, body.companyId, 'Company not found.');
  const scope = companyScope(auth, NOTIFICATIONS_MANAGE);
  const conditions = [eq(companies.isDeleted, false)];
  if (body.companyId !== undefined) conditions.push(eq(companies.companyId, body.companyId));
  else if (scope !== 'ALL') conditions.push(inArray(companies.companyId, scope.length > 0 ? scope : [0]));
  const rows = await db
    .select({ companyId: companies.companyId, name: companies.name, preference: notificationPreferences })
    .from(companies)
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.companyId, companies.companyId),
        eq(notificationPreferences.userId, auth.user.userId),
      ),
    )
    .where(and(...conditions))
    .orderBy(asc(companies.name), asc(companies.companyId));
  if (body.companyId !== undefined && rows.length === 0) throw notFound('Company not found.');
  const own = auth.user.companyId;
  const ordered = [
    ...rows.filter((row) => row.companyId === own),
    ...rows.filter((row) => row.companyId !== own),
  ];
  return {
    preferences: ordered.map((row) => present(row, effectivePreference(row.preference ?? undefined))),
  };
}

export async function updatePreference(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.notificationPreferencesUpdate>,
): Promise<NotificationPreference> {
  requireCompanyAccess(auth, NOTIFICATIONS_MANAGE, body.companyId, 'Company not found.');
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ companyId: companies.companyId, name: companies.name })
      .from(companies)
      .where(and(eq(companies.companyId, body.companyId), eq(companies.isDeleted, false)));
    if (!company) throw notFound('Company not found.');
    const values = { levels: body.levels, inConsole: body.inConsole, webhook: body.webhook };
    const [row] = await tx
      .insert(notificationPreferences)
      .values({ userId: auth.user.userId, companyId: company.companyId, ...values })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.companyId],
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    await recordEvent(tx, {
      name: 'notificationPreferences.update',
      actorUserId: auth.user.userId,
      companyId: company.companyId,
      subjectType: 'user',
      subjectId: auth.user.userId,
      data: { companyId: company.companyId, ...values },
    });
    return present(company, effectivePreference(row));
  });
}
