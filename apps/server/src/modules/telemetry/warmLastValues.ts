import type { DbOrTx } from '../../platform/db/database.ts';
import { metrics } from '../../platform/db/schema.ts';
import type { LastValueTable } from '../../platform/live/lastValueTable.ts';
import type { TimeSeriesStore } from '../../platform/timeseries/timeSeriesStore.ts';
import { ingestedValueOf } from './storedReadings.ts';

export interface WarmResult {
  /** Series the store knew since the lookback. */
  readings: number;
  /** Cells filled (fewer when the bus delivered newer readings meanwhile). */
  filled: number;
  milliseconds: number;
}

/**
 * Warms the last-value table from the store, so that after a restart the console shows every unit's newest values
 * and online status at once instead of waiting for new readings. `since` bounds the lookback: the raw retention's
 * cutoff, the oldest point the store still holds. Readings are turned back into what ingestion announced through
 * the metric catalogue (storedReadings.ts), so that warmed cells equal the live ones they replace.
 */
export async function warmLastValues(deps: {
  db: DbOrTx;
  timeseries: TimeSeriesStore;
  table: LastValueTable;
  since: number;
}): Promise<WarmResult> {
  const started = performance.now();
  const [readings, catalogue] = await Promise.all([
    deps.timeseries.latest(deps.since),
    deps.db
      .select({ metricId: metrics.metricId, valueType: metrics.valueType, units: metrics.units })
      .from(metrics),
  ]);
  const byId = new Map(catalogue.map((metric) => [metric.metricId, metric]));
  const filled = deps.table.warm(
    readings.map((reading) => ingestedValueOf(reading, byId.get(reading.metricId))),
  );
  return { readings: readings.length, filled, milliseconds: Math.round(performance.now() - started) };
}
