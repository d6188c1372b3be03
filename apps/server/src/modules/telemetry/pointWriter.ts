import type { Db } from '../../platform/db/database.ts';
import { assetMetrics } from '../../platform/db/schema.ts';
import type { IngestedValue, TelemetryBus } from '../../platform/events/telemetryBus.ts';
import type {
  ReadingDetail,
  TimeSeriesPoint,
  TimeSeriesStore,
} from '../../platform/timeseries/timeSeriesStore.ts';
import { createMetricCatalogueCache } from './metricCatalogueCache.ts';
import type { ResolvedPoint } from './pointResolver.ts';
import { detailOf } from './storedReadings.ts';

export interface PointWriter {
  /**
   * Stores resolved points durably (numbers, booleans as 0/1 into the TimeSeriesStore; with them, as details, what
   * those points cannot tell, such as text: storedReadings.ts), records new (asset, metric) pairs in asset_metrics, then publishes to the TelemetryBus. Resolves once
   * durable. batchId makes a re-sent batch store nothing twice.
   *
   * The batch id is stored as given: callers scope it to the writer (ingestion uses `agent:<assetId>:<id>` and
   * `user:<userId>:<id>`, uploads `upload:<fileAttachmentId>`), so that one writer cannot block another's ids.
   */
  write(points: readonly ResolvedPoint[], options?: { batchId?: string }): Promise<{ duplicate: boolean }>;
}

/** Pairs remembered as recorded; past this the memory is dropped and rebuilt (a re-insert is a no-op anyway). */
const KNOWN_PAIRS_LIMIT = 1_000_000;
/** Rows per INSERT into asset_metrics: 3 parameters each, well under PostgreSQL's 65,535 parameter limit. */
const PAIR_INSERT_ROWS = 5_000;

/** Numbers as they are, booleans as 0/1; text and explicit empties have no place in a numeric series. */
export function storedValue(value: ResolvedPoint['value']): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return null;
}

export function createPointWriter(deps: {
  db: Db;
  timeseries: TimeSeriesStore;
  bus: TelemetryBus;
}): PointWriter {
  const knownPairs = new Set<string>();
  // Which readings need a detail depends on their metric's type and units (storedReadings.ts).
  const catalogue = createMetricCatalogueCache(deps.db);

  const detailsOf = async (points: readonly ResolvedPoint[]): Promise<ReadingDetail[]> => {
    const metricIds = [...new Set(points.map((point) => point.metricId))];
    const { byId } = await catalogue.lookup({ aliases: [], metricIds });
    return points.flatMap((point) => detailOf(point, byId.get(point.metricId)) ?? []);
  };

  const recordPairs = async (points: readonly ResolvedPoint[]): Promise<void> => {
    const fresh = new Map<string, { assetId: number; metricId: number }>();
    for (const { assetId, metricId } of points) {
      const key = `${assetId}:${metricId}`;
      if (!knownPairs.has(key)) fresh.set(key, { assetId, metricId });
    }
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
      const stored: TimeSeriesPoint[] = [];
      for (const point of points) {
        const value = storedValue(point.value);
        if (value !== null) {
          stored.push({
            assetId: point.assetId,
            metricId: point.metricId,
            ts: point.ts,
            value,
            status: point.status,
          });
        }
      }
      const details = await detailsOf(points);
      // Without anything for the store and without an id to remember, only the pairs and live values remain.
      if (stored.length > 0 || details.length > 0 || options.batchId !== undefined) {
        const { duplicate } = await deps.timeseries.insert(stored, { batchId: options.batchId, details });
        if (duplicate) {
          // The first delivery may have failed between the store and here; recording pairs again is harmless.
          await recordPairs(points);
          return { duplicate: true };
        }
      }
      await recordPairs(points);
      const values: IngestedValue[] = points.map((point) => ({
        assetId: point.assetId,
        metricId: point.metricId,
        value: point.value,
        timestamp: point.ts,
        status: point.status,
        units: point.units,
        overrideType: point.overrideType,
      }));
      deps.bus.publish(values);
      return { duplicate: false };
    },
  };
}
