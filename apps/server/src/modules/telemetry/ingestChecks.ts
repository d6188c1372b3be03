import type { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assets } from '../../platform/db/schema.ts';
import type { CatalogueMetric } from './metricCatalogueCache.ts';

/**
 * The checks a point, a series and a device log record share (pointResolver.ts, seriesResolver.ts,
 * logRecordResolver.ts): the same reasons for the same faults, whichever shape a batch arrives in.
 */

/**
 * Points before 2000 are almost always epoch seconds sent by mistake (a 10-digit number read as milliseconds
 * lands in January 1970); refusing them beats storing a series 50 years in the past.
 */
const EARLIEST_TS = Date.UTC(2000, 0, 1);
/** Clocks drift, but a point more than a day ahead is a unit error, and it would sit ahead of every chart. */
const MAX_FUTURE_MS = 24 * 3_600_000;

/** The first schema problem as one sentence naming the field. */
export function schemaReason(error: z.ZodError, fallback = 'Invalid point'): string {
  const issue = error.issues[0];
  if (!issue) return fallback;
  const field = issue.path.map(String).join('.');
  if (field === 'ts') return 'ts must be epoch milliseconds (a non-negative integer)';
  if (issue.code === 'unrecognized_keys')
    return `Unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return field ? `${field}: ${issue.message}` : issue.message;
}

export function tsReason(ts: number, now: number): string | null {
  if (ts < EARLIEST_TS)
    return 'ts must be epoch milliseconds (this looks like seconds or a date before 2000)';
  if (ts > now + MAX_FUTURE_MS) return 'ts is more than a day in the future';
  return null;
}

/** Whether a value fits the metric's value type; strings only fit string metrics (they are never charted). */
export function valueReason(metric: CatalogueMetric, value: number | string | boolean | null): string | null {
  if (value === null) return null;
  if (metric.valueType === 'string') return null;
  if (typeof value === 'string') return `Metric "${metric.alias}" takes ${metric.valueType} values, not text`;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'value must be a finite number';
  return null;
}

/** Why a point's or a series' metric and asset cannot take it, or null. */
export function metricOrAssetReason(
  target: { assetId: number; alias?: string | undefined; metricId?: number | undefined },
  metric: CatalogueMetric | undefined,
  writable: ReadonlySet<number>,
): string | null {
  if (!metric) {
    return target.alias !== undefined
      ? `Unknown metric alias "${target.alias}"`
      : `Unknown metricId ${target.metricId ?? ''}`;
  }
  if (target.alias !== undefined && target.metricId !== undefined && target.metricId !== metric.metricId) {
    return `alias "${target.alias}" is metric ${metric.metricId}, not ${target.metricId}`;
  }
  // Missing, deleted and another company's asset read the same, so ids reveal nothing.
  if (!writable.has(target.assetId)) return `Asset ${target.assetId} not found`;
  return null;
}

/** The assets of `assetIds` that exist, are not deleted and belong to a company the writer may write to. */
export async function writableAssets(
  db: DbOrTx,
  assetIds: readonly number[],
  companies: 'ALL' | number[],
): Promise<Set<number>> {
  // Ids were validated by the contract's schemas (at most MAX_ID), so every one is a valid integer to look up.
  if (assetIds.length === 0 || (companies !== 'ALL' && companies.length === 0)) return new Set();
  const rows = await db
    .select({ assetId: assets.assetId, companyId: assets.companyId })
    .from(assets)
    .where(and(inArray(assets.assetId, assetIds), eq(assets.isDeleted, false)));
  return new Set(
    rows.filter((row) => companies === 'ALL' || companies.includes(row.companyId)).map((row) => row.assetId),
  );
}
