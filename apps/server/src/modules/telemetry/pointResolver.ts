import type { z } from 'zod';
import { ingestPointSchema, unstorableTextReason, type OverrideTypeName } from '@kelvin/contract';
import type { Db } from '../../platform/db/database.ts';
import { metricOrAssetReason, schemaReason, tsReason, valueReason, writableAssets } from './ingestChecks.ts';
import { createMetricCatalogueCache, type CatalogueMetric } from './metricCatalogueCache.ts';
import {
  checkSeriesShape,
  resolveCheckedSeries,
  type CheckedSeries,
  type ResolvedSeries,
} from './seriesResolver.ts';

export interface ResolvedPoint {
  assetId: number;
  metricId: number;
  ts: number;
  value: number | string | boolean | null;
  status: number;
  units: string | null;
  overrideType?: OverrideTypeName | undefined;
}

export interface ResolveResult {
  resolved: { index: number; point: ResolvedPoint }[];
  rejected: { index: number; reason: string }[];
}

export interface PointResolver {
  /**
   * Validates each raw point against ingestPointSchema (packages/contract/src/telemetry.ts), resolves alias →
   * metricId via the catalogue (cached), and checks the asset exists, is not deleted and belongs to a company the
   * writer may write to. Never throws for a bad point: it is rejected with a reason naming the problem (e.g.
   * 'Unknown metric alias "x"', 'Asset 12 not found', 'ts must be epoch milliseconds').
   */
  resolve(points: readonly unknown[], writer: { companies: 'ALL' | number[] }): Promise<ResolveResult>;
  /** The same for a batch's series (seriesResolver.ts): each stored or refused whole. */
  resolveSeries(
    series: readonly unknown[],
    writer: { companies: 'ALL' | number[] },
  ): Promise<{ resolved: ResolvedSeries[]; rejected: { index: number; reason: string }[] }>;
}

const DEFAULT_STATUS = 1;

type ParsedPoint = z.infer<typeof ingestPointSchema>;

/**
 * The contract router skips the points of a batch (`itemsCheckedByHandler`) so that a bad one is refused alone;
 * this is its storable-text rule for the only text a point holds, without walking every point generically.
 */
function textReason(point: ParsedPoint): string | null {
  for (const field of ['alias', 'units', 'value'] as const) {
    const text = point[field];
    const reason = typeof text === 'string' ? unstorableTextReason(text) : null;
    if (reason) return `${field}: ${reason}`;
  }
  return null;
}

/** Why a schema-valid point cannot be stored, or null. */
function rejectionOf(
  point: ParsedPoint,
  metric: CatalogueMetric | undefined,
  writable: ReadonlySet<number>,
): string | null {
  return metricOrAssetReason(point, metric, writable) ?? (metric ? valueReason(metric, point.value) : null);
}

/** What a point or a series names: its asset, and its metric by alias or id. */
interface Target {
  assetId: number;
  alias?: string | undefined;
  metricId?: number | undefined;
}

export function createPointResolver(db: Db): PointResolver {
  const catalogue = createMetricCatalogueCache(db);

  /** The metrics and the writable assets a batch's points or series name, looked up once each. */
  const lookUp = (targets: readonly Target[], companies: 'ALL' | number[]) => {
    const aliases = new Set<string>();
    const metricIds = new Set<number>();
    const assetIds = new Set<number>();
    for (const target of targets) {
      if (target.alias !== undefined) aliases.add(target.alias);
      else if (target.metricId !== undefined) metricIds.add(target.metricId);
      assetIds.add(target.assetId);
    }
    return Promise.all([
      catalogue.lookup({ aliases: [...aliases], metricIds: [...metricIds] }),
      writableAssets(db, [...assetIds], companies),
    ]);
  };

  return {
    async resolve(points, writer) {
      const now = Date.now();
      const rejected: ResolveResult['rejected'] = [];
      const parsed: { index: number; point: ParsedPoint }[] = [];
      points.forEach((raw, index) => {
        const result = ingestPointSchema.safeParse(raw);
        if (!result.success) {
          rejected.push({ index, reason: schemaReason(result.error) });
          return;
        }
        const reason = tsReason(result.data.ts, now) ?? textReason(result.data);
        if (reason) rejected.push({ index, reason });
        else parsed.push({ index, point: result.data });
      });

      const [metrics, writable] = await lookUp(
        parsed.map(({ point }) => point),
        writer.companies,
      );

      const resolved: ResolveResult['resolved'] = [];
      for (const { index, point } of parsed) {
        const metric =
          point.alias !== undefined
            ? metrics.byAlias.get(point.alias)
            : metrics.byId.get(point.metricId ?? Number.NaN);
        const reason = rejectionOf(point, metric, writable);
        if (reason !== null || !metric) {
          rejected.push({ index, reason: reason ?? 'Unknown metric' });
          continue;
        }
        resolved.push({
          index,
          point: {
            assetId: point.assetId,
            metricId: metric.metricId,
            ts: point.ts,
            value: point.value,
            status: point.status ?? DEFAULT_STATUS,
            units: point.units ?? metric.units,
            overrideType: point.overrideType,
          },
        });
      }
      rejected.sort((a, b) => a.index - b.index);
      return { resolved, rejected };
    },

    async resolveSeries(series, writer) {
      const now = Date.now();
      const rejected: { index: number; reason: string }[] = [];
      const checked: CheckedSeries[] = [];
      series.forEach((raw, index) => {
        const shaped = checkSeriesShape(raw, index);
        if (typeof shaped === 'string') rejected.push({ index, reason: shaped });
        else checked.push(shaped);
      });
      const [metrics, writable] = await lookUp(checked, writer.companies);
      const outcome = resolveCheckedSeries(checked, metrics, writable, now);
      rejected.push(...outcome.rejected);
      rejected.sort((a, b) => a.index - b.index);
      return { resolved: outcome.resolved, rejected };
    },
  };
}
