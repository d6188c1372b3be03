import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { detectedProblemSchema, type ProblemLevel } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  alerts,
  detectedProblems,
  problemAutomations,
  problemRuleDefinitions,
} from '../../platform/db/problemsSchema.ts';
import { events, roleGrants, roles, userRoles } from '../../platform/db/schema.ts';
import { buildUser } from '../../testing/factories.ts';
import { addAssetToDefaultGroups } from '../access/accessGroupsRepository.ts';
import type { ApiAnswer } from '../assets/assetsTestFixture.ts';
import { buildAssetFleet, type AssetFleet } from '../assets/assetsTestFixture.ts';
import type { ProblemRow, RuleRow } from './problemPresenter.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** A system rule written straight to the table (the rule calls belong to another area). */
export async function insertRule(
  db: DbOrTx,
  input: {
    companyId: number;
    name: string;
    impactLevel?: ProblemLevel;
    description?: string | null;
    tags?: string[];
    kind?: 'THRESHOLD' | 'COMMUNICATION_LOST';
  },
): Promise<RuleRow> {
  const kind = input.kind ?? 'THRESHOLD';
  const [row] = await db
    .insert(problemRuleDefinitions)
    .values({
      companyId: input.companyId,
      name: input.name,
      description: input.description ?? null,
      kind,
      condition:
        kind === 'THRESHOLD'
          ? {
              kind,
              metricAlias: 'temperature.supplyAir',
              aggregation: 'AVERAGE',
              limits: { source: 'THRESHOLD_GROUP' },
            }
          : { kind, subject: 'ASSET' },
      timeWindow: 'PT5M',
      recoveryDuration: 'PT2M',
      impactLevel: input.impactLevel ?? 'CRITICAL',
      tags: input.tags ?? [],
    })
    .returning();
  if (!row) throw new Error('rule not inserted');
  return row;
}

export interface ProblemInput {
  rule: RuleRow;
  assetId: number;
  companyId: number;
  level?: ProblemLevel;
  /** When it opened and last breached, in minutes before `now`. */
  openedMinutesAgo: number;
  lastEventMinutesAgo?: number;
  /** Closed this long ago; open when left out. */
  closedMinutesAgo?: number;
  groupingKey?: string;
  tags?: string[];
  /** Its alert's metric (null for communication lost). */
  metricAlias?: string | null;
  alertType?: string;
  now?: number;
}

/** A problem with one alert, as the evaluator would have left it. */
export async function insertProblem(db: DbOrTx, input: ProblemInput): Promise<ProblemRow> {
  const now = input.now ?? Date.now();
  const at = (minutes: number) => new Date(now - minutes * MINUTE);
  const level = input.level ?? input.rule.impactLevel;
  const closedAt = input.closedMinutesAgo === undefined ? null : at(input.closedMinutesAgo);
  const lastEventAt = at(input.lastEventMinutesAgo ?? input.openedMinutesAgo);
  const [problem] = await db
    .insert(detectedProblems)
    .values({
      companyId: input.companyId,
      assetId: input.assetId,
      problemRuleDefinitionId: input.rule.problemRuleDefinitionId,
      groupingKey: input.groupingKey ?? '',
      name: input.rule.name,
      description: input.rule.description,
      level,
      tags: input.tags ?? input.rule.tags,
      createdAt: at(input.openedMinutesAgo),
      updatedAt: lastEventAt,
      closedAt,
      firstEventAt: at(input.openedMinutesAgo),
      lastEventAt,
      lastDetectedAt: lastEventAt,
      totalEvaluations: 10,
      lastEvaluationAt: lastEventAt,
      totalTriggeredEvaluations: 4,
    })
    .returning();
  if (!problem) throw new Error('problem not inserted');
  await db.insert(alerts).values({
    companyId: input.companyId,
    assetId: input.assetId,
    problemRuleDefinitionId: input.rule.problemRuleDefinitionId,
    groupingKey: input.groupingKey ?? '',
    detectedProblemId: problem.detectedProblemId,
    type: input.alertType ?? 'METRIC',
    level,
    status: closedAt === null ? 'ACTIVE' : 'RESOLVED',
    metricIds: [],
    metricAlias: input.metricAlias === undefined ? 'temperature.supplyAir' : input.metricAlias,
    createdAt: at(input.openedMinutesAgo),
    resolvedAt: closedAt,
    firstEventAt: at(input.openedMinutesAgo),
    lastEventAt,
    numberOfOccurrences: 2,
    firstEventValue: 27.456,
    lastEventValue: 28.123,
    evaluatedAt: lastEventAt,
  });
  return problem;
}

/**
 * The asset fleet (assetsTestFixture) with rules and problems: in company A a critical open problem on AN-CRAH-01,
 * a warning one on AN-SX-01, a resolved communication-lost one on AN-CRAH-01 and an old info one on AS-CRAH-01;
 * in company B an open critical one. `problemReader` holds detectedProblems:read but not :write.
 */
