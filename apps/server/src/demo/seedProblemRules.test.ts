import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { contract, RULE_RECOVERY_MAX_MS, RULE_WINDOW_MAX_MS, RULE_WINDOW_MIN_MS } from '@kelvin/contract';
import {
  aggregateWindow,
  ASSET_TYPE,
  changeVerdict,
  comparisonVerdict,
  evaluateExpression,
  metricStatusVerdict,
  parseExpression,
  parseIsoDuration,
  PROVIDER_COMPANY_ID,
  ruleProblems,
  thresholdVerdict,
  type WindowSeries,
} from '@kelvin/domain';
import { monitorGroupRules, monitorGroups, problemRuleDefinitions } from '../platform/db/problemsSchema.ts';
import type { Database } from '../platform/db/database.ts';
import { openTestDatabase } from '../testing/testServer.ts';
import { assets } from '../platform/db/schema.ts';
import { DEMO_METRICS } from './metricCatalogue.ts';
import { seedDemo } from './seedDemo.ts';
import {
  DEMO_COMPANY_GROUP,
  DEMO_LIBRARY_GROUP,
  DEMO_LIBRARY_RULES,
  type DemoRule,
} from './seedProblemRules.ts';
import { DEMO_UNIT_LIMITS } from './seedThresholds.ts';
import { createUnitSimulation, type SimulatedPoint } from './unitSimulation.ts';

/** A small seeded generator, so that the simulated faults are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Sample {
  ts: number;
  points: Map<string, SimulatedPoint>;
}

function series(samples: readonly Sample[], alias: string): WindowSeries {
  const found = samples.flatMap((sample) => {
    const point = sample.points.get(alias);
    return point && typeof point.value === 'number' ? [{ ts: sample.ts, point, value: point.value }] : [];
  });
  return {
    timestamps: found.map((one) => one.ts),
    values: found.map((one) => one.value),
    statuses: found.map((one) => one.point.status),
  };
}

/** Whether a rule breaches over the samples of its window, as the domain's verdicts judge (the kinds faults trip). */
function breaches(rule: DemoRule, window: readonly Sample[]): boolean {
  const { condition } = rule;
  switch (condition.kind) {
    case 'THRESHOLD': {
      const limits = DEMO_UNIT_LIMITS.find((limit) => limit.metricAlias === condition.metricAlias) ?? null;
      const value = aggregateWindow(series(window, condition.metricAlias).values, condition.aggregation);
      return (
        thresholdVerdict(value, { source: 'THRESHOLD_GROUP', group: limits }, rule.impactLevel).breach ===
        true
      );
    }
    case 'METRIC_STATUS': {
      const bits = condition.statuses.filter((bit) => bit !== 'STALE' && bit !== 'UNACKNOWLEDGED_ALARM');
      return (
        metricStatusVerdict(series(window, condition.metricAlias), bits, rule.impactLevel).breach === true
      );
    }
    case 'QUERY': {
      const values = Object.fromEntries(
        condition.terms.map((term) => [
          term.name,
          aggregateWindow(series(window, term.metricAlias).values, term.aggregation),
        ]),
      );
      const value = evaluateExpression(parseExpression(condition.expression), values);
      return (
        comparisonVerdict(value, condition.comparison, condition.threshold, rule.impactLevel).breach === true
      );
    }
    case 'CHANGE_DETECTION': {
      const { mode, maxChangePerMinute } = condition;
      const found = changeVerdict(
        series(window, condition.metricAlias),
        mode,
        maxChangePerMinute,
        rule.impactLevel,
      );
      return found.breach === true;
    }
    case 'COMMUNICATION_LOST':
      return false;
  }
}

const rule = (name: string) => {
  const found = DEMO_LIBRARY_RULES.find((one) => one.name === name);
  if (!found) throw new Error(`no demo rule ${name}`);
  return found;
};

