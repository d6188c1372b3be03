import type { ThresholdLimit } from '@kelvin/contract';
import {
  aggregateWindow,
  changeVerdict,
  comparisonVerdict,
  evaluateExpression,
  metricStatusVerdict,
  parseExpression,
  silenceVerdict,
  thresholdVerdict,
  type Verdict,
  type WindowAggregation,
  type WindowSeries,
} from '@kelvin/domain';
import type { TimeSeriesStore } from '../../../platform/timeseries/timeSeriesStore.ts';
import type { MetricCatalogueCache } from '../../telemetry/metricCatalogueCache.ts';
import type { RuleAsset, RuleTarget } from './ruleTargets.ts';

/** One rule's judgement of one asset at one tick. */
export interface AssetVerdict {
  assetId: number;
  verdict: Verdict;
  metricIds: number[];
  metricAlias: string | null;
}

/** What a window needs beyond the time-series store: limits, last readings and agent calls. */
export interface WindowSources {
  timeseries: TimeSeriesStore;
  catalogue: MetricCatalogueCache;
  /** Limits per threshold group id. */
  thresholdLimits(groupIds: readonly number[]): Promise<ReadonlyMap<number, readonly ThresholdLimit[]>>;
  /** Epoch ms of each asset's last reading. */
  lastReadingAt(assetIds: readonly number[]): Promise<ReadonlyMap<number, number>>;
  /** Epoch ms of each agent's last call. */
  lastAgentCallAt(assetIds: readonly number[]): Promise<ReadonlyMap<number, number>>;
  /** Epoch ms since when this server has been listening to readings and agents. */
  listeningSince: number;
}

/** Windows up to this long read raw readings; longer ones read the one-minute rollup (a few hundred points each). */
const RAW_WINDOW_MAX_MS = 30 * 60_000;
const MINUTE_MS = 60_000;
/** Readings stamped up to this far past the tick (an agent's clock a little ahead) still count. */
const CLOCK_SKEW_MS = 1000;

const empty: WindowSeries = { timestamps: [], values: [], statuses: [] };

/**
 * The rule's verdict for each of `assets` at `tick`, reading the window [tick - window, tick] through the one
 * time-series query path the charts use: one query for all the assets and metrics of the rule. A metric alias the
 * catalogue does not know gives every asset a gap (no verdict), not a failure.
 */
