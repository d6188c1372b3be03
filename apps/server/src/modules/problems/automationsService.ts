import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  AUTOMATION_MAX_MS,
  type AutomationType,
  type BodyOf,
  type ProblemAutomation,
  type problemActionsEndpoints,
} from '@kelvin/contract';
import { PROVIDER_COMPANY_ID } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { badField, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import {
  detectedProblems,
  problemAutomations,
  problemRuleDefinitions,
} from '../../platform/db/problemsSchema.ts';
import { assets } from '../../platform/db/schema.ts';
import { assetVisibility, canSeeAsset } from '../access/assetAccess.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { presentAutomationIds, type AutomationRow } from './automationsList.ts';
import { PROBLEMS_WRITE } from './problemAccess.ts';
import { groupingKeyIn } from './problemPresenter.ts';

type EnableBody = BodyOf<typeof problemActionsEndpoints.detectedProblemsEnableAutomation>;

const DAY_MS = 86_400_000;

/** An automation that neither a person ended nor its expiry: it acts on problems of its key. */
const activeAt = (now: Date) =>
  and(isNull(problemAutomations.disabledAt), gt(problemAutomations.expiredBy, now));

/** What an automation does to an open problem of its key that it has not been done to yet. */
function effectOf(type: string, automationId: number, now: Date) {
  if (type === 'AUTO_ACKNOWLEDGEMENT')
    return {
      pending: isNull(detectedProblems.acknowledgedAt),
      change: { acknowledgedBy: null, acknowledgedAt: now, acknowledgedByAutomationId: automationId },
      event: 'detectedProblems.autoAcknowledge',
    };
  return {
    pending: eq(detectedProblems.currentlyMuted, false),
    change: {
      mutedBy: null,
      firstMutedAt: sql`coalesce(${detectedProblems.firstMutedAt}, ${now})`,
      lastMutedAt: now,
      currentlyMuted: true,
      mutedByAutomationId: automationId,
    },
    event: 'detectedProblems.autoMute',
  };
}

/** Applies one automation to the given problems (or to every open problem of its key); answers those changed. */
async function applyAutomation(
  tx: DbOrTx,
  automation: AutomationRow,
  now: Date,
  problemIds?: readonly number[],
): Promise<number[]> {
  const effect = effectOf(automation.type, automation.problemAutomationId, now);
  const changed = await tx
    .update(detectedProblems)
    .set({ ...effect.change, updatedAt: now })
    .where(
      and(
        eq(detectedProblems.problemRuleDefinitionId, automation.problemRuleDefinitionId),
        eq(detectedProblems.assetId, automation.assetId),
        eq(detectedProblems.groupingKey, automation.groupingKey),
        isNull(detectedProblems.closedAt),
        effect.pending,
        problemIds === undefined ? undefined : inArray(detectedProblems.detectedProblemId, [...problemIds]),
      ),
    )
    .returning({ id: detectedProblems.detectedProblemId });
  for (const { id } of changed) {
    await recordEvent(tx, {
      name: effect.event,
      actorUserId: null,
      companyId: automation.companyId,
      subjectType: 'asset',
      subjectId: automation.assetId,
      data: { detectedProblemId: id, problemAutomationId: automation.problemAutomationId },
    });
  }
  return changed.map(({ id }) => id);
}

/**
 * For the evaluator, inside the transaction that opened these problems: the active automations of each problem's
 * key auto-acknowledge or auto-mute it, recording the automation's id (and an audit event without an actor).
 * Idempotent: a problem already acknowledged or muted is left as it is, so a repeated call changes nothing.
 */
export async function applyAutomationsToProblems(
  tx: DbOrTx,
  problemIds: readonly number[],
  now: number,
): Promise<{ acknowledged: number[]; muted: number[] }> {
  const applied: { acknowledged: number[]; muted: number[] } = { acknowledged: [], muted: [] };
  if (problemIds.length === 0) return applied;
  const at = new Date(now);
  const keys = await tx
    .selectDistinct({
      ruleId: detectedProblems.problemRuleDefinitionId,
      assetId: detectedProblems.assetId,
      groupingKey: detectedProblems.groupingKey,
    })
    .from(detectedProblems)
    .where(
      and(inArray(detectedProblems.detectedProblemId, [...problemIds]), isNull(detectedProblems.closedAt)),
    );
  if (keys.length === 0) return applied;
  const automations = await tx
    .select()
    .from(problemAutomations)
    .where(
      and(
        activeAt(at),
        or(
          ...keys.map((key) =>
            and(
              eq(problemAutomations.problemRuleDefinitionId, key.ruleId),
              eq(problemAutomations.assetId, key.assetId),
              eq(problemAutomations.groupingKey, key.groupingKey),
            ),
          ),
        ),
      ),
    )
    // The oldest first: it is the one a problem records when several would apply.
    .orderBy(asc(problemAutomations.problemAutomationId));
  for (const automation of automations) {
    const changed = await applyAutomation(tx, automation, at, problemIds);
    (automation.type === 'AUTO_ACKNOWLEDGEMENT' ? applied.acknowledged : applied.muted).push(...changed);
  }
  return applied;
}

/**
 * Problems muted by an automation that has expired or been disabled stop being currently muted (who muted them
 * and when stay on record); acknowledgements stay. `only` limits it to some automations. Idempotent.
 */
async function endMutes(tx: DbOrTx, now: Date, only?: readonly number[]): Promise<number[]> {
  const ended = tx
    .select({ id: problemAutomations.problemAutomationId })
    .from(problemAutomations)
    .where(
      and(
        or(sql`${problemAutomations.disabledAt} is not null`, lte(problemAutomations.expiredBy, now)),
        only === undefined ? undefined : inArray(problemAutomations.problemAutomationId, [...only]),
      ),
    );
  const unmuted = await tx
    .update(detectedProblems)
    .set({ currentlyMuted: false, updatedAt: now })
    .where(
      and(eq(detectedProblems.currentlyMuted, true), inArray(detectedProblems.mutedByAutomationId, ended)),
    )
    .returning({
      id: detectedProblems.detectedProblemId,
      assetId: detectedProblems.assetId,
      companyId: detectedProblems.companyId,
      automationId: detectedProblems.mutedByAutomationId,
    });
  for (const row of unmuted) {
    await recordEvent(tx, {
      name: 'detectedProblems.autoMuteEnded',
      actorUserId: null,
      companyId: row.companyId,
      subjectType: 'asset',
      subjectId: row.assetId,
      data: { detectedProblemId: row.id, problemAutomationId: row.automationId },
    });
  }
  return unmuted.map((row) => row.id);
}

/** For the evaluator, after each cycle: ends the mutes of expired and disabled automations; answers the problems. */
export function endExpiredAutomations(db: DbOrTx, now: number): Promise<number[]> {
  return db.transaction((tx) => endMutes(tx, new Date(now)));
}

function requireExpiry(expiredBy: Date, now: Date, field: string): void {
  if (expiredBy.getTime() <= now.getTime()) throw badField(field, 'The expiry must be in the future.');
  if (expiredBy.getTime() - now.getTime() > AUTOMATION_MAX_MS)
    throw badField(field, `An automation lasts at most ${AUTOMATION_MAX_MS / DAY_MS} days.`);
}

/**
 * The assets and rules of the keys, checked: detectedProblems:write on each asset's company (another company's,
 * a missing or, for an external user, an invisible asset is a 404), and a rule of that company or the library.
 */
async function checkKeys(tx: DbOrTx, auth: AuthContext, body: EnableBody) {
  const visibility = await assetVisibility(tx, auth, PROBLEMS_WRITE);
  const keys = body.flatMap((item) => item.problemGroupKeys);
  const assetIds = [...new Set(keys.map((key) => key.assetId))];
  const ruleIds = [...new Set(keys.map((key) => key.problemRuleDefinitionId))];
  const assetRows = await tx
    .select({ assetId: assets.assetId, companyId: assets.companyId })
    .from(assets)
    .where(and(inArray(assets.assetId, assetIds), eq(assets.isDeleted, false)));
  const companyOf = new Map(
    assetRows.filter((row) => canSeeAsset(visibility, row)).map((row) => [row.assetId, row.companyId]),
  );
  const rules = await tx
    .select({
      id: problemRuleDefinitions.problemRuleDefinitionId,
      companyId: problemRuleDefinitions.companyId,
    })
    .from(problemRuleDefinitions)
    .where(
      and(
        inArray(problemRuleDefinitions.problemRuleDefinitionId, ruleIds),
        eq(problemRuleDefinitions.isDeleted, false),
      ),
    );
  const ruleCompany = new Map(rules.map((rule) => [rule.id, rule.companyId]));
  for (const key of keys) {
    const companyId = companyOf.get(key.assetId);
    if (companyId === undefined) throw notFound('Asset not found.');
    const owner = ruleCompany.get(key.problemRuleDefinitionId);
    if (owner !== companyId && owner !== PROVIDER_COMPANY_ID)
      throw notFound(`Problem rule definition ${key.problemRuleDefinitionId} not found.`);
  }
  return companyOf;
}

/**
 * `detectedProblems.enableAutomation`: one automation per problem key of each item, applied at once to the open
 * problems of its key (and by the evaluator to those opened later) until its expiry, which must be ahead and at most
 * AUTOMATION_MAX_MS away. An active automation just like one asked for (same key, type, description and expiry) is
 * answered instead of a second, so that a repeated call adds nothing.
 */
export async function enableAutomations(
  db: Db,
  now: Date,
  auth: AuthContext,
  body: EnableBody,
): Promise<ProblemAutomation[]> {
  body.forEach((item, index) => requireExpiry(new Date(item.expiredBy), now, `body.${index}.expiredBy`));
  const ids = await db.transaction(async (tx) => {
    const companyOf = await checkKeys(tx, auth, body);
    const made: number[] = [];
    for (const item of body) {
      const type: AutomationType = item.type;
      const expiredBy = new Date(item.expiredBy);
      for (const key of item.problemGroupKeys) {
        const groupingKey = groupingKeyIn(key.groupingKey);
        const [same] = await tx
          .select({ id: problemAutomations.problemAutomationId })
          .from(problemAutomations)
          .where(
            and(
              activeAt(now),
              eq(problemAutomations.problemRuleDefinitionId, key.problemRuleDefinitionId),
              eq(problemAutomations.assetId, key.assetId),
              eq(problemAutomations.groupingKey, groupingKey),
              eq(problemAutomations.type, type),
              eq(problemAutomations.description, item.description),
              eq(problemAutomations.expiredBy, expiredBy),
            ),
          );
        if (same) {
          made.push(same.id);
          continue;
        }
        const [row] = await tx
          .insert(problemAutomations)
          .values({
            companyId: companyOf.get(key.assetId) ?? 0,
            problemRuleDefinitionId: key.problemRuleDefinitionId,
            assetId: key.assetId,
            groupingKey,
            type,
            description: item.description,
            expiredBy,
            setBy: auth.user.userId,
            setAt: now,
          })
          .returning();
        if (!row) throw new Error('automation insert returned nothing');
        const appliedTo = await applyAutomation(tx, row, now);
        await recordEvent(tx, {
          name: 'detectedProblems.enableAutomation',
          actorUserId: auth.user.userId,
          companyId: row.companyId,
          subjectType: 'asset',
          subjectId: row.assetId,
          data: {
            problemAutomationId: row.problemAutomationId,
            problemRuleDefinitionId: row.problemRuleDefinitionId,
            groupingKey: key.groupingKey,
            type,
            description: row.description,
            expiredBy: expiredBy.toISOString(),
            appliedTo,
          },
        });
        made.push(row.problemAutomationId);
      }
    }
    return made;
  });
  return presentAutomationIds(db, [...new Set(ids)], now);
}

/**
 * `detectedProblems.disableAutomation`: ends active automations before their expiry, all or none (another company's
 * or a missing one is a 404). Their acknowledgements stay; the problems they muted stop being muted. An automation
 * already ended is left as it is.
 */
export async function disableAutomations(
  db: Db,
  now: Date,
  auth: AuthContext,
  problemAutomationIds: readonly number[],
): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const visibility = await assetVisibility(tx, auth, PROBLEMS_WRITE);
    const unique = [...new Set(problemAutomationIds)].sort((a, b) => a - b);
    const rows = await tx
      .select()
      .from(problemAutomations)
      .where(inArray(problemAutomations.problemAutomationId, unique))
      .orderBy(asc(problemAutomations.problemAutomationId))
      .for('update');
    const byId = new Map(rows.map((row) => [row.problemAutomationId, row]));
    for (const id of unique) {
      const row = byId.get(id);
      if (!row || !canSeeAsset(visibility, row)) throw notFound(`Automation ${id} not found.`);
    }
    const active = rows.filter((row) => row.disabledAt === null && row.expiredBy > now);
    for (const row of active) {
      await tx
        .update(problemAutomations)
        .set({ disabledAt: now, disabledBy: auth.user.userId })
        .where(eq(problemAutomations.problemAutomationId, row.problemAutomationId));
      await recordEvent(tx, {
        name: 'detectedProblems.disableAutomation',
        actorUserId: auth.user.userId,
        companyId: row.companyId,
        subjectType: 'asset',
        subjectId: row.assetId,
        data: { problemAutomationId: row.problemAutomationId, type: row.type, description: row.description },
      });
    }
    if (active.length > 0)
      await endMutes(
        tx,
        now,
        active.map((row) => row.problemAutomationId),
      );
  });
  return { ok: true };
}
