/** The spec's per-metric aggregation functions (platform-core section 3, Metric). */
export const AGGREGATIONS = ['AVERAGE', 'MAX', 'MIN', 'COUNT', 'STDDEV', 'RAW'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

export function isAggregation(value: unknown): value is Aggregation {
  return typeof value === 'string' && AGGREGATIONS.some((aggregation) => aggregation === value);
}

/**
 * What rollups keep per bucket. Every aggregation is derivable from these five numbers and they combine
 * associatively, so a 1 h bucket equals the combination of its sixty 1 min buckets, and a late point can be
 * folded into an existing bucket.
 */
export interface PartialAggregate {
  min: number;
  max: number;
  sum: number;
  count: number;
  sumSq: number;
}

export function partialOf(values: readonly number[]): PartialAggregate | null {
  if (values.length === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let sumSq = 0;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value;
    sumSq += value * value;
  }
  return { min, max, sum, count: values.length, sumSq };
}

export function combinePartials(a: PartialAggregate, b: PartialAggregate): PartialAggregate {
  return {
    min: Math.min(a.min, b.min),
    max: Math.max(a.max, b.max),
    sum: a.sum + b.sum,
    count: a.count + b.count,
    sumSq: a.sumSq + b.sumSq,
  };
}

/**
 * STDDEV is the population standard deviation, sqrt(E[x²] − E[x]²): it is defined for a single point (0), which a
 * sparse bucket often has, and the sample form would make a one-point bucket null. Rounding can push the variance
 * a hair below zero on constant data, hence the clamp. The SQL of both stores mirrors this function exactly.
 */
export function aggregateValue(partial: PartialAggregate, aggregation: Exclude<Aggregation, 'RAW'>): number {
  switch (aggregation) {
    case 'AVERAGE':
      return partial.sum / partial.count;
    case 'MAX':
      return partial.max;
    case 'MIN':
      return partial.min;
    case 'COUNT':
      return partial.count;
    case 'STDDEV': {
      const mean = partial.sum / partial.count;
      return Math.sqrt(Math.max(partial.sumSq / partial.count - mean * mean, 0));
    }
  }
}
