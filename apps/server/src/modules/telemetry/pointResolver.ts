import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ingestPointSchema, unstorableTextReason, type OverrideTypeName } from '@kelvin/contract';
import type { Db } from '../../platform/db/database.ts';
import { assets } from '../../platform/db/schema.ts';
import { createMetricCatalogueCache, type CatalogueMetric } from './metricCatalogueCache.ts';

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
}

const DEFAULT_STATUS = 1;
/**
 * Points before 2000 are almost always epoch seconds sent by mistake (a 10-digit number read as milliseconds
 * lands in January 1970); refusing them beats storing a series 50 years in the past.
 */
const EARLIEST_TS = Date.UTC(2000, 0, 1);
/** Clocks drift, but a point more than a day ahead is a unit error, and it would sit ahead of every chart. */
const MAX_FUTURE_MS = 24 * 3_600_000;

type ParsedPoint = z.infer<typeof ingestPointSchema>;

/** The first schema problem as one sentence naming the field. */
function schemaReason(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid point';
  const field = issue.path.map(String).join('.');
  if (field === 'ts') return 'ts must be epoch milliseconds (a non-negative integer)';
  if (issue.code === 'unrecognized_keys')
    return `Unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return field ? `${field}: ${issue.message}` : issue.message;
}

function tsReason(ts: number, now: number): string | null {
  if (ts < EARLIEST_TS)
    return 'ts must be epoch milliseconds (this looks like seconds or a date before 2000)';
  if (ts > now + MAX_FUTURE_MS) return 'ts is more than a day in the future';
  return null;
}

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

/** Whether a value fits the metric's value type; strings only fit string metrics (they are never charted). */
function valueReason(metric: CatalogueMetric, value: ParsedPoint['value']): string | null {
  if (value === null) return null;
  if (metric.valueType === 'string') return null;
  if (typeof value === 'string') return `Metric "${metric.alias}" takes ${metric.valueType} values, not text`;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'value must be a finite number';
  return null;
}

/** Why a schema-valid point cannot be stored, or null. */
function rejectionOf(
  point: ParsedPoint,
  metric: CatalogueMetric | undefined,
  writable: ReadonlySet<number>,
): string | null {
  if (!metric) {
    return point.alias !== undefined
      ? `Unknown metric alias "${point.alias}"`
      : `Unknown metricId ${point.metricId ?? ''}`;
  }
  if (point.alias !== undefined && point.metricId !== undefined && point.metricId !== metric.metricId) {
    return `alias "${point.alias}" is metric ${metric.metricId}, not ${point.metricId}`;
  }
  // Missing, deleted and another company's asset read the same, so ids reveal nothing.
  if (!writable.has(point.assetId)) return `Asset ${point.assetId} not found`;
  return valueReason(metric, point.value);
}

export function createPointResolver(db: Db): PointResolver {
  const catalogue = createMetricCatalogueCache(db);

  const writableAssets = async (
    assetIds: readonly number[],
    companies: 'ALL' | number[],
  ): Promise<Set<number>> => {
    // Ids were validated by ingestPointSchema (at most MAX_ID), so every one is a valid integer to look up.
    if (assetIds.length === 0 || (companies !== 'ALL' && companies.length === 0)) return new Set();
    const rows = await db
      .select({ assetId: assets.assetId, companyId: assets.companyId })
      .from(assets)
      .where(and(inArray(assets.assetId, assetIds), eq(assets.isDeleted, false)));
    return new Set(
      rows
        .filter((row) => companies === 'ALL' || companies.includes(row.companyId))
        .map((row) => row.assetId),
    );
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

      const aliases = new Set<string>();
      const metricIds = new Set<number>();
      const assetIds = new Set<number>();
      for (const { point } of parsed) {
        if (point.alias !== undefined) aliases.add(point.alias);
        else if (point.metricId !== undefined) metricIds.add(point.metricId);
        assetIds.add(point.assetId);
      }
      const [metrics, writable] = await Promise.all([
        catalogue.lookup({ aliases: [...aliases], metricIds: [...metricIds] }),
        writableAssets([...assetIds], writer.companies),
      ]);

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
  };
}
