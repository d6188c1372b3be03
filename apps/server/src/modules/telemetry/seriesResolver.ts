import { ingestSeriesHeaderSchema, unstorableTextReason, type OverrideTypeName } from '@kelvin/contract';
import type { CatalogueLookup, CatalogueMetric } from './metricCatalogueCache.ts';
import { metricOrAssetReason, schemaReason, tsReason, valueReason } from './ingestChecks.ts';

/** A series that can be stored whole: its metric resolved, every value checked. */
export interface ResolvedSeries {
  assetId: number;
  metricId: number;
  ts: readonly number[];
  values: readonly (number | string | boolean | null)[];
  status: number;
  units: string | null;
  overrideType?: OverrideTypeName | undefined;
}

/** A series whose header (everything but its columns) passed the contract's schema. */
export interface CheckedSeries {
  index: number;
  assetId: number;
  alias?: string | undefined;
  metricId?: number | undefined;
  ts: readonly number[];
  values: readonly unknown[];
  status?: number | undefined;
  units?: string | undefined;
  overrideType?: OverrideTypeName | undefined;
}

const DEFAULT_STATUS = 1;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The header checked by the contract's schema, the columns' shapes by hand; a reason when either fails. */
export function checkSeriesShape(raw: unknown, index: number): CheckedSeries | string {
  if (!isRecord(raw)) return 'Each series must be an object';
  const { ts, values, ...header } = raw;
  const parsed = ingestSeriesHeaderSchema.safeParse(header);
  if (!parsed.success) return schemaReason(parsed.error);
  const { alias, metricId, units } = parsed.data;
  if (alias === undefined && metricId === undefined) return 'Each series needs an alias or a metricId';
  for (const [field, text] of [
    ['alias', alias],
    ['units', units],
  ] as const) {
    const reason = text === undefined ? null : unstorableTextReason(text);
    if (reason) return `${field}: ${reason}`;
  }
  const times: unknown = ts;
  if (!Array.isArray(times) || times.length === 0)
    return 'ts must be a non-empty array of epoch milliseconds';
  const column: unknown = values;
  if (!Array.isArray(column) || column.length !== times.length)
    return 'ts and values must be arrays of the same length';
  if (!everyTimestamp(times))
    return `ts[${firstNonTimestamp(times)}] must be epoch milliseconds (a non-negative integer)`;
  return { index, ...parsed.data, ts: times, values: column };
}

const isTimestamp = (at: unknown): at is number =>
  typeof at === 'number' && Number.isSafeInteger(at) && at >= 0;

const firstNonTimestamp = (times: readonly unknown[]) => times.findIndex((at) => !isTimestamp(at));

/** Whether every entry is epoch milliseconds (a loop, not `every`: it runs for each value of a batch). */
function everyTimestamp(times: readonly unknown[]): times is readonly number[] {
  for (const at of times) if (!isTimestamp(at)) return false;
  return true;
}

type IngestValue = ResolvedSeries['values'][number];

/** A value of the column as JSON gives it (before its metric is known), or why it cannot be one. */
function ingestValueOf(value: unknown): { value: IngestValue } | { reason: string } {
  if (value === null || typeof value === 'boolean') return { value };
  if (typeof value === 'number')
    return Number.isFinite(value) ? { value } : { reason: 'must be a finite number' };
  if (typeof value !== 'string') return { reason: 'must be a number, a boolean, text or null' };
  if (value.length > 1000) return { reason: 'must be at most 1000 characters' };
  const unstorable = unstorableTextReason(value);
  return unstorable ? { reason: unstorable } : { value };
}

/** Every value of the columns checked, the first problem named by its position; else the typed values. */
function checkedColumns(
  series: CheckedSeries,
  metric: CatalogueMetric,
  now: number,
): { values: IngestValue[] } | { reason: string } {
  const { ts } = series;
  const values: IngestValue[] = new Array<IngestValue>(ts.length);
  for (let position = 0; position < ts.length; position++) {
    const late = tsReason(ts[position] ?? 0, now);
    if (late) return { reason: `ts[${position}]: ${late}` };
    const checked = ingestValueOf(series.values[position]);
    if ('reason' in checked) return { reason: `values[${position}] ${checked.reason}` };
    const typed = valueReason(metric, checked.value);
    if (typed) return { reason: `values[${position}]: ${typed}` };
    values[position] = checked.value;
  }
  return { values };
}

/**
 * Series are stored or refused whole: one bad value refuses its series with a reason naming the position, so that
 * an agent never has to work out which values of a series made it.
 */
export function resolveCheckedSeries(
  checked: readonly CheckedSeries[],
  metrics: CatalogueLookup,
  writable: ReadonlySet<number>,
  now: number,
): { resolved: ResolvedSeries[]; rejected: { index: number; reason: string }[] } {
  const resolved: ResolvedSeries[] = [];
  const rejected: { index: number; reason: string }[] = [];
  for (const series of checked) {
    const metric =
      series.alias !== undefined
        ? metrics.byAlias.get(series.alias)
        : metrics.byId.get(series.metricId ?? Number.NaN);
    const reason = metricOrAssetReason(series, metric, writable);
    const columns = metric && reason === null ? checkedColumns(series, metric, now) : undefined;
    if (!metric || !columns || 'reason' in columns) {
      const columnsReason = columns && 'reason' in columns ? columns.reason : null;
      rejected.push({ index: series.index, reason: reason ?? columnsReason ?? 'Unknown metric' });
      continue;
    }
    resolved.push({
      assetId: series.assetId,
      metricId: metric.metricId,
      ts: series.ts,
      values: columns.values,
      status: series.status ?? DEFAULT_STATUS,
      units: series.units ?? metric.units,
      overrideType: series.overrideType,
    });
  }
  return { resolved, rejected };
}

/** How many values a batch's series hold, counting only well-formed columns (a bad one is refused anyway). */
export function seriesValueCount(series: readonly unknown[]): number {
  let count = 0;
  for (const raw of series) {
    if (isRecord(raw) && Array.isArray(raw.ts)) count += raw.ts.length;
  }
  return count;
}
