import { and, eq, inArray } from 'drizzle-orm';
import type { RuleCondition } from '@kelvin/contract';
import { applyVerdicts } from '../../apps/server/src/modules/problems/evaluation/alertWriter.ts';
import { releaseRules } from '../../apps/server/src/modules/problems/evaluation/evaluationLeases.ts';
import {
  createProblemEvaluator,
  type ProblemEvaluator,
} from '../../apps/server/src/modules/problems/evaluation/problemEvaluator.ts';
import { loadRuleTargets } from '../../apps/server/src/modules/problems/evaluation/ruleTargets.ts';
import { readVerdicts } from '../../apps/server/src/modules/problems/evaluation/windowReader.ts';
import { createWindowSources } from '../../apps/server/src/modules/problems/evaluation/windowSources.ts';
import {
  alerts,
  monitorGroupRules,
  monitorGroups,
  problemRuleDefinitions,
} from '../../apps/server/src/platform/db/problemsSchema.ts';
import { assets } from '../../apps/server/src/platform/db/schema.ts';
import { lastSeenFromTable } from '../../apps/server/src/platform/live/lastSeenFromTable.ts';
import type { TestServer } from '../../apps/server/src/testing/testServer.ts';
import type { SoakFleet } from '../soak/soakFleet.ts';

export interface BenchRules {
  ruleIds: number[];
  /** The rule a probe's reading breaches at once (MAX over a minute above 50). */
  spikeRuleId: number;
  spikeAlias: string;
}

const silent = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ten rules of every evaluated kind in one monitor group that every fleet unit holds. */
export async function addBenchRules(server: TestServer, fleet: SoakFleet): Promise<BenchRules> {
  const db = server.database.db;
  const [unit] = await db
    .select()
    .from(assets)
    .where(eq(assets.assetId, fleet.unitIds[0] ?? 0));
  if (!unit) throw new Error('The fleet has no units');
  const alias = (index: number) => fleet.aliases[index % fleet.aliases.length] ?? '';
  const threshold = (index: number): RuleCondition => ({
    kind: 'THRESHOLD',
    metricAlias: alias(index),
    aggregation: 'AVERAGE',
    limits: { source: 'FIXED', above: 24.5, below: null },
  });
  const definitions: { name: string; condition: RuleCondition; timeWindow: string }[] = [
    ...[0, 1, 2, 3, 4, 5].map((index) => ({
      name: `Average ${alias(index)}`,
      condition: threshold(index),
      timeWindow: 'PT5M',
    })),
    {
      name: 'Spike',
      condition: {
        kind: 'THRESHOLD',
        metricAlias: alias(0),
        aggregation: 'MAX',
        limits: { source: 'FIXED', above: 50, below: null },
      },
      timeWindow: 'PT1M',
    },
    {
      name: 'Alarm',
      condition: { kind: 'METRIC_STATUS', metricAlias: alias(1), statuses: ['ALARM', 'FAULT'] },
      timeWindow: 'PT5M',
    },
    {
      name: 'Fast change',
      condition: { kind: 'CHANGE_DETECTION', metricAlias: alias(2), mode: 'RATE', maxChangePerMinute: 5 },
      timeWindow: 'PT5M',
    },
    { name: 'Silent', condition: { kind: 'COMMUNICATION_LOST', subject: 'ASSET' }, timeWindow: 'PT5M' },
  ];
  const rules = await db
    .insert(problemRuleDefinitions)
    .values(
      definitions.map((definition) => ({
        companyId: unit.companyId,
        name: definition.name,
        kind: definition.condition.kind,
        condition: definition.condition,
        timeWindow: definition.timeWindow,
        recoveryDuration: 'PT2M',
        impactLevel: 'WARNING',
      })),
    )
    .returning();
  const [group] = await db
    .insert(monitorGroups)
    .values({ companyId: unit.companyId, name: 'Bench' })
    .returning();
  if (!group) throw new Error('No monitor group');
  await db.insert(monitorGroupRules).values(
    rules.map((rule) => ({
      monitorGroupId: group.monitorGroupId,
      problemRuleDefinitionId: rule.problemRuleDefinitionId,
    })),
  );
  await db
    .update(assets)
    .set({ monitorGroupId: group.monitorGroupId })
    .where(inArray(assets.assetId, fleet.unitIds));
  const spike = rules.find((rule) => rule.name === 'Spike');
  return {
    ruleIds: rules.map((rule) => rule.problemRuleDefinitionId),
    spikeRuleId: spike?.problemRuleDefinitionId ?? 0,
    spikeAlias: alias(0),
  };
}

