import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { detectedProblems, problemAutomations } from '../../../platform/db/problemsSchema.ts';
import type { ProblemNotice } from '../../notifications/problemNotices.ts';
import { CYCLE_MS, startEvaluationKit, type EvaluationKit } from './evaluationTestKit.ts';
import { createServerEvaluator } from './serverEvaluator.ts';

const MINUTE = 60_000;

describe('the evaluator as the server runs it', () => {
  let kit: EvaluationKit;
  // One seeded database per file (and kind), restored before each test: opening one took seconds.
  beforeAll(async () => {
    kit = await startEvaluationKit();
  });
  beforeEach(async () => {
    await kit.reset();
  });
  afterAll(async () => {
    await kit.close();
  });

  it('applies the key’s automation to a problem as it opens, and hands every change to the notifier', async () => {
    const { unitA1, unitA3 } = kit.fleet.ids;
    const ruleId = await kit.addRule({
      name: 'Return air hot',
      condition: {
        kind: 'THRESHOLD',
        metricAlias: 'temperature.returnAir',
        aggregation: 'MAX',
        limits: { source: 'FIXED', above: 40, below: null },
      },
      recoveryDuration: 'PT1M',
      assetIds: [unitA1, unitA3],
    });
    // Someone muted unitA3's problems of this rule for a day, before any opened.
    const [automation] = await kit.database.db
      .insert(problemAutomations)
      .values({
        companyId: kit.fleet.companyA.companyId,
        problemRuleDefinitionId: ruleId,
        assetId: unitA3,
        type: 'AUTO_MUTE',
        description: 'Sensor being replaced',
        expiredBy: new Date(Date.now() + 86_400_000),
        setBy: kit.fleet.users.adminA.userId,
      })
      .returning();
    const notices: ProblemNotice[] = [];
    const evaluator = createServerEvaluator({
      db: kit.database.db,
      timeseries: kit.timeseries,
      lastSeen: { lastSeen: () => Promise.resolve(new Map()) },
      config: { evaluate: true, cycleMs: CYCLE_MS, escalateAfterMs: 30 * MINUTE },
      logger: { info() {}, warn() {}, error() {} },
      notifier: { notify: (list) => Promise.resolve(void notices.push(...list)) },
    });
    await kit.readings(unitA1, 'temperature.returnAir', Date.now() - 30_000, Date.now(), 45);
    await kit.readings(unitA3, 'temperature.returnAir', Date.now() - 30_000, Date.now(), 45);
    await evaluator.runCycle();

    expect(notices.map((notice) => [notice.kind, notice.problem.assetId, notice.assetName])).toEqual([
      ['OPENED', unitA1, 'AN-CRAH-01'],
      ['OPENED', unitA3, 'AS-CRAH-01'],
    ]);
    const muted = notices.find((notice) => notice.problem.assetId === unitA3)?.problem.mute;
    expect(muted).toMatchObject({ currentlyMuted: true, automationId: automation?.problemAutomationId });
    expect(notices.find((notice) => notice.problem.assetId === unitA1)?.problem.mute).toBeNull();
    const rows = await kit.database.db.select().from(detectedProblems);
    expect(rows).toHaveLength(2);
  });
});
