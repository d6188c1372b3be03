import {
  ruleConditionSchema,
  ruleKinds,
  ruleTypes,
  type BodyOf,
  type ProblemRuleDefinition,
  type problemRulesEndpoints,
  type RuleCondition,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { badRequest, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { assetVisibility } from '../access/assetAccess.ts';
import { findCompany } from '../companies/companiesRepository.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { asLevel } from '../problems/problemPresenter.ts';
import {
  findRule,
  insertRule,
  listRules,
  problemAssetsOfRules,
  removeRuleFromGroups,
  updateRule,
  type RuleDefinitionRow,
  type RuleValues,
} from './problemRulesRepository.ts';
import { READ, readReach, requireWritable } from './ruleAccess.ts';
import { ruleValues } from './ruleValidation.ts';

type Endpoints = typeof problemRulesEndpoints;
type ListBody = BodyOf<Endpoints['problemRuleDefinitionsList']>;
type CreateBody = BodyOf<Endpoints['problemRuleDefinitionsCreate']>;
type UpdateBody = BodyOf<Endpoints['problemRuleDefinitionsUpdate']>;

export const RULE_NOT_FOUND = 'Problem rule definition not found.';
const AD_HOC_HERE = 'An ad hoc rule belongs to its problem: disable it instead of changing or deleting it.';

function oneOf<T extends string>(allowed: readonly T[], value: string, field: string): T {
  const found = allowed.find((item) => item === value);
  if (found === undefined) throw new Error(`Unexpected ${field} ${value}`);
  return found;
}

/** A manual rule's condition says nothing; any other is read back through the contract's schema. */
function storedCondition(row: RuleDefinitionRow): RuleCondition {
  return row.kind === 'MANUAL' ? { kind: 'MANUAL' } : ruleConditionSchema.parse(row.condition);
}

export function presentRule(row: RuleDefinitionRow): ProblemRuleDefinition {
  return {
    problemRuleDefinitionId: row.problemRuleDefinitionId,
    companyId: row.companyId,
    name: row.name,
    description: row.description,
    type: oneOf(ruleTypes, row.type, 'rule type'),
    kind: oneOf(ruleKinds, row.kind, 'rule kind'),
    condition: storedCondition(row),
    timeWindow: row.timeWindow,
    recoveryDuration: row.recoveryDuration,
    impactLevel: asLevel(row.impactLevel),
    tags: [...row.tags],
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt === null ? null : row.disabledAt.toISOString(),
  };
}

const ruleEvent = (
  auth: AuthContext,
  name: string,
  row: RuleDefinitionRow,
  data: Record<string, unknown>,
) => ({
  name,
  actorUserId: auth.user.userId,
  companyId: row.companyId,
  subjectType: 'problemRuleDefinition',
  subjectId: row.problemRuleDefinitionId,
  data,
});

/** Rules of the companies the caller reads problems of (or the requested ones among them), with the library's. */
export async function listRuleDefinitions(
  db: DbOrTx,
  auth: AuthContext,
  body: ListBody,
): Promise<ProblemRuleDefinition[]> {
  const rows = await listRules(db, readReach(auth, body.companyIds), {
    types: body.types,
    includeDisabled: body.includeDisabled,
  });
  return (await withoutHiddenAdHocRules(db, auth, rows)).map(presentRule);
}

/**
 * An ad hoc rule is named after the problem someone raised on one asset: a user limited by access groups sees it
 * only when that asset is in their groups, as they see the problem itself.
 */
async function withoutHiddenAdHocRules(
  db: DbOrTx,
  auth: AuthContext,
  rows: RuleDefinitionRow[],
): Promise<RuleDefinitionRow[]> {
  const adHocIds = rows.filter((row) => row.type === 'AD_HOC').map((row) => row.problemRuleDefinitionId);
  if (adHocIds.length === 0) return rows;
  const visibility = await assetVisibility(db, auth, READ);
  const visibleAssets = visibility.assetIds;
  if (visibleAssets === null) return rows;
  const shown = new Set(
    (await problemAssetsOfRules(db, adHocIds))
      .filter((problem) => visibleAssets.has(problem.assetId))
      .map((problem) => problem.problemRuleDefinitionId),
  );
  return rows.filter((row) => row.type !== 'AD_HOC' || shown.has(row.problemRuleDefinitionId));
}

export async function createRuleDefinition(
  db: Db,
  auth: AuthContext,
  body: CreateBody,
): Promise<ProblemRuleDefinition> {
  const { companyId, ...fields } = body;
  requireWritable(auth, companyId, 'Company not found.');
  const values = ruleValues(fields);
  return db.transaction(async (tx) => {
    const company = await findCompany(tx, companyId);
    if (!company || company.isDeleted) throw notFound('Company not found.');
    const row = await insertRule(tx, { ...values, companyId, type: 'SYSTEM', createdBy: auth.user.userId });
    await recordEvent(
      tx,
      ruleEvent(auth, 'problemRuleDefinitions.create', row, { name: row.name, kind: row.kind }),
    );
    return presentRule(row);
  });
}

/** A live system rule the caller may change; held until the transaction ends. */
async function loadWritableRule(tx: DbOrTx, auth: AuthContext, problemRuleDefinitionId: number) {
  const row = await findRule(tx, problemRuleDefinitionId, true);
  if (!row) throw notFound(RULE_NOT_FOUND);
  requireWritable(auth, row.companyId, RULE_NOT_FOUND);
  if (row.type !== 'SYSTEM') throw badRequest(AD_HOC_HERE);
  return row;
}

const FIELDS = [
  'name',
  'description',
  'condition',
  'timeWindow',
  'recoveryDuration',
  'impactLevel',
  'tags',
] as const satisfies readonly (keyof RuleValues)[];

/** Replaces a rule's fields; a call that changes nothing writes nothing, as elsewhere. */
export async function updateRuleDefinition(
  db: Db,
  auth: AuthContext,
  body: UpdateBody,
): Promise<ProblemRuleDefinition> {
  const { problemRuleDefinitionId, ...fields } = body;
  return db.transaction(async (tx) => {
    const current = await loadWritableRule(tx, auth, problemRuleDefinitionId);
    const values = ruleValues(fields);
    const before: Record<(typeof FIELDS)[number], unknown> = {
      name: current.name,
      description: current.description,
      condition: storedCondition(current),
      timeWindow: current.timeWindow,
      recoveryDuration: current.recoveryDuration,
      impactLevel: current.impactLevel,
      tags: current.tags,
    };
    const changed = FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(values[field]));
    if (changed.length === 0) return presentRule(current);
    const row = await updateRule(tx, problemRuleDefinitionId, values);
    await recordEvent(tx, ruleEvent(auth, 'problemRuleDefinitions.update', row, { fields: changed }));
    return presentRule(row);
  });
}

/** Deletes a rule: it leaves every monitor group holding it (the library's leave other companies' groups too). */
export async function deleteRuleDefinition(db: Db, auth: AuthContext, problemRuleDefinitionId: number) {
  return db.transaction(async (tx) => {
    const current = await loadWritableRule(tx, auth, problemRuleDefinitionId);
    const leftGroups = await removeRuleFromGroups(tx, problemRuleDefinitionId);
    const row = await updateRule(tx, problemRuleDefinitionId, { isDeleted: true });
    await recordEvent(
      tx,
      ruleEvent(auth, 'problemRuleDefinitions.delete', row, {
        name: current.name,
        monitorGroupIds: leftGroups,
      }),
    );
    return { ok: true as const };
  });
}