export async function buildProblemsFleet(db: DbOrTx, now = Date.now()) {
  const fleet = await buildAssetFleet(db);
  const a = fleet.companyA.companyId;
  const b = fleet.companyB.companyId;
  const rules = {
    supplyAirA: await insertRule(db, {
      companyId: a,
      name: 'Supply air too warm',
      description: 'Average supply air above the critical limit',
      tags: ['air', 'temperature'],
    }),
    filterA: await insertRule(db, {
      companyId: a,
      name: 'Filter pressure high',
      impactLevel: 'WARNING',
      tags: ['filters'],
    }),
    silentA: await insertRule(db, { companyId: a, name: 'Unit silent', kind: 'COMMUNICATION_LOST' }),
    humidityA: await insertRule(db, { companyId: a, name: 'Humidity drifting', impactLevel: 'INFO' }),
    supplyAirB: await insertRule(db, { companyId: b, name: 'Supply air too warm' }),
  };
  const { ids } = fleet;
  const problems = {
    supplyAirA1: await insertProblem(db, {
      rule: rules.supplyAirA,
      assetId: ids.unitA1,
      companyId: a,
      openedMinutesAgo: 40,
      lastEventMinutesAgo: 2,
      now,
    }),
    filterA2: await insertProblem(db, {
      rule: rules.filterA,
      assetId: ids.unitA2,
      companyId: a,
      openedMinutesAgo: 25,
      lastEventMinutesAgo: 5,
      metricAlias: 'pressure.filter',
      now,
    }),
    silentA1: await insertProblem(db, {
      rule: rules.silentA,
      assetId: ids.unitA1,
      companyId: a,
      openedMinutesAgo: 90,
      lastEventMinutesAgo: 70,
      closedMinutesAgo: 60,
      metricAlias: null,
      alertType: 'ASSET_COMMUNICATION_LOST',
      now,
    }),
    humidityA3: await insertProblem(db, {
      rule: rules.humidityA,
      assetId: ids.unitA3,
      companyId: a,
      openedMinutesAgo: 300,
      lastEventMinutesAgo: 200,
      closedMinutesAgo: 180,
      metricAlias: 'humidity.return',
      now,
    }),
    supplyAirB: await insertProblem(db, {
      rule: rules.supplyAirB,
      assetId: ids.unitB,
      companyId: b,
      openedMinutesAgo: 15,
      lastEventMinutesAgo: 1,
      now,
    }),
  };
  const problemReader = await readOnlyUser(db, a);
  // An external user sees only the assets of their access groups.
  await addAssetToDefaultGroups(db, ids.siteA1, [problemReader.userId]);
  await addAssetToDefaultGroups(db, ids.siteA2, [problemReader.userId]);
  return { fleet, rules, problems, users: { ...fleet.users, problemReader } };
}

export type ProblemsFleet = Awaited<ReturnType<typeof buildProblemsFleet>>;

const READER_ROLE = 'Problem reader (tests)';

/** A customer user who may read assets and problems of their own company but change nothing. */
async function readOnlyUser(db: DbOrTx, companyId: number) {
  let [role] = await db.select().from(roles).where(eq(roles.name, READER_ROLE));
  if (!role) {
    [role] = await db.insert(roles).values({ name: READER_ROLE }).returning();
    if (!role) throw new Error('role not inserted');
    const own = { companyId: { type: 'VALUES', values: ['$ownCompany'] } };
    await db.insert(roleGrants).values(
      ['assets:read', 'metrics:read', 'detectedProblems:read'].map((permission) => ({
        roleId: role?.roleId ?? 0,
        permission,
        attributes: own,
      })),
    );
  }
  const user = await buildUser(db, { companyId, name: 'Rita Reader' });
  await db.insert(userRoles).values({ userId: user.userId, roleId: role.roleId });
  return user;
}

export async function problemRow(db: DbOrTx, detectedProblemId: number): Promise<ProblemRow> {
  const [row] = await db
    .select()
    .from(detectedProblems)
    .where(eq(detectedProblems.detectedProblemId, detectedProblemId));
  if (!row) throw new Error(`no problem ${detectedProblemId}`);
  return row;
}

export async function automationRows(db: DbOrTx, assetId: number) {
  return db
    .select()
    .from(problemAutomations)
    .where(eq(problemAutomations.assetId, assetId))
    .orderBy(asc(problemAutomations.problemAutomationId));
}

/** Audit events whose name starts with `prefix` on the given assets, oldest first. */
export async function problemEvents(db: DbOrTx, prefix: string, assetIds: readonly number[]) {
  return db
    .select()
    .from(events)
    .where(
      and(
        like(events.name, `${prefix}%`),
        inArray(
          events.subjectId,
          assetIds.map((id) => String(id)),
        ),
      ),
    )
    .orderBy(asc(events.eventId));
}

export const problemsOf = (answer: ApiAnswer) => detectedProblemSchema.array().parse(answer.body);

export type { AssetFleet };