function evaluatorOf(server: TestServer, owner: string, cycleMs: number): ProblemEvaluator {
  const db = server.database.db;
  return createProblemEvaluator({
    db,
    sources: createWindowSources({
      db,
      timeseries: server.timeseries,
      lastSeen: lastSeenFromTable(server.lastValues),
    }),
    cycleMs,
    escalateAfterMs: 30 * 60_000,
    logger: silent,
    owner,
  });
}

/** `count` scheduled cycles, each at the start of a new 5-second tick, as the schedule runs them. */
export async function measureCycles(
  server: TestServer,
  count: number,
): Promise<{ ms: number[]; readMs: number[]; writeMs: number[]; pairs: number }> {
  const cycleMs = 5000;
  const evaluator = evaluatorOf(server, 'bench-cycles', cycleMs);
  const ms: number[] = [];
  const readMs: number[] = [];
  const writeMs: number[] = [];
  let pairs = 0;
  // The first cycle claims the rules; it is timed like the others.
  for (let run = 0; run < count; run++) {
    await sleep(cycleMs - (Date.now() % cycleMs) + 20);
    const report = await evaluator.runCycle();
    ms.push(report.ms);
    readMs.push(report.readMs);
    writeMs.push(report.writeMs);
    pairs = report.pairs;
  }
  await releaseRules(server.database.db, 'bench-cycles');
  return { ms, readMs, writeMs, pairs };
}

/** The same rules evaluated one query per rule-asset pair, each pair's result applied in its own transaction. */
export async function measurePerPair(server: TestServer): Promise<{ ms: number; pairs: number }> {
  const db = server.database.db;
  const sources = createWindowSources({
    db,
    timeseries: server.timeseries,
    lastSeen: lastSeenFromTable(server.lastValues),
  });
  const targets = await loadRuleTargets(db);
  const tick = Math.floor(Date.now() / 1000) * 1000;
  const started = performance.now();
  let pairs = 0;
  for (const target of targets) {
    for (const asset of target.assets) {
      const verdicts = await readVerdicts(sources, target, [asset], tick);
      await db.transaction((tx) =>
        applyVerdicts(tx, target, verdicts, tick, new Map([[asset.assetId, asset.companyId]])),
      );
      pairs++;
    }
  }
  return { ms: performance.now() - started, pairs };
}

/**
 * Breaches sent through the ingest call, one unit each, until their alerts are stored. With `triggers` the
 * evaluator hears the bus as the server wires it; without, only its 30 s schedule finds them.
 */
export async function measureDetection(
  server: TestServer,
  fleet: SoakFleet,
  rules: BenchRules,
  options: { probes: number; triggers: boolean; firstUnit?: number },
): Promise<number[]> {
  const db = server.database.db;
  const owner = `bench-detect-${options.triggers ? 'triggers' : 'schedule'}`;
  const evaluator = evaluatorOf(server, owner, 30_000);
  await evaluator.runCycle();
  const stop = evaluator.start();
  const unsubscribe = options.triggers
    ? server.bus.subscribe((values) => evaluator.noteValues(values))
    : () => {};
  const latencies: number[] = [];
  try {
    for (let probe = 0; probe < options.probes; probe++) {
      const unitId = fleet.unitIds[(options.firstUnit ?? 0) + probe] ?? 0;
      // A random moment of the cycle, so the schedule's wait is sampled fairly.
      await sleep(Math.random() * 30_000);
      const started = performance.now();
      const response = await fetch(`${server.url}/api/telemetry.ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-agent-key': fleet.agentKey },
        body: JSON.stringify({
          points: [{ assetId: unitId, alias: rules.spikeAlias, ts: Date.now(), value: 99 }],
        }),
      });
      if (!response.ok) throw new Error(`ingest ${response.status}: ${await response.text()}`);
      for (;;) {
        const found = await db
          .select({ id: alerts.alertId })
          .from(alerts)
          .where(and(eq(alerts.problemRuleDefinitionId, rules.spikeRuleId), eq(alerts.assetId, unitId)));
        if (found.length > 0) break;
        if (performance.now() - started > 120_000)
          throw new Error(`No alert for unit ${unitId} after 2 minutes`);
        await sleep(25);
      }
      latencies.push(performance.now() - started);
    }
  } finally {
    unsubscribe();
    await stop();
  }
  return latencies;
}
