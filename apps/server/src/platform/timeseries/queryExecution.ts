import {
  chooseSource,
  emptyColumns,
  gapFill,
  gapFillStep,
  pushPoint,
  regionsFromSlots,
  timeSeriesRequestProblem,
  GAP_FILL_MIN_STEP_MS,
  type Aggregation,
  type OccupiedSlot,
  type SeriesColumns,
} from '@kelvin/domain';
import type { SqlDialect } from './sql/dialect.ts';
import {
  aggregatedPointsSql,
  m4Sql,
  orderedSql,
  rawPointsSql,
  slotsSql,
  type SeriesSelection,
} from './sql/pointSql.ts';
import {
  TimeSeriesQueryError,
  type RegionsQuery,
  type SeriesRegions,
  type TimeSeries,
  type TimeSeriesQuery,
} from './timeSeriesStore.ts';

/** Rows of a points query, ordered by asset, metric, ts. */
export interface PointRows {
  assetIds: number[];
  metricIds: number[];
  timestamps: number[];
  values: number[];
  statuses: number[];
}

export interface SlotRows {
  assetIds: number[];
  metricIds: number[];
  slots: OccupiedSlot[];
}

/** What an engine provides so that query planning, M4, gap fill and regions are written once for both. */
export interface SqlEngine {
  dialect: SqlDialect;
  selectPoints(sql: string): Promise<PointRows>;
  selectSlots(sql: string): Promise<SlotRows>;
  /**
   * The engine's own M4 over raw points, ordered like `orderedSql(..., true)` (repeats allowed), or null to use
   * the generic `m4Sql`: DuckDB answers from precomputed tiles.
   */
  selectRawM4?(selection: SeriesSelection, width: number): Promise<PointRows | null>;
  /** Likewise for an aggregate (DuckDB answers refreshing charts from its rollup cache), or null. */
  selectAggregatedM4?(
    query: { selection: SeriesSelection; intervalMs: number; aggregation: Exclude<Aggregation, 'RAW'> },
    width: number,
  ): Promise<PointRows | null>;
}

const seriesKey = (assetId: number, metricId: number): string => `${assetId}:${metricId}`;

function requestProblem(query: TimeSeriesQuery): string | null {
  const ids = [...query.assetIds, ...query.metrics.map((metric) => metric.metricId)];
  if (ids.some((id) => !Number.isSafeInteger(id))) return 'asset and metric ids must be integers';
  if (query.maxPoints !== undefined && (!Number.isSafeInteger(query.maxPoints) || query.maxPoints < 1)) {
    return 'maxPoints must be a positive integer';
  }
  return timeSeriesRequestProblem({
    from: query.from,
    to: query.to,
    intervalMs: query.intervalMs,
    aggregations: query.metrics.map((metric) => metric.aggregation),
  });
}

/**
 * The one query path: per aggregation, the coarsest table that serves the interval, M4 in SQL when a width is
 * given, gap fill afterwards (from occupied slots counted in SQL, since M4 has dropped interior points).
 */
export async function runTimeSeriesQuery(engine: SqlEngine, query: TimeSeriesQuery): Promise<TimeSeries[]> {
  const problem = requestProblem(query);
  if (problem) throw new TimeSeriesQueryError(problem);
  if (query.assetIds.length === 0 || query.metrics.length === 0) return [];
  const byAggregation = new Map<Aggregation, number[]>();
  for (const { metricId, aggregation } of query.metrics) {
    byAggregation.set(aggregation, [...(byAggregation.get(aggregation) ?? []), metricId]);
  }
  const columnsByKey = new Map<string, SeriesColumns>();
  const slotsByKey = new Map<string, OccupiedSlot[]>();
  await Promise.all(
    [...byAggregation].map(async ([aggregation, metricIds]) => {
      const selection: SeriesSelection = {
        assetIds: query.assetIds,
        metricIds,
        from: query.from,
        to: query.to,
      };
      const pointsSql =
        aggregation === 'RAW'
          ? rawPointsSql(selection)
          : aggregatedPointsSql(
              engine.dialect,
              selection,
              chooseSource(query.intervalMs, aggregation),
              query.intervalMs,
              aggregation,
            );
      const width = query.maxPoints;
      const points = async (): Promise<PointRows> => {
        if (!width) return engine.selectPoints(orderedSql(pointsSql));
        const own =
          aggregation === 'RAW'
            ? await engine.selectRawM4?.(selection, width)
            : await engine.selectAggregatedM4?.(
                { selection, intervalMs: query.intervalMs, aggregation },
                width,
              );
        return (
          own ??
          engine.selectPoints(orderedSql(m4Sql(engine.dialect, pointsSql, query.from, query.to, width), true))
        );
      };
      const [rows, slots] = await Promise.all([
        points(),
        query.gapFill && query.maxPoints
          ? engine.selectSlots(slotsSql(engine.dialect, pointsSql, gapFillStep(query.intervalMs)))
          : null,
      ]);
      collectPoints(rows, columnsByKey, width !== undefined);
      if (slots) collectSlots(slots, slotsByKey);
    }),
  );
  return query.assetIds.flatMap((assetId) =>
    query.metrics.map(({ metricId, aggregation }): TimeSeries => {
      const key = seriesKey(assetId, metricId);
      let columns = columnsByKey.get(key) ?? emptyColumns();
      if (query.gapFill) {
        const slots = query.maxPoints
          ? new Set((slotsByKey.get(key) ?? []).map((slot) => slot.slot))
          : undefined;
        columns = gapFill(columns, {
          from: query.from,
          to: query.to,
          intervalMs: query.intervalMs,
          ...(slots ? { occupiedSlots: slots } : {}),
        });
      }
      const source = chooseSource(query.intervalMs, aggregation);
      return { assetId, metricId, aggregation, intervalMs: query.intervalMs, source, ...columns };
    }),
  );
}

