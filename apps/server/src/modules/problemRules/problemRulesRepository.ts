import { and, asc, count, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { RuleCondition } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  detectedProblems,
  monitorGroupRules,
  monitorGroups,
  problemRuleDefinitions,
} from '../../platform/db/problemsSchema.ts';
import { assets } from '../../platform/db/schema.ts';

export type RuleDefinitionRow = typeof problemRuleDefinitions.$inferSelect;
export type MonitorGroupRow = typeof monitorGroups.$inferSelect;

/** Which companies a read reaches: its own scope (or every company), plus the library's system rules. */
export interface CompanyReach {
  companyIds: 'ALL' | readonly number[];
  libraryCompanyId: number;
}

const ruleLive = eq(problemRuleDefinitions.isDeleted, false);

/**
 * Rules not deleted of the reached companies, and the library's system rules (its ad hoc ones are the provider's
 * own problems, reached only with the provider company in scope), by name.
 */
export async function listRules(
  db: DbOrTx,
  reach: CompanyReach,
  filter: { types?: readonly string[] | undefined; includeDisabled: boolean },
) {
  const library = and(
    eq(problemRuleDefinitions.companyId, reach.libraryCompanyId),
    eq(problemRuleDefinitions.type, 'SYSTEM'),
  );
  const reached: SQL | undefined =
    reach.companyIds === 'ALL'
      ? undefined
      : reach.companyIds.length === 0
        ? library
        : or(inArray(problemRuleDefinitions.companyId, [...reach.companyIds]), library);
  return db
    .select()
    .from(problemRuleDefinitions)
    .where(
      and(
        ruleLive,
        reached,
        filter.types ? inArray(problemRuleDefinitions.type, [...filter.types]) : undefined,
        filter.includeDisabled ? undefined : isNull(problemRuleDefinitions.disabledAt),
      ),
    )
    .orderBy(asc(problemRuleDefinitions.name), asc(problemRuleDefinitions.problemRuleDefinitionId));
}

