import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../../platform/db/problemsSchema.ts';
import { startEvaluationKit, T0, type EvaluationKit } from './evaluationTestKit.ts';

/**
 * The evaluator at start-up: rules created as the server starts (the demo's seed) are evaluated, and their readings
 * trigger evaluation, at once rather than from the next scheduled tick.
 */
describe('problem evaluator start-up', () => {
  let kit: EvaluationKit;
  beforeAll(async () => {
    kit = await startEvaluationKit();
  });
  afterAll(async () => {
    await kit.close();
  });

  const alertRows = () => kit.database.db.select().from(alerts);

  it('evaluates the rules at once when asked after start, not at the next tick', async () => {
    const { unitA1 } = kit.fleet.ids;
    const evaluator = kit.evaluator();
    // Started before the rule exists, as the server starts before the demo is seeded; its first tick is a cycle away.
    const stop = evaluator.start();
    try {
      await kit.addRule({
        name: 'Return air hot',
        condition: {
          kind: 'THRESHOLD',
          metricAlias: 'temperature.returnAir',
          aggregation: 'MAX',
          limits: { source: 'FIXED', above: 40, below: null },
        },
        assetIds: [unitA1],
      });
      await kit.readings(unitA1, 'temperature.returnAir', T0 - 60_000, T0, 45);
      kit.clock.now = T0 + 1000;
      expect(await alertRows()).toEqual([]);

      await evaluator.evaluateSoon();
      expect((await alertRows()).map((row) => row.assetId)).toEqual([unitA1]);
    } finally {
      await stop();
    }
  });

  it('does nothing before start: there is no schedule to take a turn in', async () => {
    await kit.reset();
    const { unitA1 } = kit.fleet.ids;
    await kit.addRule({
      name: 'Return air hot',
      condition: {
        kind: 'THRESHOLD',
        metricAlias: 'temperature.returnAir',
        aggregation: 'MAX',
        limits: { source: 'FIXED', above: 40, below: null },
      },
      assetIds: [unitA1],
    });
    await kit.readings(unitA1, 'temperature.returnAir', T0 - 60_000, T0, 45);
    kit.clock.now = T0 + 1000;
    await kit.evaluator().evaluateSoon();
    expect(await alertRows()).toEqual([]);
  });
});
