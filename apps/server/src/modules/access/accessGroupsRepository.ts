import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assetAccessGroupAssets, assetAccessGroups, assets, users } from '../../platform/db/schema.ts';

/** The user's default access group, created on first use: every user has at most one (a partial unique index). */
export async function ensureDefaultGroup(db: DbOrTx, userId: number): Promise<number> {
  const [existing] = await db
    .select({ id: assetAccessGroups.assetAccessGroupId })
    .from(assetAccessGroups)
    .where(and(eq(assetAccessGroups.userId, userId), eq(assetAccessGroups.isDefault, true)));
  if (existing) return existing.id;
  const [created] = await db
    .insert(assetAccessGroups)
    .values({ userId, isDefault: true })
    .returning({ id: assetAccessGroups.assetAccessGroupId });
  if (!created) throw new Error(`No default access group for user ${userId}`);
  return created.id;
}

export async function addAssetToDefaultGroups(
  db: DbOrTx,
  assetId: number,
  userIds: readonly number[],
): Promise<void> {
  for (const userId of userIds) {
    const groupId = await ensureDefaultGroup(db, userId);
    await db
      .insert(assetAccessGroupAssets)
      .values({ assetAccessGroupId: groupId, assetId })
      .onConflictDoNothing();
  }
}

/** Removes the asset from the users' default groups. */
export async function removeAssetFromDefaultGroups(
  db: DbOrTx,
  assetId: number,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  const groups = db
    .select({ id: assetAccessGroups.assetAccessGroupId })
    .from(assetAccessGroups)
    .where(and(inArray(assetAccessGroups.userId, [...userIds]), eq(assetAccessGroups.isDefault, true)));
  await db
    .delete(assetAccessGroupAssets)
    .where(
      and(
        eq(assetAccessGroupAssets.assetId, assetId),
        inArray(assetAccessGroupAssets.assetAccessGroupId, groups),
      ),
    );
}

/** Removes the asset from every group: a deleted asset grants nothing. */
export async function removeAssetFromAllGroups(db: DbOrTx, assetId: number): Promise<void> {
  await db.delete(assetAccessGroupAssets).where(eq(assetAccessGroupAssets.assetId, assetId));
}

/** The (non-deleted) users whose groups hold the asset itself. */
export async function usersHoldingAsset(db: DbOrTx, assetId: number) {
  const rows = await db
    .selectDistinct({ user: users })
    .from(assetAccessGroupAssets)
    .innerJoin(
      assetAccessGroups,
      eq(assetAccessGroups.assetAccessGroupId, assetAccessGroupAssets.assetAccessGroupId),
    )
    .innerJoin(users, eq(users.userId, assetAccessGroups.userId))
    .where(and(eq(assetAccessGroupAssets.assetId, assetId), eq(users.isDeleted, false)))
    .orderBy(asc(users.userId));
  return rows.map((row) => row.user);
}

/** The (non-deleted) assets placed directly in the user's groups. */
export async function assetsInUserGroups(db: DbOrTx, userId: number) {
  const rows = await db
    .selectDistinct({ asset: assets })
    .from(assetAccessGroupAssets)
    .innerJoin(
      assetAccessGroups,
      eq(assetAccessGroups.assetAccessGroupId, assetAccessGroupAssets.assetAccessGroupId),
    )
    .innerJoin(assets, eq(assets.assetId, assetAccessGroupAssets.assetId))
    .where(and(eq(assetAccessGroups.userId, userId), eq(assets.isDeleted, false)))
    .orderBy(asc(assets.assetId));
  return rows.map((row) => row.asset);
}

export async function findUsers(db: DbOrTx, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.userId, [...userIds]));
}
