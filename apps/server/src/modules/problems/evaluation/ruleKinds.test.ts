import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_STATUS_BITS } from '@kelvin/domain';
import { eq } from 'drizzle-orm';
import { agentHeartbeats, alerts } from '../../../platform/db/problemsSchema.ts';
import { assets } from '../../../platform/db/schema.ts';
import { startEvaluationKit, T0, type EvaluationKit } from './evaluationTestKit.ts';

const MINUTE = 60_000;

describe('problem evaluation of each rule kind', () => {
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

  const alertRows = () => kit.database.db.select().from(alerts);

  it('opens a METRIC_STATUS alert for a watched status bit in the window', async () => {
    const { unitA1, unitA3 } = kit.fleet.ids;
    await kit.addRule({
      name: 'Unit alarm',
      condition: { kind: 'METRIC_STATUS', metricAlias: 'status.unitMode', statuses: ['ALARM', 'FAULT'] },
      assetIds: [unitA1, unitA3],
    });
    const alarm = DEVICE_STATUS_BITS.ALARM | DEVICE_STATUS_BITS.OK;
    await kit.readings(unitA1, 'status.unitMode', T0 - 5 * MINUTE, T0 - 2 * MINUTE, 1);
    await kit.readings(unitA1, 'status.unitMode', T0 - 2 * MINUTE, T0 - MINUTE, 1, alarm);
    await kit.readings(unitA3, 'status.unitMode', T0 - 5 * MINUTE, T0, 1, DEVICE_STATUS_BITS.STALE);
    await kit.evaluator().runCycle();
    const rows = await alertRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ assetId: unitA1, type: 'METRIC_STATUS', firstEventValue: alarm });
  });

  it('opens a CHANGE_DETECTION alert when a mode changes, and for a rate of change past the limit', async () => {
    const { unitA1, unitA3 } = kit.fleet.ids;
    await kit.addRule({
      name: 'Mode changed',
      condition: {
        kind: 'CHANGE_DETECTION',
        metricAlias: 'status.unitMode',
        mode: 'VALUE',
        maxChangePerMinute: null,
      },
      impactLevel: 'INFO',
      assetIds: [unitA1, unitA3],
    });
    await kit.readings(unitA1, 'status.unitMode', T0 - 5 * MINUTE, T0 - MINUTE, 1);
    await kit.readings(unitA1, 'status.unitMode', T0 - MINUTE, T0, 3);
    await kit.readings(unitA3, 'status.unitMode', T0 - 5 * MINUTE, T0, 1);
    await kit.evaluator().runCycle();
    const rows = await alertRows();
    expect(rows.map((row) => [row.assetId, row.type, row.level, row.lastEventValue])).toEqual([
      [unitA1, 'CHANGE_DETECTION', 'INFO', 3],
    ]);
  });

  it('judges a rate of change per minute', async () => {
    const { unitA1 } = kit.fleet.ids;
    await kit.addRule({
      name: 'Supply air rising fast',
      condition: {
        kind: 'CHANGE_DETECTION',
        metricAlias: 'temperature.supplyAir',
        mode: 'RATE',
        maxChangePerMinute: 1,
      },
      assetIds: [unitA1],
    });
    await kit.readings(unitA1, 'temperature.supplyAir', T0 - 5 * MINUTE, T0 - 4 * MINUTE, 18);
    await kit.readings(unitA1, 'temperature.supplyAir', T0 - MINUTE, T0, 28);
    await kit.evaluator().runCycle();
    const [alert] = await alertRows();
    expect(alert?.type).toBe('CHANGE_DETECTION');
    // 18 → 28 over 4 min 50 s of readings: about 2.07 a minute.
    expect(alert?.firstEventValue).toBeCloseTo(10 / (290 / 60), 2);
  });

  it('opens ASSET_COMMUNICATION_LOST for a unit silent for the window, and not for one heard from', async () => {
    const { unitA1, unitA3 } = kit.fleet.ids;
    await kit.addRule({
      name: 'Unit silent',
      condition: { kind: 'COMMUNICATION_LOST', subject: 'ASSET' },
      timeWindow: 'PT5M',
      assetIds: [unitA1, unitA3],
    });
    kit.lastSeen.set(unitA1, T0 - 6 * MINUTE);
    kit.lastSeen.set(unitA3, T0 - MINUTE);
    await kit.evaluator().runCycle();
    const rows = await alertRows();
    expect(rows.map((row) => [row.assetId, row.type])).toEqual([[unitA1, 'ASSET_COMMUNICATION_LOST']]);
    expect(rows[0]?.firstEventValue).toBe(6);
  });

  it('calls no unit silent before it has existed for a whole window (a new unit, a freshly seeded demo)', async () => {
    const { unitA1 } = kit.fleet.ids;
    await kit.addRule({
      name: 'Unit silent',
      condition: { kind: 'COMMUNICATION_LOST', subject: 'ASSET' },
      timeWindow: 'PT5M',
      assetIds: [unitA1],
    });
    await kit.database.db
      .update(assets)
      .set({ createdAt: new Date(T0 - MINUTE) })
      .where(eq(assets.assetId, unitA1));
    const evaluator = kit.evaluator();
    expect((await evaluator.runCycle()).opened).toEqual([]);
    // Still never heard from once it has existed for the window: now it is silent.
    kit.clock.now = T0 + 4 * MINUTE;
    expect((await evaluator.runCycle()).opened).toHaveLength(1);
  });

  it('opens COMMUNICATION_LOST for an agent whose last call is older than the window, judging agents only', async () => {
    const { unitA1, agentA1 } = kit.fleet.ids;
    await kit.addRule({
      name: 'Agent silent',
      condition: { kind: 'COMMUNICATION_LOST', subject: 'AGENT' },
      timeWindow: 'PT10M',
      assetIds: [agentA1, unitA1],
    });
    await kit.database.db
      .insert(agentHeartbeats)
      .values({ assetId: agentA1, lastSeenAt: new Date(T0 - 11 * MINUTE) });
    await kit.evaluator().runCycle();
    const rows = await alertRows();
    expect(rows.map((row) => [row.assetId, row.type])).toEqual([[agentA1, 'COMMUNICATION_LOST']]);
  });

  it('computes a QUERY expression over window aggregates of several metrics', async () => {
    const { unitA1, unitA3 } = kit.fleet.ids;
    await kit.addRule({
      name: 'Delta-T too small',
      condition: {
        kind: 'QUERY',
        terms: [
          { name: 'returnAir', metricAlias: 'temperature.returnAir', aggregation: 'AVERAGE' },
          { name: 'supplyAir', metricAlias: 'temperature.supplyAir', aggregation: 'AVERAGE' },
        ],
        expression: 'returnAir - supplyAir',
        comparison: 'BELOW',
        threshold: 5,
      },
      impactLevel: 'WARNING',
      assetIds: [unitA1, unitA3],
    });
    await kit.readings(unitA1, 'temperature.returnAir', T0 - 5 * MINUTE, T0, 24);
    await kit.readings(unitA1, 'temperature.supplyAir', T0 - 5 * MINUTE, T0, 21);
    await kit.readings(unitA3, 'temperature.returnAir', T0 - 5 * MINUTE, T0, 32);
    await kit.readings(unitA3, 'temperature.supplyAir', T0 - 5 * MINUTE, T0, 20);
    await kit.evaluator().runCycle();
    const rows = await alertRows();
    expect(rows.map((row) => [row.assetId, row.type, row.level, row.firstEventValue])).toEqual([
      [unitA1, 'QUERY', 'WARNING', 3],
    ]);
  });

  it('reads a long window from minute rollups, and judges nothing for a metric the catalogue lacks', async () => {
    const { unitA1, unitA3 } = kit.fleet.ids;
    await kit.addRule({
      name: 'Hottest hour',
      condition: {
        kind: 'THRESHOLD',
        metricAlias: 'temperature.supplyAir',
        aggregation: 'MAX',
        limits: { source: 'FIXED', above: 30, below: null },
      },
      timeWindow: 'PT1H',
      assetIds: [unitA1],
    });
    await kit.addRule({
      name: 'Unknown metric',
      condition: {
        kind: 'THRESHOLD',
        metricAlias: 'no.such.metric',
        aggregation: 'MAX',
        limits: { source: 'FIXED', above: 0, below: null },
      },
      assetIds: [unitA3],
    });
    await kit.readings(unitA1, 'temperature.supplyAir', T0 - 60 * MINUTE, T0, 20);
    await kit.readings(unitA1, 'temperature.supplyAir', T0 - 40 * MINUTE, T0 - 39 * MINUTE, 33);
    const report = await kit.evaluator().runCycle();
    expect(report.rules).toBe(2);
    const rows = await alertRows();
    expect(rows.map((row) => [row.type, row.firstEventValue])).toEqual([['METRIC', 33]]);
  });

  it('evaluates a rule for a unit as soon as a reading past its limit arrives, without waiting for the cycle', async () => {
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
    const evaluator = kit.evaluator();
    await evaluator.runCycle();
    const metricId = kit.metricIds['temperature.returnAir'] ?? 0;
    const reading = (value: number, ts: number) => ({
      assetId: unitA1,
      metricId,
      value,
      timestamp: ts,
      status: 1,
      units: null,
    });
    // A reading within the limit queues nothing.
    kit.clock.now = T0 + 5000;
    evaluator.noteValues([reading(30, T0 + 4000)]);
    expect(await evaluator.flushTriggered()).toEqual({ opened: [], resolved: [], escalated: [] });
    await kit.readings(unitA1, 'temperature.returnAir', T0 + 4000, T0 + 5000, 45);
    evaluator.noteValues([reading(45, T0 + 4000)]);
    const changes = await evaluator.flushTriggered();
    expect(changes.opened).toHaveLength(1);
    const [alert] = await alertRows();
    expect(alert?.firstEventAt.getTime()).toBe(T0 + 5000);
    // The next scheduled tick neither repeats nor undoes it.
    kit.clock.now = T0 + 30_000;
    expect((await evaluator.runCycle()).opened).toEqual([]);
    expect(await alertRows()).toHaveLength(1);
  });
});
