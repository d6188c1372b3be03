import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { ThresholdLimit } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assets, thresholdGroups } from '../../platform/db/schema.ts';

export type ThresholdGroupRow = typeof thresholdGroups.$inferSelect;

/** Groups not deleted, of the given companies ('ALL' for every one), by name. */
export async function listGroups(db: DbOrTx, companyIds: 'ALL' | readonly number[]) {
  if (companyIds !== 'ALL' && companyIds.length === 0) return [];
  const live = eq(thresholdGroups.isDeleted, false);
  return db
    .select()
    .from(thresholdGroups)
    .where(companyIds === 'ALL' ? live : and(live, inArray(thresholdGroups.companyId, [...companyIds])))
    .orderBy(asc(thresholdGroups.name), asc(thresholdGroups.thresholdGroupId));
}

/** A group not deleted; `forUpdate` holds it until the transaction ends (a concurrent attach waits). */
export async function findGroup(db: DbOrTx, thresholdGroupId: number, forUpdate = false) {
  const query = db
    .select()
    .from(thresholdGroups)
    .where(and(eq(thresholdGroups.thresholdGroupId, thresholdGroupId), eq(thresholdGroups.isDeleted, false)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertGroup(
  db: DbOrTx,
  values: {
    companyId: number;
    name: string;
    description: string;
    limits: ThresholdLimit[];
    createdBy: number;
  },
) {
  const [row] = await db.insert(thresholdGroups).values(values).returning();
  if (!row) throw new Error('The threshold group was not inserted.');
  return row;
}

export async function updateGroup(
  db: DbOrTx,
  thresholdGroupId: number,
  values: Partial<{ name: string; description: string; limits: ThresholdLimit[]; isDeleted: boolean }>,
) {
  const [row] = await db
    .update(thresholdGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(thresholdGroups.thresholdGroupId, thresholdGroupId))
    .returning();
  if (!row) throw new Error('The threshold group vanished.');
  return row;
}

/** How many live assets use each group. */
export async function assetCounts(db: DbOrTx, groupIds: readonly number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({ groupId: assets.thresholdGroupId, n: count() })
    .from(assets)
    .where(and(inArray(assets.thresholdGroupId, [...groupIds]), eq(assets.isDeleted, false)))
    .groupBy(assets.thresholdGroupId);
  return new Map(rows.flatMap((row) => (row.groupId === null ? [] : [[row.groupId, row.n]])));
}
