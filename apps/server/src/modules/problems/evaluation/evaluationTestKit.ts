import { eq } from 'drizzle-orm';
import type { RuleCondition, ThresholdLimit } from '@kelvin/contract';
import type { Database } from '../../../platform/db/database.ts';
import {
  monitorGroupRules,
  monitorGroups,
  problemRuleDefinitions,
} from '../../../platform/db/problemsSchema.ts';
import { assets, metrics, thresholdGroups } from '../../../platform/db/schema.ts';
import { openTimeSeriesStore } from '../../../platform/timeseries/openTimeSeriesStore.ts';
import type { TimeSeriesStore } from '../../../platform/timeseries/timeSeriesStore.ts';
import { snapshotDatabase } from '../../../testing/databaseSnapshot.ts';
import { openTestDatabase, type TestDatabaseKind } from '../../../testing/testServer.ts';
import { buildAssetFleet, type AssetFleet } from '../../assets/assetsTestFixture.ts';
import {
  createProblemEvaluator,
  type ProblemEvaluator,
  type ProblemEvaluatorOptions,
} from './problemEvaluator.ts';
import { createWindowSources } from './windowSources.ts';

export const CYCLE_MS = 30_000;
/** A cycle-aligned instant the tests' time starts from. */
export const T0 = Math.floor(Date.UTC(2026, 10, 20, 12) / CYCLE_MS) * CYCLE_MS;

export interface EvaluationKit {
  database: Database;
  timeseries: TimeSeriesStore;
  fleet: AssetFleet;
  /** Metric ids by alias. */
  metricIds: Record<string, number>;
  /** When each asset last sent something; tests set it. */
  lastSeen: Map<number, number>;
  clock: { now: number };
  evaluator(owner?: string, hooks?: Pick<ProblemEvaluatorOptions, 'onProblemsOpened'>): ProblemEvaluator;
  addRule(input: {
    name: string;
    condition: RuleCondition;
    timeWindow?: string;
    recoveryDuration?: string;
    impactLevel?: string;
    assetIds: number[];
  }): Promise<number>;
  /** Readings of one metric of one asset, one every 10 s over [from, to). */
  readings(
    assetId: number,
    alias: string,
    from: number,
    to: number,
    value: number,
    status?: number,
  ): Promise<void>;
  /**
   * Back to the seed for the next test: the database restored, a new empty time series store, nothing seen, the
   * clock at T0. Opening a database per test took seconds; the tests of a file share one this way.
   */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export const ALIASES = ['temperature.supplyAir', 'temperature.returnAir', 'status.unitMode'] as const;

export const SUPPLY_AIR_LIMITS: ThresholdLimit = {
  metricAlias: 'temperature.supplyAir',
  criticalLow: 12,
  warningLow: 15,
  warningHigh: 22,
  criticalHigh: 27,
};

/**
 * Two companies' fleet (assetsTestFixture), three catalogue metrics, a threshold group on A's first unit. Start
 * it once per file (beforeAll) and reset it before each test (beforeEach).
 */
export async function startEvaluationKit(kind: TestDatabaseKind = 'pglite'): Promise<EvaluationKit> {
  const database = await openTestDatabase(kind);
  const { db } = database;
  const fleet = await buildAssetFleet(db);
  const rows = await db
    .insert(metrics)
    .values(
      ALIASES.map((alias) => ({ alias, name: alias, displayType: 'line', valueType: 'number', path: alias })),
    )
    .returning({ metricId: metrics.metricId, alias: metrics.alias });
  const metricIds = Object.fromEntries(rows.map((row) => [row.alias, row.metricId]));
  const [group] = await db
    .insert(thresholdGroups)
    .values({
      companyId: fleet.companyA.companyId,
      name: 'Limits',
      limits: [SUPPLY_AIR_LIMITS],
      createdBy: fleet.users.adminA.userId,
    })
    .returning();
  await db
    .update(assets)
    .set({ thresholdGroupId: group?.thresholdGroupId ?? null })
    .where(eq(assets.assetId, fleet.ids.unitA1));
  // The fleet was installed, and the server listening, long before the tests' time.
  await db.update(assets).set({ createdAt: new Date(T0 - 86_400_000) });
  const seed = await snapshotDatabase(db);

  const lastSeen = new Map<number, number>();
  const clock = { now: T0 };
  const silent = { info() {}, warn() {}, error() {} };
  let groups = 0;
  const openSources = (timeseries: TimeSeriesStore) =>
    createWindowSources({
      db,
      timeseries,
      listeningSince: T0 - 86_400_000,
      lastSeen: {
        lastSeen: (assetIds) =>
          Promise.resolve(
            new Map(
              assetIds.flatMap((id) => (lastSeen.has(id) ? [[id, new Date(lastSeen.get(id) ?? 0)]] : [])),
            ),
          ),
      },
    });
  const initialTimeseries = await openTimeSeriesStore({});
  let sources = openSources(initialTimeseries);

  const kit: EvaluationKit = {
    database,
    timeseries: initialTimeseries,
    fleet,
    metricIds,
    lastSeen,
    clock,
    evaluator: (owner, hooks = {}) =>
      createProblemEvaluator({
        db,
        sources,
        cycleMs: CYCLE_MS,
        escalateAfterMs: 30 * 60_000,
        logger: silent,
        ...(owner === undefined ? {} : { owner }),
        now: () => clock.now,
        ...hooks,
      }),
    async addRule(input) {
      const companyId = fleet.companyA.companyId;
      const [rule] = await db
        .insert(problemRuleDefinitions)
        .values({
          companyId,
          name: input.name,
          kind: input.condition.kind,
          condition: input.condition,
          timeWindow: input.timeWindow ?? 'PT5M',
          recoveryDuration: input.recoveryDuration ?? 'PT2M',
          impactLevel: input.impactLevel ?? 'CRITICAL',
          tags: ['test'],
        })
        .returning();
      if (!rule) throw new Error('rule not created');
      const [group] = await db
        .insert(monitorGroups)
        .values({ companyId, name: `Group ${++groups}` })
        .returning();
      if (!group) throw new Error('group not created');
      await db.insert(monitorGroupRules).values({
        monitorGroupId: group.monitorGroupId,
        problemRuleDefinitionId: rule.problemRuleDefinitionId,
      });
      for (const assetId of input.assetIds) {
        await db
          .update(assets)
          .set({ monitorGroupId: group.monitorGroupId })
          .where(eq(assets.assetId, assetId));
      }
      return rule.problemRuleDefinitionId;
    },
    async readings(assetId, alias, from, to, value, status = 1) {
      const metricId = metricIds[alias];
      if (metricId === undefined) throw new Error(`unknown alias ${alias}`);
      const points = [];
      for (let ts = from; ts < to; ts += 10_000) points.push({ assetId, metricId, ts, value, status });
      await kit.timeseries.insert(points);
      lastSeen.set(assetId, Math.max(lastSeen.get(assetId) ?? 0, to - 10_000));
    },
    async reset() {
      await seed.restore();
      await kit.timeseries.close();
      kit.timeseries = await openTimeSeriesStore({});
      sources = openSources(kit.timeseries);
      lastSeen.clear();
      clock.now = T0;
      groups = 0;
    },
    async close() {
      await kit.timeseries.close();
      await database.close();
    },
  };
  return kit;
}
