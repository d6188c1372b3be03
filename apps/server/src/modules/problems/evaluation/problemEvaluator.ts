import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../../platform/db/database.ts';
import type { IngestedValue } from '../../../platform/events/telemetryBus.ts';
import { resolveUnwatched } from './alertBatches.ts';
import { applyVerdicts } from './alertWriter.ts';
import { buildTriggerIndex, type TriggerIndex } from './dataTriggers.ts';
import { claimRules, enterEvaluation, LeaseLost, releaseRules } from './evaluationLeases.ts';
import { escalateUnacknowledged } from './escalation.ts';
import { loadRuleTargets, type RuleTarget } from './ruleTargets.ts';
import { readVerdicts, type WindowSources } from './windowReader.ts';

/** What changed in one evaluation, for notifications. */
export interface EvaluationChanges {
  opened: number[];
  resolved: number[];
  escalated: number[];
}

export interface CycleReport extends EvaluationChanges {
  tick: number;
  rules: number;
  pairs: number;
  ms: number;
  /** Of `ms`, the time spent reading windows (the store) and applying verdicts (the relational store). */
  readMs: number;
  writeMs: number;
}

export interface EvaluatorLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ProblemEvaluatorOptions {
  db: Db;
  sources: WindowSources;
  /** Scheduled evaluations run at multiples of this (30 s by default). */
  cycleMs: number;
  /** A problem still unacknowledged this long after it opened escalates. */
  escalateAfterMs: number;
  logger: EvaluatorLogger;
  /** Identifies this process in leases; random by default. */
  owner?: string;
  /** Inside the transaction that opened these problems (automations apply here). */
  onProblemsOpened?: (tx: Tx, problemIds: readonly number[], now: number) => Promise<void>;
  /** After each cycle's transactions commit: notifications, expired automations. */
  afterCycle?: (changes: EvaluationChanges, now: number) => Promise<void>;
  now?: () => number;
}

/** Readings that may breach a rule are evaluated within this long of arriving. */
const TRIGGER_FLUSH_MS = 1000;

/** A restart evaluates the ticks it missed, back to this many cycles (a few minutes), then carries on. */
const CATCH_UP_CYCLES = 10;

export interface ProblemEvaluator {
  /** Evaluates every held rule for the ticks due; what the schedule calls, and tests and the benchmark. */
  runCycle(): Promise<CycleReport>;
  /** Readings just accepted (the telemetry bus): rules they may bring to a breach are queued for their assets. */
  noteValues(values: readonly IngestedValue[]): void;
  /** Evaluates the queued rules and assets now (the schedule does it every second); answers what changed. */
  flushTriggered(): Promise<EvaluationChanges>;
  /** Starts the schedule; the returned function stops it and lets the rules go. */
  start(): () => Promise<void>;
  /**
   * Once started: a cycle now, after the one under way, instead of at the next tick. For rules created at start-up
   * (the demo's): their readings trigger evaluation only once a cycle has loaded them. Resolves when it is over.
   */
  evaluateSoon(): Promise<void>;
}

