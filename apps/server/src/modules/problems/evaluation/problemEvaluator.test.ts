import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alerts, detectedProblems } from '../../../platform/db/problemsSchema.ts';
import { assets } from '../../../platform/db/schema.ts';
import { postgresAvailable, type TestDatabaseKind } from '../../../testing/testServer.ts';
import { CYCLE_MS, startEvaluationKit, T0, type EvaluationKit } from './evaluationTestKit.ts';

const MINUTE = 60_000;
const supplyAir = 'temperature.supplyAir';
const thresholdRule = {
  name: 'Supply air too warm',
  condition: {
    kind: 'THRESHOLD' as const,
    metricAlias: supplyAir,
    aggregation: 'AVERAGE' as const,
    limits: { source: 'THRESHOLD_GROUP' as const },
  },
  timeWindow: 'PT5M',
  recoveryDuration: 'PT2M',
};

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe.each(kinds)('problem evaluation of threshold rules on %s', (kind) => {
  let kit: EvaluationKit;
  // One seeded database per file (and kind), restored before each test: opening one took seconds.
  beforeAll(async () => {
    kit = await startEvaluationKit(kind);
  });
  beforeEach(async () => {
    await kit.reset();
  });
  afterAll(async () => {
    await kit.close();
  });

  const alertRows = () => kit.database.db.select().from(alerts);
  const problemRows = () => kit.database.db.select().from(detectedProblems);

  it('opens one alert and one problem for a breach, at the level of the limit crossed, and nothing for healthy units', async () => {
    const { unitA1, unitA3 } = kit.fleet.ids;
    await kit.addRule({ ...thresholdRule, assetIds: [unitA1, unitA3] });
    await kit.readings(unitA1, supplyAir, T0 - 5 * MINUTE, T0, 28.123);
    await kit.readings(unitA3, supplyAir, T0 - 5 * MINUTE, T0, 35); // no threshold group: cannot breach
    const report = await kit.evaluator().runCycle();
    expect(report).toMatchObject({ rules: 1, pairs: 2, tick: T0 });
    expect(report.opened).toHaveLength(1);

    const [alert] = await alertRows();
    expect(alert).toMatchObject({
      assetId: unitA1,
      type: 'METRIC',
      level: 'CRITICAL',
      status: 'ACTIVE',
      numberOfOccurrences: 1,
      metricIds: [kit.metricIds[supplyAir]],
      metricAlias: supplyAir,
    });
    expect(alert?.firstEventValue).toBeCloseTo(28.123);
    const [problem] = await problemRows();
    expect(problem).toMatchObject({
      detectedProblemId: alert?.detectedProblemId,
      name: 'Supply air too warm',
      level: 'CRITICAL',
      closedAt: null,
      totalEvaluations: 1,
      totalTriggeredEvaluations: 1,
      tags: ['test'],
    });
  });

  it('changes nothing when the same tick is evaluated again, by this process or after a restart', async () => {
    const { unitA1 } = kit.fleet.ids;
    await kit.addRule({ ...thresholdRule, assetIds: [unitA1] });
    await kit.readings(unitA1, supplyAir, T0 - 5 * MINUTE, T0, 28);
    const evaluator = kit.evaluator('process-1');
    await evaluator.runCycle();
    await evaluator.runCycle();
    // A restarted process keeps its lease name only if configured so; a new one waits for the lease to lapse.
    const restarted = kit.evaluator('process-1');
    expect((await restarted.runCycle()).opened).toEqual([]);
    expect(await alertRows()).toHaveLength(1);
    const [problem] = await problemRows();
    expect(problem?.totalEvaluations).toBe(1);
  });

  it('resolves only after the recovery duration without a breach, and closes the problem', async () => {
    const { unitA1 } = kit.fleet.ids;
    await kit.addRule({ ...thresholdRule, assetIds: [unitA1] });
    await kit.readings(unitA1, supplyAir, T0 - 5 * MINUTE, T0, 28);
    const evaluator = kit.evaluator();
    await evaluator.runCycle();
    // The unit cools at once: the 5-minute average stays above 22 for a while, then recovery takes 2 minutes more.
    await kit.readings(unitA1, supplyAir, T0, T0 + 20 * MINUTE, 20);
    const resolvedAt: number[] = [];
    for (let tick = T0 + CYCLE_MS; tick <= T0 + 12 * MINUTE; tick += CYCLE_MS) {
      kit.clock.now = tick;
      const report = await evaluator.runCycle();
      if (report.resolved.length > 0) resolvedAt.push(tick);
    }
    const [alert] = await alertRows();
    expect(alert?.status).toBe('RESOLVED');
    // Last breaching 5-minute average: the window [T0-1m, T0+4m) has 6 of 30 readings at 28 → 21.6... so the
    // breach ends once fewer than a fifth of the window is hot; recovery follows 2 minutes after the last breach.
    expect(resolvedAt).toHaveLength(1);
    expect(alert?.resolvedAt?.getTime()).toBe(resolvedAt[0]);
    expect((resolvedAt[0] ?? 0) - (alert?.lastEventAt.getTime() ?? 0)).toBeGreaterThanOrEqual(2 * MINUTE);
    const [problem] = await problemRows();
    expect(problem?.closedAt?.getTime()).toBe(resolvedAt[0]);
    // Counted on every tick while open: from T0 up to the tick before the one that closed it.
    expect(problem?.totalEvaluations).toBe(((resolvedAt[0] ?? 0) - T0) / CYCLE_MS);
  });

  it('neither opens nor recovers while the unit sends nothing, and sees late readings at the next tick', async () => {
    const { unitA1 } = kit.fleet.ids;
    await kit.addRule({ ...thresholdRule, assetIds: [unitA1] });
    const evaluator = kit.evaluator();
    expect((await evaluator.runCycle()).opened).toEqual([]);
    // Readings of the last five minutes arrive late, after the tick that should have seen them.
    await kit.readings(unitA1, supplyAir, T0 - 5 * MINUTE, T0, 30);
    kit.clock.now = T0 + CYCLE_MS;
    expect((await evaluator.runCycle()).opened).toHaveLength(1);
    // Then silence: the window empties, and the alert stays open rather than counting as recovered.
    for (let tick = T0 + 2 * CYCLE_MS; tick <= T0 + 15 * MINUTE; tick += CYCLE_MS) {
      kit.clock.now = tick;
      await evaluator.runCycle();
    }
    const [alert] = await alertRows();
    expect(alert?.status).toBe('ACTIVE');
  });

  it('reopens a problem that breaches again within ten minutes of closing, and opens a new one after', async () => {
    const { unitA1 } = kit.fleet.ids;
    const returnAir = 'temperature.returnAir';
    await kit.addRule({
      name: 'Return air hot',
      condition: {
        kind: 'THRESHOLD',
        metricAlias: returnAir,
        aggregation: 'MAX',
        limits: { source: 'FIXED', above: 40, below: null },
      },
      timeWindow: 'PT1M',
      recoveryDuration: 'PT1M',
      assetIds: [unitA1],
    });
    const evaluator = kit.evaluator();
    const runAt = async (minutes: number) => {
      kit.clock.now = T0 + minutes * MINUTE;
      return evaluator.runCycle();
    };
    // Hot for a minute, cool until minute 5, hot again, cool, then hot again 15 minutes after the second closed.
    await kit.readings(unitA1, returnAir, T0 - MINUTE, T0, 45);
    await kit.readings(unitA1, returnAir, T0, T0 + 5 * MINUTE, 30);
    await kit.readings(unitA1, returnAir, T0 + 5 * MINUTE, T0 + 6 * MINUTE, 45);
    await kit.readings(unitA1, returnAir, T0 + 6 * MINUTE, T0 + 24 * MINUTE, 30);
    await kit.readings(unitA1, returnAir, T0 + 24 * MINUTE, T0 + 25 * MINUTE, 45);
    const opened = (await runAt(0)).opened;
    expect(opened).toHaveLength(1);
    expect((await runAt(3)).resolved).toEqual(opened);
    // Again within ten minutes: the same problem reopens, announced once only.
    expect((await runAt(5.5)).opened).toEqual([]);
    let problems = await problemRows();
    expect(problems).toHaveLength(1);
    expect(problems[0]?.closedAt).toBeNull();
    expect(await alertRows()).toHaveLength(2);
    expect((await runAt(8)).resolved).toEqual(opened);
    // Fifteen minutes later: a new problem.
    const later = (await runAt(24.5)).opened;
    expect(later).toHaveLength(1);
    expect(later).not.toEqual(opened);
    problems = await problemRows();
    expect(problems).toHaveLength(2);
  });

  it('resolves the alerts of a rule that no longer watches the asset, and closes their problems', async () => {
    const { unitA1 } = kit.fleet.ids;
    await kit.addRule({ ...thresholdRule, assetIds: [unitA1] });
    await kit.readings(unitA1, supplyAir, T0 - 5 * MINUTE, T0 + 5 * MINUTE, 28);
    const evaluator = kit.evaluator();
    await evaluator.runCycle();
    // The unit leaves the rule's monitor group while still hot: nothing would judge its alert again.
    await kit.database.db.update(assets).set({ monitorGroupId: null }).where(eq(assets.assetId, unitA1));
    kit.clock.now = T0 + CYCLE_MS;
    const report = await evaluator.runCycle();
    expect(report.pairs).toBe(0);
    const [alert] = await alertRows();
    expect(alert).toMatchObject({ status: 'RESOLVED', resolvedAt: new Date(T0 + CYCLE_MS) });
    const [problem] = await problemRows();
    expect(report.resolved).toEqual([problem?.detectedProblemId]);
    expect(problem?.closedAt).toEqual(new Date(T0 + CYCLE_MS));
  });

  it('lets exactly one of two processes evaluate a rule, and the other take over when its lease lapses', async () => {
    const { unitA1 } = kit.fleet.ids;
    await kit.addRule({ ...thresholdRule, assetIds: [unitA1] });
    await kit.readings(unitA1, supplyAir, T0 - 5 * MINUTE, T0 + 10 * MINUTE, 28);
    const [first, second] = await Promise.all([kit.evaluator('a').runCycle(), kit.evaluator('b').runCycle()]);
    expect(first.rules + second.rules).toBe(1);
    expect(await alertRows()).toHaveLength(1);

    // Process a stops without letting go; b takes the rule once the lease (three cycles) has run out.
    const holder = first.rules === 1 ? 'a' : 'b';
    const other = holder === 'a' ? 'b' : 'a';
    kit.clock.now = T0 + CYCLE_MS;
    expect((await kit.evaluator(other).runCycle()).rules).toBe(0);
    kit.clock.now = T0 + 4 * CYCLE_MS;
    const takeover = await kit.evaluator(other).runCycle();
    expect(takeover.rules).toBe(1);
    // It catches up the ticks missed since the holder's last one, without a second alert.
    expect(takeover.pairs).toBe(4);
    const rows = await alertRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.lastEventAt.getTime()).toBe(T0 + 4 * CYCLE_MS);
  });

  it('finishes a cycle cut short by a crash without evaluating a tick twice', async () => {
    const { unitA1, unitA3 } = kit.fleet.ids;
    const first = await kit.addRule({ ...thresholdRule, assetIds: [unitA1] });
    const second = await kit.addRule({
      name: 'Return air',
      condition: {
        kind: 'THRESHOLD',
        metricAlias: 'temperature.returnAir',
        aggregation: 'MAX',
        limits: { source: 'FIXED', above: 40, below: null },
      },
      assetIds: [unitA3],
    });
    await kit.readings(unitA1, supplyAir, T0 - 5 * MINUTE, T0, 28);
    await kit.readings(unitA3, 'temperature.returnAir', T0 - 5 * MINUTE, T0, 45);
    // The process dies inside the second rule's transaction, after the first rule's committed.
    const crashing = kit.evaluator('crashing', {
      onProblemsOpened: async (tx, ids) => {
        const [row] = await tx
          .select()
          .from(detectedProblems)
          .where(eq(detectedProblems.detectedProblemId, ids[0] ?? 0));
        if (row?.problemRuleDefinitionId === second) throw new Error('process killed');
      },
    });
    const cut = await crashing.runCycle();
    expect(cut.opened).toHaveLength(1);
    expect((await alertRows()).map((row) => row.problemRuleDefinitionId)).toEqual([first]);

    // Restarted under a new name once the dead process's lease has lapsed: the first rule for the ticks it missed
    // since its last, the second (never evaluated: nothing of it was kept) from now, as a new rule; one alert each.
    kit.clock.now = T0 + 4 * CYCLE_MS;
    const report = await kit.evaluator('restarted').runCycle();
    expect(report.rules).toBe(2);
    expect(report.pairs).toBe(4 + 1);
    expect(report.opened).toHaveLength(1);
    const rows = await alertRows();
    expect(rows.map((row) => row.problemRuleDefinitionId).sort()).toEqual([first, second].sort());
    expect(rows.find((row) => row.problemRuleDefinitionId === second)?.firstEventAt.getTime()).toBe(
      T0 + 4 * CYCLE_MS,
    );
    expect(await problemRows()).toHaveLength(2);
  });
});
