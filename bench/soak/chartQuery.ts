/**
 * The n-th chart an operator opens in a load (the soak's and the cluster load test's): a unit's four metrics at
 * 1,200 px, every fifth the whole run since `startedAt`, the others the last hour.
 */
export function chartQueryBody(
  query: number,
  fleet: { unitIds: readonly number[]; metricIds: readonly number[] },
  startedAt: number,
) {
  const assetId = fleet.unitIds[(query * 37) % fleet.unitIds.length] ?? 0;
  const metricIds = [0, 1, 2, 3].map(
    (offset) => fleet.metricIds[(query + offset) % fleet.metricIds.length] ?? 0,
  );
  const now = Date.now();
  const whole = query % 5 === 0;
  return {
    interval: whole ? 60_000 : 5_000,
    assetIds: [assetId],
    metricsWithAggregateFunction: metricIds.map((metricId) => ({ metricId, aggregateFunction: 'AVERAGE' })),
    from: whole ? startedAt - 60_000 : now - 3_600_000,
    to: now,
    maxPoints: 1200,
    gapFill: true,
  };
}
