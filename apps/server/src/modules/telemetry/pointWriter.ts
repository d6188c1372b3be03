import type { Db } from '../../platform/db/database.ts';
import { assetMetrics } from '../../platform/db/schema.ts';
import type { TelemetryBus } from '../../platform/events/telemetryBus.ts';
import type { ReadingDetail, TimeSeriesStore } from '../../platform/timeseries/timeSeriesStore.ts';
import { ingestedValuesOf, pairsOf, storedColumnsOf } from './batchColumns.ts';
import { createMetricCatalogueCache } from './metricCatalogueCache.ts';
import type { ResolvedPoint } from './pointResolver.ts';
import type { ResolvedSeries } from './seriesResolver.ts';
import { detailOf, seriesDetailsOf } from './storedReadings.ts';

export interface PointWriter {
  /**
   * Stores resolved points and series durably, in one store insert (numbers, booleans as 0/1 into the
   * TimeSeriesStore; with them, as details, what those points cannot tell, such as text: storedReadings.ts), records
   * new (asset, metric) pairs in asset_metrics, then publishes to the TelemetryBus. Resolves once durable. batchId
   * makes a re-sent batch store nothing twice.
   *
   * The batch id is stored as given: callers scope it to the writer (ingestion uses `agent:<assetId>:<id>` and
   * `user:<userId>:<id>`, uploads `upload:<fileAttachmentId>`), so that one writer cannot block another's ids.
   */
  write(
    points: readonly ResolvedPoint[],
    options?: { batchId?: string; series?: readonly ResolvedSeries[] },
  ): Promise<{ duplicate: boolean }>;
}

/** Pairs remembered as recorded; past this the memory is dropped and rebuilt (a re-insert is a no-op anyway). */
const KNOWN_PAIRS_LIMIT = 1_000_000;
/** Rows per INSERT into asset_metrics: 3 parameters each, well under PostgreSQL's 65,535 parameter limit. */
const PAIR_INSERT_ROWS = 5_000;

export function createPointWriter(deps: {
  db: Db;
  timeseries: TimeSeriesStore;
  bus: TelemetryBus;
}): PointWriter {
  const knownPairs = new Set<string>();
  // Which readings need a detail depends on their metric's type and units (storedReadings.ts).
  const catalogue = createMetricCatalogueCache(deps.db);

  const detailsOf = async (
    points: readonly ResolvedPoint[],
    series: readonly ResolvedSeries[],
  ): Promise<ReadingDetail[]> => {
    const metricIds = [...new Set([...points, ...series].map((entry) => entry.metricId))];
    const { byId } = await catalogue.lookup({ aliases: [], metricIds });
    return [
      ...points.flatMap((point) => detailOf(point, byId.get(point.metricId)) ?? []),
      ...series.flatMap((entry) => seriesDetailsOf(entry, byId.get(entry.metricId))),
    ];
  };

  const recordPairs = async (
    points: readonly ResolvedPoint[],
    series: readonly ResolvedSeries[],
  ): Promise<void> => {
    const fresh = pairsOf(points, series);
    for (const key of fresh.keys()) if (knownPairs.has(key)) fresh.delete(key);
    if (fresh.size === 0) return;
    const rows = [...fresh.values()];
    for (let offset = 0; offset < rows.length; offset += PAIR_INSERT_ROWS) {
      await deps.db
        .insert(assetMetrics)
        .values(rows.slice(offset, offset + PAIR_INSERT_ROWS))
        .onConflictDoNothing();
    }
    if (knownPairs.size + fresh.size > KNOWN_PAIRS_LIMIT) knownPairs.clear();
    for (const key of fresh.keys()) knownPairs.add(key);
  };

  return {
    async write(points, options = {}) {
      const series = options.series ?? [];
      const stored = storedColumnsOf(points, series);
      const details = await detailsOf(points, series);
      // Without anything for the store and without an id to remember, only the pairs and live values remain.
      if (stored.timestamps.length > 0 || details.length > 0 || options.batchId !== undefined) {
        const { duplicate } = await deps.timeseries.insertColumns(stored, {
          batchId: options.batchId,
          details,
        });
        if (duplicate) {
          // The first delivery may have failed between the store and here; recording pairs again is harmless.
          await recordPairs(points, series);
          return { duplicate: true };
        }
      }
      await recordPairs(points, series);
      deps.bus.publish(ingestedValuesOf(points, series));
      return { duplicate: false };
    },
  };
}