/**
 * `distinct` drops a row equal to the previous one: M4 names the same point up to four times (first, min, ...),
 * and dropping repeats here, on rows already ordered, is cheaper than DISTINCT in SQL.
 */
function collectPoints(rows: PointRows, target: Map<string, SeriesColumns>, distinct: boolean): void {
  let assetId = Number.NaN;
  let metricId = Number.NaN;
  let columns = emptyColumns();
  for (let index = 0; index < rows.timestamps.length; index++) {
    // Rows come grouped by series: the key string is built once per series, not per row.
    if (rows.assetIds[index] !== assetId || rows.metricIds[index] !== metricId) {
      assetId = rows.assetIds[index] ?? 0;
      metricId = rows.metricIds[index] ?? 0;
      const key = seriesKey(assetId, metricId);
      columns = target.get(key) ?? emptyColumns();
      target.set(key, columns);
    } else if (
      distinct &&
      rows.timestamps[index] === rows.timestamps[index - 1] &&
      rows.values[index] === rows.values[index - 1] &&
      rows.statuses[index] === rows.statuses[index - 1]
    ) {
      continue;
    }
    pushPoint(columns, rows.timestamps[index] ?? 0, rows.values[index] ?? null, rows.statuses[index] ?? 0);
  }
}

function collectSlots(rows: SlotRows, target: Map<string, OccupiedSlot[]>): void {
  rows.slots.forEach((slot, index) => {
    const key = seriesKey(rows.assetIds[index] ?? 0, rows.metricIds[index] ?? 0);
    const list = target.get(key) ?? [];
    list.push(slot);
    target.set(key, list);
  });
}

/** Regions where data exists, from raw points: slots of `minGapMs` counted in SQL, joined in the domain. */
export async function runRegionsQuery(engine: SqlEngine, query: RegionsQuery): Promise<SeriesRegions[]> {
  const minGapMs = query.minGapMs ?? GAP_FILL_MIN_STEP_MS;
  const ids = [...query.assetIds, ...query.metricIds];
  if (ids.some((id) => !Number.isSafeInteger(id))) throw new TimeSeriesQueryError('ids must be integers');
  if (!Number.isSafeInteger(minGapMs) || minGapMs < 1)
    throw new TimeSeriesQueryError('minGapMs must be positive');
  if (!Number.isSafeInteger(query.from) || !Number.isSafeInteger(query.to) || query.to <= query.from) {
    throw new TimeSeriesQueryError('to must be after from, both in epoch milliseconds');
  }
  if (query.assetIds.length === 0 || query.metricIds.length === 0) return [];
  const rows = await engine.selectSlots(slotsSql(engine.dialect, rawPointsSql(query), minGapMs));
  const slotsByKey = new Map<string, OccupiedSlot[]>();
  collectSlots(rows, slotsByKey);
  return query.assetIds.flatMap((assetId) =>
    query.metricIds.map((metricId) => ({
      assetId,
      metricId,
      regions: regionsFromSlots(slotsByKey.get(seriesKey(assetId, metricId)) ?? [], minGapMs),
    })),
  );
}
