import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  automationTypes,
  type BodyOf,
  type ProblemAutomation,
  type problemActionsEndpoints,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { problemAutomations, problemRuleDefinitions } from '../../platform/db/problemsSchema.ts';
import { assets, assetTypes, users } from '../../platform/db/schema.ts';
import { assetVisibility } from '../access/assetAccess.ts';
import { assetNameProperty, assetNameSql, PROBLEMS_READ, visibleRowsCondition } from './problemAccess.ts';
import { groupingKeyOut } from './problemPresenter.ts';

export type AutomationRow = typeof problemAutomations.$inferSelect;
type ListBody = BodyOf<typeof problemActionsEndpoints.detectedProblemsListAutomations>;

/** The list has no pages: it answers this many at most, active first and then the newest. */
export const AUTOMATIONS_LIST_LIMIT = 1000;

const automationType = (value: string) => {
  const found = automationTypes.find((type) => type === value);
  if (!found) throw new Error(`Unexpected automation type ${value}`);
  return found;
};

function stateOf(row: AutomationRow, now: Date): ProblemAutomation['state'] {
  if (row.disabledAt !== null) return 'DISABLED';
  return row.expiredBy.getTime() <= now.getTime() ? 'EXPIRED' : 'ACTIVE';
}

interface AutomationView {
  automation: AutomationRow;
  assetName: string;
  ruleName: string;
  setByName: string;
}

function presentAutomation(view: AutomationView, now: Date): ProblemAutomation {
  const row = view.automation;
  return {
    problemAutomationId: row.problemAutomationId,
    problemGroupKey: {
      problemRuleDefinitionId: row.problemRuleDefinitionId,
      assetId: row.assetId,
      groupingKey: groupingKeyOut(row.groupingKey),
    },
    type: automationType(row.type),
    description: row.description,
    expiredBy: row.expiredBy.toISOString(),
    setting: { setBy: row.setBy, setByName: view.setByName, setAt: row.setAt.toISOString() },
    disabledAt: row.disabledAt === null ? null : row.disabledAt.toISOString(),
    state: stateOf(row, now),
    assetName: view.assetName,
    ruleName: view.ruleName,
  };
}

function automationViews(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      automation: problemAutomations,
      assetName: assetNameSql,
      ruleName: problemRuleDefinitions.name,
      setByName: users.name,
    })
    .from(problemAutomations)
    .innerJoin(assets, eq(assets.assetId, problemAutomations.assetId))
    .innerJoin(assetTypes, eq(assetTypes.assetTypeId, assets.assetTypeId))
    .leftJoin(
      assetNameProperty,
      and(eq(assetNameProperty.assetId, problemAutomations.assetId), eq(assetNameProperty.name, 'name')),
    )
    .innerJoin(
      problemRuleDefinitions,
      eq(problemRuleDefinitions.problemRuleDefinitionId, problemAutomations.problemRuleDefinitionId),
    )
    .innerJoin(users, eq(users.userId, problemAutomations.setBy))
    .where(where);
}

/** Automations by id, in the order asked. */
export async function presentAutomationIds(
  db: DbOrTx,
  ids: readonly number[],
  now: Date,
): Promise<ProblemAutomation[]> {
  if (ids.length === 0) return [];
  const views = await automationViews(db, inArray(problemAutomations.problemAutomationId, [...ids]));
  const byId = new Map(views.map((view) => [view.automation.problemAutomationId, view]));
  return ids.flatMap((id) => {
    const view = byId.get(id);
    return view ? [presentAutomation(view, now)] : [];
  });
}

/**
 * `detectedProblems.listAutomations`: automations on assets the caller may read problems of (others' drop out
 * silently), active ones only unless ended ones are asked for too; active first, then the most recently set.
 */
export async function listAutomations(
  db: DbOrTx,
  now: Date,
  auth: AuthContext,
  body: ListBody,
): Promise<ProblemAutomation[]> {
  const visibility = await assetVisibility(db, auth, PROBLEMS_READ);
  const active = and(isNull(problemAutomations.disabledAt), gt(problemAutomations.expiredBy, now));
  const views = await automationViews(
    db,
    and(
      visibleRowsCondition(visibility, problemAutomations),
      body.assetIds === undefined ? undefined : inArray(problemAutomations.assetId, body.assetIds),
      body.includeEnded ? undefined : active,
    ),
  )
    .orderBy(
      asc(sql`case when ${active} then 0 else 1 end`),
      desc(problemAutomations.setAt),
      desc(problemAutomations.problemAutomationId),
    )
    .limit(AUTOMATIONS_LIST_LIMIT);
  return views.map((view) => presentAutomation(view, now));
}