export async function readVerdicts(
  sources: WindowSources,
  target: RuleTarget,
  assets: readonly RuleAsset[],
  tick: number,
): Promise<AssetVerdict[]> {
  const { condition, level, windowMs } = target;
  const assetIds = assets.map((asset) => asset.assetId);
  if (assetIds.length === 0) return [];

  if (condition.kind === 'COMMUNICATION_LOST') {
    const seen =
      condition.subject === 'AGENT'
        ? await sources.lastAgentCallAt(assetIds)
        : await sources.lastReadingAt(assetIds);
    return assets.map(({ assetId, createdAt }) => {
      // Nobody can have heard from an asset before it existed, or while this server was not listening (a restart
      // after an outage): silence counts from the later of the two, so neither opens a storm of alerts.
      const heardSince = Math.max(createdAt, sources.listeningSince);
      const last = seen.get(assetId);
      const verdict =
        tick - heardSince < windowMs && (last === undefined || last < heardSince)
          ? { breach: false, level, value: null }
          : silenceVerdict(last, tick, windowMs, level);
      return { assetId, verdict, metricIds: [], metricAlias: null };
    });
  }

  const terms =
    condition.kind === 'QUERY'
      ? condition.terms
      : [
          {
            name: 'value',
            metricAlias: condition.metricAlias,
            aggregation: condition.kind === 'THRESHOLD' ? condition.aggregation : ('MAX' as const),
          },
        ];
  const { byAlias } = await sources.catalogue.lookup({
    aliases: terms.map((term) => term.metricAlias),
    metricIds: [],
  });
  const metricIds = [...new Set(terms.flatMap((term) => byAlias.get(term.metricAlias)?.metricId ?? []))];
  const alias = condition.kind === 'QUERY' ? null : condition.metricAlias;
  const gapFor = (assetId: number): AssetVerdict => ({
    assetId,
    verdict: { breach: null, level, value: null },
    metricIds,
    metricAlias: alias,
  });
  if (metricIds.length < new Set(terms.map((term) => term.metricAlias)).size) return assetIds.map(gapFor);

  const windows = await readWindows(sources.timeseries, assetIds, metricIds, tick, windowMs, condition);
  const windowOf = (assetId: number, metricAlias: string): WindowSeries => {
    const metricId = byAlias.get(metricAlias)?.metricId;
    return (metricId === undefined ? undefined : windows.get(`${assetId}/${metricId}`)) ?? empty;
  };

  let limitsByGroup: ReadonlyMap<number, readonly ThresholdLimit[]> = new Map();
  if (condition.kind === 'THRESHOLD' && condition.limits.source === 'THRESHOLD_GROUP') {
    const groupIds = [...new Set(assets.flatMap((asset) => asset.thresholdGroupId ?? []))];
    limitsByGroup = await sources.thresholdLimits(groupIds);
  }

  return assets.map((asset) => {
    const { assetId } = asset;
    let verdict: Verdict;
    switch (condition.kind) {
      case 'THRESHOLD': {
        const value = aggregateWindow(windowOf(assetId, condition.metricAlias).values, condition.aggregation);
        const limits =
          condition.limits.source === 'FIXED'
            ? condition.limits
            : {
                source: 'THRESHOLD_GROUP' as const,
                group:
                  (asset.thresholdGroupId === null
                    ? undefined
                    : limitsByGroup
                        .get(asset.thresholdGroupId)
                        ?.find((limit) => limit.metricAlias === condition.metricAlias)) ?? null,
              };
        verdict = thresholdVerdict(value, limits, level);
        break;
      }
      case 'METRIC_STATUS':
        verdict = metricStatusVerdict(windowOf(assetId, condition.metricAlias), condition.statuses, level);
        break;
      case 'CHANGE_DETECTION':
        verdict = changeVerdict(
          windowOf(assetId, condition.metricAlias),
          condition.mode,
          condition.maxChangePerMinute,
          level,
        );
        break;
      case 'QUERY': {
        const values: Record<string, number | null> = {};
        for (const term of condition.terms) {
          values[term.name] = aggregateWindow(windowOf(assetId, term.metricAlias).values, term.aggregation);
        }
        verdict = comparisonVerdict(
          computeQuery(condition.expression, values),
          condition.comparison,
          condition.threshold,
          level,
        );
        break;
      }
    }
    return { assetId, verdict, metricIds, metricAlias: alias };
  });
}

/** Series per `${assetId}/${metricId}`: raw readings for short windows, one-minute aggregates for long ones. */
async function readWindows(
  timeseries: TimeSeriesStore,
  assetIds: readonly number[],
  metricIds: readonly number[],
  tick: number,
  windowMs: number,
  condition: Exclude<RuleTarget['condition'], { kind: 'COMMUNICATION_LOST' }>,
): Promise<Map<string, WindowSeries>> {
  const rollup =
    windowMs > RAW_WINDOW_MAX_MS && (condition.kind === 'THRESHOLD' || condition.kind === 'QUERY');
  const aggregation: WindowAggregation | 'RAW' = rollup ? rollupAggregation(condition) : 'RAW';
  const from = rollup ? Math.ceil((tick - windowMs) / MINUTE_MS) * MINUTE_MS : tick - windowMs;
  const series = await timeseries.query({
    assetIds,
    metrics: metricIds.map((metricId) => ({ metricId, aggregation })),
    from,
    to: tick + CLOCK_SKEW_MS,
    intervalMs: rollup ? MINUTE_MS : windowMs,
  });
  const windows = new Map<string, WindowSeries>();
  for (const one of series) windows.set(`${one.assetId}/${one.metricId}`, one);
  return windows;
}

/** The rollup aggregation that keeps a long window's aggregate exact (MAX of maxima) or close (mean of means). */
function rollupAggregation(
  condition: Extract<RuleTarget['condition'], { kind: 'THRESHOLD' | 'QUERY' }>,
): WindowAggregation {
  const used =
    condition.kind === 'QUERY' ? condition.terms.map((term) => term.aggregation) : [condition.aggregation];
  return used.every((aggregation) => aggregation === used[0]) ? (used[0] ?? 'AVERAGE') : 'AVERAGE';
}

/** A QUERY rule's value: its expression over the term aggregates; null for a gap or an expression that fails. */
function computeQuery(expression: string, values: Readonly<Record<string, number | null>>): number | null {
  try {
    return evaluateExpression(parseExpression(expression), values);
  } catch {
    // Expressions are checked when a rule is saved; one that fails now judges nothing rather than stopping the cycle.
    return null;
  }
}