/** A rule not deleted; `forUpdate` holds it until the transaction ends (a concurrent change waits). */
export async function findRule(db: DbOrTx, problemRuleDefinitionId: number, forUpdate = false) {
  const query = db
    .select()
    .from(problemRuleDefinitions)
    .where(and(eq(problemRuleDefinitions.problemRuleDefinitionId, problemRuleDefinitionId), ruleLive));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Rules not deleted among the ids, held (shared) until the transaction ends so none is deleted meanwhile. */
export async function findRulesForShare(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(problemRuleDefinitions)
    .where(and(inArray(problemRuleDefinitions.problemRuleDefinitionId, [...ids]), ruleLive))
    .for('share');
}

export interface RuleValues {
  name: string;
  description: string | null;
  kind: RuleCondition['kind'];
  condition: RuleCondition;
  timeWindow: string;
  recoveryDuration: string;
  impactLevel: string;
  tags: string[];
}

export async function insertRule(
  db: DbOrTx,
  values: RuleValues & { companyId: number; type: 'SYSTEM'; createdBy: number },
) {
  const [row] = await db.insert(problemRuleDefinitions).values(values).returning();
  if (!row) throw new Error('The rule definition was not inserted.');
  return row;
}

export async function updateRule(
  db: DbOrTx,
  problemRuleDefinitionId: number,
  values: Partial<RuleValues & { isDeleted: boolean }>,
) {
  const [row] = await db
    .update(problemRuleDefinitions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(problemRuleDefinitions.problemRuleDefinitionId, problemRuleDefinitionId))
    .returning();
  if (!row) throw new Error('The rule definition vanished.');
  return row;
}

/** Takes a rule out of every monitor group; answers the groups it left. */
export async function removeRuleFromGroups(db: DbOrTx, problemRuleDefinitionId: number) {
  const rows = await db
    .delete(monitorGroupRules)
    .where(eq(monitorGroupRules.problemRuleDefinitionId, problemRuleDefinitionId))
    .returning({ monitorGroupId: monitorGroupRules.monitorGroupId });
  return rows.map((row) => row.monitorGroupId);
}

const groupLive = eq(monitorGroups.isDeleted, false);

/** Groups not deleted of the reached companies and the library's, by name. */
export async function listGroups(db: DbOrTx, reach: CompanyReach) {
  const reached =
    reach.companyIds === 'ALL'
      ? undefined
      : inArray(monitorGroups.companyId, [...reach.companyIds, reach.libraryCompanyId]);
  return db
    .select()
    .from(monitorGroups)
    .where(and(groupLive, reached))
    .orderBy(asc(monitorGroups.name), asc(monitorGroups.monitorGroupId));
}

/** A group not deleted; `lock` holds it until the transaction ends (`share` for an asset attaching to it). */
export async function findGroup(db: DbOrTx, monitorGroupId: number, lock?: 'update' | 'share') {
  const query = db
    .select()
    .from(monitorGroups)
    .where(and(eq(monitorGroups.monitorGroupId, monitorGroupId), groupLive));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function insertGroup(
  db: DbOrTx,
  values: { companyId: number; name: string; description: string | null; createdBy: number },
) {
  const [row] = await db.insert(monitorGroups).values(values).returning();
  if (!row) throw new Error('The monitor group was not inserted.');
  return row;
}

export async function updateGroup(
  db: DbOrTx,
  monitorGroupId: number,
  values: Partial<{ name: string; description: string | null; isDeleted: boolean }>,
) {
  const [row] = await db
    .update(monitorGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(monitorGroups.monitorGroupId, monitorGroupId))
    .returning();
  if (!row) throw new Error('The monitor group vanished.');
  return row;
}

/** Replaces a group's rules with `ruleIds`. */
export async function replaceGroupRules(db: DbOrTx, monitorGroupId: number, ruleIds: readonly number[]) {
  await db.delete(monitorGroupRules).where(eq(monitorGroupRules.monitorGroupId, monitorGroupId));
  if (ruleIds.length === 0) return;
  await db
    .insert(monitorGroupRules)
    .values(ruleIds.map((problemRuleDefinitionId) => ({ monitorGroupId, problemRuleDefinitionId })));
}

/** The live rules of each group, by rule id. */
export async function groupRuleIds(db: DbOrTx, groupIds: readonly number[]): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return found;
  const rows = await db
    .select({
      monitorGroupId: monitorGroupRules.monitorGroupId,
      ruleId: monitorGroupRules.problemRuleDefinitionId,
    })
    .from(monitorGroupRules)
    .innerJoin(
      problemRuleDefinitions,
      eq(problemRuleDefinitions.problemRuleDefinitionId, monitorGroupRules.problemRuleDefinitionId),
    )
    .where(and(inArray(monitorGroupRules.monitorGroupId, [...groupIds]), ruleLive))
    .orderBy(asc(monitorGroupRules.problemRuleDefinitionId));
  for (const row of rows) found.get(row.monitorGroupId)?.push(row.ruleId);
  return found;
}

/**
 * How many live assets hold each group, counting only assets of `companyIds` ('ALL' for every company): a library
 * group's count must not tell one customer about another's fleet.
 */
export async function groupAssetCounts(
  db: DbOrTx,
  groupIds: readonly number[],
  companyIds: 'ALL' | readonly number[],
): Promise<Map<number, number>> {
  if (groupIds.length === 0 || (companyIds !== 'ALL' && companyIds.length === 0)) return new Map();
  const rows = await db
    .select({ groupId: assets.monitorGroupId, n: count() })
    .from(assets)
    .where(
      and(
        inArray(assets.monitorGroupId, [...groupIds]),
        eq(assets.isDeleted, false),
        companyIds === 'ALL' ? undefined : inArray(assets.companyId, [...companyIds]),
      ),
    )
    .groupBy(assets.monitorGroupId);
  return new Map(rows.flatMap((row) => (row.groupId === null ? [] : [[row.groupId, row.n]])));
}

/** The assets of the problems of these (ad hoc) rules: an ad hoc rule is one problem's, on one asset. */
export async function problemAssetsOfRules(
  db: DbOrTx,
  problemRuleDefinitionIds: readonly number[],
): Promise<{ problemRuleDefinitionId: number; assetId: number }[]> {
  if (problemRuleDefinitionIds.length === 0) return [];
  return db
    .selectDistinct({
      problemRuleDefinitionId: detectedProblems.problemRuleDefinitionId,
      assetId: detectedProblems.assetId,
    })
    .from(detectedProblems)
    .where(inArray(detectedProblems.problemRuleDefinitionId, [...problemRuleDefinitionIds]));
}