export function createProblemEvaluator(options: ProblemEvaluatorOptions): ProblemEvaluator {
  const { db, sources, cycleMs, logger } = options;
  const owner = options.owner ?? `evaluator-${randomUUID()}`;
  const now = options.now ?? Date.now;

  let triggers: TriggerIndex = { rulesFor: () => [] };
  let heldTargets = new Map<number, RuleTarget>();
  const queued = new Map<number, Set<number>>();
  const timings = { readMs: 0, writeMs: 0 };

  /** A scheduled evaluation judges all the rule's assets and moves its cursor; a triggered one, some, and not. */
  async function evaluateRule(
    target: RuleTarget,
    tick: number,
    changes: EvaluationChanges,
    assets = target.assets,
  ): Promise<void> {
    const scheduled = assets === target.assets;
    const readStarted = performance.now();
    const verdicts = await readVerdicts(sources, target, assets, tick);
    const writeStarted = performance.now();
    timings.readMs += writeStarted - readStarted;
    const companyOf = new Map(assets.map((asset) => [asset.assetId, asset.companyId]));
    await db.transaction(async (tx) => {
      await enterEvaluation(tx, owner, target.rule.problemRuleDefinitionId, tick, scheduled);
      const result = await applyVerdicts(tx, target, verdicts, tick, companyOf);
      if (result.opened.length > 0) await options.onProblemsOpened?.(tx, result.opened, now());
      changes.opened.push(...result.opened);
      changes.resolved.push(...result.resolved);
    });
    timings.writeMs += performance.now() - writeStarted;
  }

  async function runCycle(): Promise<CycleReport> {
    const started = now();
    const tick = Math.floor(started / cycleMs) * cycleMs;
    const changes: EvaluationChanges = { opened: [], resolved: [], escalated: [] };
    timings.readMs = 0;
    timings.writeMs = 0;
    const targets = await loadRuleTargets(db, (rule, reason) =>
      logger.warn({ ruleId: rule.problemRuleDefinitionId, reason }, 'problem rule skipped'),
    );
    const held = await claimRules(
      db,
      owner,
      targets.map((target) => target.rule.problemRuleDefinitionId),
      started,
      cycleMs * 3,
    );
    heldTargets = new Map(
      targets
        .filter((target) => held.has(target.rule.problemRuleDefinitionId))
        .map((target) => [target.rule.problemRuleDefinitionId, target]),
    );
    triggers = await triggerIndexOf([...heldTargets.values()]);
    let rules = 0;
    let pairs = 0;
    for (const target of targets) {
      if (!held.has(target.rule.problemRuleDefinitionId)) continue;
      const cursor = held.get(target.rule.problemRuleDefinitionId) ?? null;
      const first = cursor === null ? tick : Math.max(cursor + cycleMs, tick - CATCH_UP_CYCLES * cycleMs);
      rules++;
      for (let at = first; at <= tick; at += cycleMs) {
        try {
          await evaluateRule(target, at, changes);
          pairs += target.assets.length;
        } catch (error) {
          if (error instanceof LeaseLost) break;
          // One rule failing (a store timeout, a bad row) must not stop the others; it is tried again next cycle.
          logger.error(
            { err: error, ruleId: target.rule.problemRuleDefinitionId },
            'problem rule evaluation failed',
          );
          break;
        }
      }
    }
    const watched = new Map(
      targets.map((target) => [
        target.rule.problemRuleDefinitionId,
        target.assets.map((asset) => asset.assetId),
      ]),
    );
    changes.resolved.push(
      ...(await db.transaction((tx) => resolveUnwatched(tx, watched, new Date(started)))),
    );
    changes.escalated.push(...(await escalateUnacknowledged(db, started, options.escalateAfterMs)));
    if (options.afterCycle) await options.afterCycle(changes, started);
    return {
      ...changes,
      tick,
      rules,
      pairs,
      ms: now() - started,
      readMs: Math.round(timings.readMs),
      writeMs: Math.round(timings.writeMs),
    };
  }

  async function triggerIndexOf(targets: readonly RuleTarget[]): Promise<TriggerIndex> {
    const aliases = targets.flatMap((target) =>
      target.condition.kind === 'THRESHOLD' || target.condition.kind === 'METRIC_STATUS'
        ? [target.condition.metricAlias]
        : [],
    );
    const { byAlias } = await sources.catalogue.lookup({ aliases: [...new Set(aliases)], metricIds: [] });
    const groupIds = targets.flatMap((target) =>
      target.condition.kind === 'THRESHOLD'
        ? target.assets.flatMap((asset) => asset.thresholdGroupId ?? [])
        : [],
    );
    const limits = await sources.thresholdLimits([...new Set(groupIds)]);
    const metricIdOf = new Map([...byAlias].map(([alias, metric]) => [alias, metric.metricId]));
    return buildTriggerIndex(targets, metricIdOf, limits);
  }

  async function flushTriggered(): Promise<EvaluationChanges> {
    const changes: EvaluationChanges = { opened: [], resolved: [], escalated: [] };
    if (queued.size === 0) return changes;
    const batch = [...queued];
    queued.clear();
    const tick = Math.floor(now() / 1000) * 1000;
    for (const [ruleId, assetIds] of batch) {
      const target = heldTargets.get(ruleId);
      if (!target) continue;
      const assets = target.assets.filter((asset) => assetIds.has(asset.assetId));
      try {
        await evaluateRule(target, tick, changes, assets);
      } catch (error) {
        if (!(error instanceof LeaseLost)) {
          logger.error({ err: error, ruleId }, 'problem rule evaluation on new readings failed');
        }
      }
    }
    if (changes.opened.length + changes.resolved.length > 0) {
      logger.info({ ...changes, tick, rules: batch.length }, 'problem evaluation on new readings');
    }
    if (options.afterCycle) await options.afterCycle(changes, now());
    return changes;
  }

  let running: Promise<unknown> = Promise.resolve();
  /** Set by start(): before it, there is no schedule to take a turn in. */
  let cycleInTurn: () => Promise<unknown> = () => running;

  return {
    runCycle,
    flushTriggered,
    async evaluateSoon() {
      await cycleInTurn();
    },
    noteValues(values) {
      for (const value of values) {
        for (const ruleId of triggers.rulesFor(value)) {
          const assets = queued.get(ruleId) ?? new Set<number>();
          assets.add(value.assetId);
          queued.set(ruleId, assets);
        }
      }
    },
    start() {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      const schedule = () => {
        if (stopped) return;
        const wait = cycleMs - (now() % cycleMs) + 50;
        // cycleInTurn never rejects (a failed cycle is logged), so the schedule always goes on.
        timer = setTimeout(() => void cycleInTurn().then(schedule), wait);
        timer.unref();
      };
      cycleInTurn = () => {
        if (stopped) return running;
        // In turn: a cycle asked for while another runs follows it rather than overlapping it.
        running = running
          .then(runCycle)
          .then((report) => {
            if (report.opened.length + report.resolved.length + report.escalated.length > 0) {
              logger.info(report, 'problem evaluation');
            }
          })
          .catch((error: unknown) => logger.error({ err: error }, 'problem evaluation cycle failed'));
        return running;
      };
      schedule();
      let flushing: Promise<unknown> = Promise.resolve();
      const flusher = setInterval(() => {
        flushing = flushing
          .then(flushTriggered)
          .catch((error: unknown) =>
            logger.error({ err: error }, 'problem evaluation on new readings failed'),
          );
      }, TRIGGER_FLUSH_MS);
      flusher.unref();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        clearInterval(flusher);
        await running;
        await flushing;
        await releaseRules(db, owner).catch((error: unknown) =>
          logger.warn({ err: error }, 'problem rules not released'),
        );
      };
    },
  };
}
