import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { BodyOf, DetectedProblem, problemActionsEndpoints } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { badField, notFound } from '../../http/httpError.ts';
import type { Db } from '../../platform/db/database.ts';
import { detectedProblems, problemRuleDefinitions } from '../../platform/db/problemsSchema.ts';
import { assetVisibility, canSeeAsset } from '../access/assetAccess.ts';
import { loadVisibleAsset } from '../assets/assetsService.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { PROBLEMS_WRITE, presentProblems } from './problemAccess.ts';

type CreateBody = BodyOf<typeof problemActionsEndpoints.detectedProblemsCreateAdHoc>;

/**
 * An ad hoc rule is never evaluated, so it has no window and no recovery: both are stored as the zero duration
 * 'PT0S', which every reader of rules parses, rather than as a made-up length that would read as a real one.
 */
export const AD_HOC_DURATION = 'PT0S';

/**
 * `detectedProblems.createAdHoc`: a problem a person found on an asset (detectedProblems:write on its company;
 * another company's asset is a 404). It is recorded as an AD_HOC rule of the asset's company (kind MANUAL, the
 * level as its impact) holding one open problem, both made with their audit event in one transaction. It stays
 * open until the rule is disabled (problemRuleDefinitions.disableAdHoc).
 */
export async function createAdHocProblem(
  db: Db,
  now: Date,
  auth: AuthContext,
  body: CreateBody,
): Promise<DetectedProblem> {
  const asset = await loadVisibleAsset(db, auth, PROBLEMS_WRITE, body.assetId);
  const problem = await db.transaction(async (tx) => {
    const [rule] = await tx
      .insert(problemRuleDefinitions)
      .values({
        companyId: asset.companyId,
        name: body.name,
        description: body.description,
        type: 'AD_HOC',
        kind: 'MANUAL',
        condition: { kind: 'MANUAL' },
        timeWindow: AD_HOC_DURATION,
        recoveryDuration: AD_HOC_DURATION,
        impactLevel: body.level,
        tags: body.tags,
        createdBy: auth.user.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!rule) throw new Error('ad hoc rule insert returned nothing');
    const [row] = await tx
      .insert(detectedProblems)
      .values({
        companyId: asset.companyId,
        assetId: asset.assetId,
        problemRuleDefinitionId: rule.problemRuleDefinitionId,
        kind: 'AD_HOC',
        name: body.name,
        description: body.description,
        level: body.level,
        tags: body.tags,
        createdAt: now,
        updatedAt: now,
        firstEventAt: now,
        lastEventAt: now,
        lastDetectedAt: now,
      })
      .returning();
    if (!row) throw new Error('ad hoc problem insert returned nothing');
    await recordEvent(tx, {
      name: 'detectedProblems.createAdHoc',
      actorUserId: auth.user.userId,
      companyId: asset.companyId,
      subjectType: 'asset',
      subjectId: asset.assetId,
      data: {
        detectedProblemId: row.detectedProblemId,
        problemRuleDefinitionId: rule.problemRuleDefinitionId,
        name: body.name,
        level: body.level,
      },
    });
    return row;
  });
  const [presented] = await presentProblems(db, [problem], now);
  if (!presented) throw new Error('ad hoc problem vanished after insert');
  return presented;
}

/**
 * `problemRuleDefinitions.disableAdHoc`: disables ad hoc rules, all or none, and closes their open problems.
 * detectedProblems:write on the rule's company and, for an external user, its problem's asset in their access
 * groups; another company's rule or a missing one is a 404, a system rule of the caller's a 400 (those are deleted
 * with the rule calls). A rule already disabled is left as it is.
 */
export async function disableAdHocRules(
  db: Db,
  now: Date,
  auth: AuthContext,
  problemRuleDefinitionIds: readonly number[],
): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const visibility = await assetVisibility(tx, auth, PROBLEMS_WRITE);
    const unique = [...new Set(problemRuleDefinitionIds)].sort((a, b) => a - b);
    const rules = await tx
      .select()
      .from(problemRuleDefinitions)
      .where(
        and(
          inArray(problemRuleDefinitions.problemRuleDefinitionId, unique),
          eq(problemRuleDefinitions.isDeleted, false),
        ),
      )
      .orderBy(asc(problemRuleDefinitions.problemRuleDefinitionId))
      .for('update');
    const problemRows = await tx
      .select()
      .from(detectedProblems)
      .where(inArray(detectedProblems.problemRuleDefinitionId, unique))
      .orderBy(asc(detectedProblems.detectedProblemId))
      .for('update');
    const byId = new Map(rules.map((rule) => [rule.problemRuleDefinitionId, rule]));
    for (const id of unique) {
      const rule = byId.get(id);
      const assetId = problemRows.find((row) => row.problemRuleDefinitionId === id)?.assetId;
      if (!rule || assetId === undefined || !canSeeAsset(visibility, { assetId, companyId: rule.companyId }))
        throw notFound(`Problem rule definition ${id} not found.`);
      if (rule.type !== 'AD_HOC')
        throw badField(
          'body.problemRuleDefinitionIds',
          `Problem rule definition ${id} is not an ad hoc rule: system rules are deleted, not disabled.`,
        );
    }
    for (const rule of rules) {
      if (rule.disabledAt !== null) continue;
      const ruleId = rule.problemRuleDefinitionId;
      await tx
        .update(problemRuleDefinitions)
        .set({ disabledAt: now, disabledBy: auth.user.userId, updatedAt: now })
        .where(eq(problemRuleDefinitions.problemRuleDefinitionId, ruleId));
      const closed = await tx
        .update(detectedProblems)
        .set({ closedAt: now, updatedAt: now })
        .where(and(eq(detectedProblems.problemRuleDefinitionId, ruleId), isNull(detectedProblems.closedAt)))
        .returning({ id: detectedProblems.detectedProblemId, assetId: detectedProblems.assetId });
      const assetId = problemRows.find((row) => row.problemRuleDefinitionId === ruleId)?.assetId ?? 0;
      await recordEvent(tx, {
        name: 'problemRuleDefinitions.disableAdHoc',
        actorUserId: auth.user.userId,
        companyId: rule.companyId,
        subjectType: 'asset',
        subjectId: assetId,
        data: {
          problemRuleDefinitionId: ruleId,
          name: rule.name,
          closedProblemIds: closed.map((row) => row.id),
        },
      });
    }
  });
  return { ok: true };
}
