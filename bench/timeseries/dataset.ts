import type { PointColumns } from '../../apps/server/src/platform/timeseries/timeSeriesStore.ts';

/** What cooling-unit metrics look like: slow random walks (temperatures), steps (setpoints, states), flat values. */
export type SeriesKind = 'walk' | 'step' | 'flat';

export interface SeriesSpec {
  assetId: number;
  metricId: number;
  kind: SeriesKind;
  seed: number;
}

/** Of 20 metrics: 10 random walks, 6 steps, 4 flat, the rough mix of a unit's metric set. */
export function kindOf(metricId: number): SeriesKind {
  const slot = metricId % 20;
  if (slot < 10) return 'walk';
  return slot < 16 ? 'step' : 'flat';
}

export function seriesSpecs(assetIds: readonly number[], metricCount: number): SeriesSpec[] {
  return assetIds.flatMap((assetId) =>
    Array.from({ length: metricCount }, (_, index) => ({
      assetId,
      metricId: index + 1,
      kind: kindOf(index + 1),
      seed: assetId * 7919 + index * 104_729,
    })),
  );
}

/** Values are a pure function of (series, ts), so every engine and baseline gets identical data without storing it. */
function hash(seed: number, n: number): number {
  let x = Math.imul(seed ^ n, 0x9e3779b1) ^ (n >>> 7);
  x = Math.imul(x ^ (x >>> 15), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
}

/**
 * A sensor's reading at `ts`: a walk is a sum of smooth waves plus small noise, quantised to the 0.1 a sensor
 * reports; a step holds a setpoint for tens of minutes; flat never changes.
 */
export function valueAt(spec: SeriesSpec, ts: number): number {
  switch (spec.kind) {
    case 'walk': {
      const minutes = ts / 60_000;
      const base =
        22 +
        (spec.seed % 7) +
        2 * Math.sin(minutes / 240 + spec.seed) +
        0.6 * Math.sin(minutes / 17 + spec.seed);
      const noise = hash(spec.seed, Math.floor(ts / 500)) < 0.1 ? 0.1 : 0;
      return Math.round((base + noise) * 10) / 10;
    }
    case 'step':
      return Math.floor(hash(spec.seed, Math.floor(ts / 2_400_000)) * 8) * 5;
    case 'flat':
      return spec.seed % 100;
  }
}

/** Points of every series for [from, to) at `stepMs`, grouped by series as an agent batch would be. */
export function makeBatch(
  specs: readonly SeriesSpec[],
  from: number,
  to: number,
  stepMs: number,
): PointColumns {
  const perSeries = Math.ceil((to - from) / stepMs);
  const total = perSeries * specs.length;
  const columns: PointColumns = {
    assetIds: new Int32Array(total),
    metricIds: new Int32Array(total),
    timestamps: new Float64Array(total),
    values: new Float64Array(total),
    statuses: new Int32Array(total),
  };
  let index = 0;
  for (const spec of specs) {
    for (let ts = from; ts < to; ts += stepMs) {
      columns.assetIds[index] = spec.assetId;
      columns.metricIds[index] = spec.metricId;
      columns.timestamps[index] = ts;
      columns.values[index] = valueAt(spec, ts);
      columns.statuses[index] = 1;
      index += 1;
    }
  }
  return columns;
}

export function pointCount(columns: PointColumns): number {
  return columns.timestamps.length;
}