describe('demo problem rules', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('are rules the API would accept', () => {
    const limits = {
      windowMinMs: RULE_WINDOW_MIN_MS,
      windowMaxMs: RULE_WINDOW_MAX_MS,
      recoveryMaxMs: RULE_RECOVERY_MAX_MS,
    };
    const aliases = new Set(DEMO_METRICS.map((metric) => metric.alias));
    for (const demo of DEMO_LIBRARY_RULES) {
      expect(
        contract.problemRuleDefinitionsCreate.body.safeParse({ companyId: 1, ...demo }).success,
        demo.name,
      ).toBe(true);
      expect(ruleProblems(demo, limits), demo.name).toEqual([]);
      const named =
        demo.condition.kind === 'QUERY'
          ? demo.condition.terms.map((term) => term.metricAlias)
          : 'metricAlias' in demo.condition
            ? [demo.condition.metricAlias]
            : [];
      for (const alias of named) expect(aliases.has(alias), alias).toBe(true);
    }
  });

  it('are seeded in the library, and each customer’s units and agents hold the customer’s group of them', async () => {
    database = await openTestDatabase();
    await seedDemo(database.db, { dataDir: mkdtempSync(path.join(tmpdir(), 'kelvin-rules-')) });
    const rules = await database.db.select().from(problemRuleDefinitions);
    expect(rules.map((row) => row.name)).toEqual(DEMO_LIBRARY_RULES.map((demo) => demo.name));
    expect(new Set(rules.map((row) => row.companyId))).toEqual(new Set([PROVIDER_COMPANY_ID]));
    const groups = await database.db.select().from(monitorGroups);
    expect(groups.map((group) => [group.companyId, group.name])).toEqual([
      [PROVIDER_COMPANY_ID, DEMO_LIBRARY_GROUP],
      [2, DEMO_COMPANY_GROUP],
      [3, DEMO_COMPANY_GROUP],
      [4, DEMO_COMPANY_GROUP],
    ]);
    for (const group of groups) {
      const held = await database.db
        .select()
        .from(monitorGroupRules)
        .where(eq(monitorGroupRules.monitorGroupId, group.monitorGroupId));
      expect(held).toHaveLength(rules.length);
    }
    const fleet = await database.db.select().from(assets);
    for (const asset of fleet) {
      const watched = asset.assetTypeId === ASSET_TYPE.unit || asset.assetTypeId === ASSET_TYPE.agent;
      const group = groups.find((one) => one.monitorGroupId === asset.monitorGroupId);
      expect(group?.companyId ?? null, `asset ${asset.assetId}`).toBe(watched ? asset.companyId : null);
    }
  });

  it('trip within two minutes of each simulated fault starting', () => {
    const needed = new Set([
      'temperature.supplyAir',
      'temperature.returnAir',
      'humidity.return',
      'alarm.activeCode',
      'pressure.filterDifferential',
      'status.unitMode',
    ]);
    const metrics = DEMO_METRICS.filter((metric) => needed.has(metric.alias));
    const stepMs = 10_000;
    const start = Date.UTC(2026, 0, 1);
    const trippedBy = new Map<number, Set<string>>();
    for (let unit = 0; unit < 40; unit++) {
      const random = seeded(unit + 1);
      const simulation = createUnitSimulation(
        { assetId: unit, serialNumber: `S${unit}`, model: 'cw400' },
        metrics,
        start,
        random,
      );
      const samples: Sample[] = [];
      let faultStart: { code: number; at: number } | null = null;
      for (let ts = start; ts < start + 12 * 3_600_000; ts += stepMs) {
        const points = new Map(simulation.sample(ts).map((point) => [point.alias, point]));
        samples.push({ ts, points });
        const code = Number(points.get('alarm.activeCode')?.value ?? 0);
        if (code !== 0 && faultStart === null) faultStart = { code, at: ts };
        if (code === 0) faultStart = null;
        // Two minutes after a fault began (the fault may have ended since): which rules breached at some
        // 30-second evaluation tick, each over its own window?
        if (faultStart && ts === faultStart.at + 120_000) {
          const tripped = trippedBy.get(faultStart.code) ?? new Set<string>();
          for (let tick = faultStart.at; tick <= ts; tick += 30_000) {
            for (const demo of DEMO_LIBRARY_RULES) {
              const windowMs = parseIsoDuration(demo.timeWindow);
              const window = samples.filter((sample) => sample.ts > tick - windowMs && sample.ts <= tick);
              if (breaches(demo, window)) tripped.add(demo.name);
            }
          }
          trippedBy.set(faultStart.code, tripped);
        }
        if (samples.length > 60) samples.shift();
      }
    }
    // Enough faults to see most kinds; every one raises the unit alarm, and the air and humidity faults their rule.
    expect(trippedBy.size).toBeGreaterThanOrEqual(8);
    for (const [code, tripped] of trippedBy)
      expect(tripped.has(rule('Unit alarm').name), `fault ${code}`).toBe(true);
    const expectations: [number, string][] = [
      [101, 'Supply air out of limits'],
      [101, 'Low air delta-T'],
      [102, 'Supply air out of limits'],
      [901, 'Supply air out of limits'],
      [901, 'Supply air sensor fault'],
      [103, 'Return air too warm'],
      [201, 'Return humidity out of limits'],
      [202, 'Return humidity out of limits'],
      [701, 'Filter pressure jump'],
    ];
    // Each fault named here must have happened in the seeded run (else its rule went untested), and tripped.
    const occurred = [...trippedBy.keys()];
    for (const [code, name] of expectations) {
      expect(occurred, `fault ${code} happened`).toContain(code);
      expect(trippedBy.get(code)?.has(name), `fault ${code} trips ${name}`).toBe(true);
    }
  });
});
