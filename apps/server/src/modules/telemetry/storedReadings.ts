import type { IngestedValue } from '../../platform/events/telemetryBus.ts';
import type { LatestReading, ReadingDetail } from '../../platform/timeseries/timeSeriesStore.ts';
import type { CatalogueMetric } from './metricCatalogueCache.ts';
import type { ResolvedPoint } from './pointResolver.ts';
import type { ResolvedSeries } from './seriesResolver.ts';

/**
 * How a reading is stored, and read back to the very value the live table held. The store keeps numbers
 * (booleans as 0/1, pointWriter's `storedValue`) and statuses; the rest is implied by the metric: a boolean
 * metric's 0/1 reads back as false/true, and the units are the metric's. A reading that those rules would not give
 * back (text, an explicit empty value, a number in a boolean metric or a boolean in another, units of its own) is
 * also kept as a detail (ReadingDetail), which `latest` prefers when it is the newer. The two functions below are
 * inverses; change them together.
 */
type Metric = Pick<CatalogueMetric, 'valueType' | 'units'>;

/** Whether the stored number reads back as this value through a metric of this kind. */
function impliedByMetric(value: ResolvedPoint['value'], booleanMetric: boolean): boolean {
  return (
    (typeof value === 'number' && Number.isFinite(value) && !booleanMetric) ||
    (typeof value === 'boolean' && booleanMetric)
  );
}

/**
 * The detail to keep for a reading, or null when its point alone reads back the same. Called for every point
 * ingested: no closure inside (under tsx each one created is also named, a property definition per point).
 */
export function detailOf(point: ResolvedPoint, metric: Metric | undefined): ReadingDetail | null {
  const booleanMetric = metric?.valueType === 'boolean';
  if (impliedByMetric(point.value, booleanMetric) && point.units === (metric?.units ?? null)) return null;
  return {
    assetId: point.assetId,
    metricId: point.metricId,
    ts: point.ts,
    status: point.status,
    value: point.value,
    units: point.units,
  };
}

/** detailOf for each value of a series: none at all for the usual series of numbers in its metric's units. */
export function seriesDetailsOf(series: ResolvedSeries, metric: Metric | undefined): ReadingDetail[] {
  const booleanMetric = metric?.valueType === 'boolean';
  const ownUnits = series.units !== (metric?.units ?? null);
  const details: ReadingDetail[] = [];
  for (let position = 0; position < series.values.length; position++) {
    const value = series.values[position] ?? null;
    if (!ownUnits && impliedByMetric(value, booleanMetric)) continue;
    details.push({
      assetId: series.assetId,
      metricId: series.metricId,
      ts: series.ts[position] ?? 0,
      status: series.status,
      value,
      units: series.units,
    });
  }
  return details;
}

/** A stored reading as the live table received it: a detail as it was, a point through its metric. */
export function ingestedValueOf(reading: LatestReading, metric: Metric | undefined): IngestedValue {
  const { assetId, metricId, ts, status } = reading;
  if (reading.kind === 'detail') {
    return { assetId, metricId, timestamp: ts, status, value: reading.value, units: reading.units };
  }
  const value = metric?.valueType === 'boolean' ? reading.value !== 0 : reading.value;
  return { assetId, metricId, timestamp: ts, status, value, units: metric?.units ?? null };
}
