/** A metric's limits as threshold groups hold them (null: not set). */
export interface Limits {
  criticalLow: number | null;
  warningLow: number | null;
  warningHigh: number | null;
  criticalHigh: number | null;
}

/** A horizontal band of a chart: values from `from` to `to` (null: without end) are in the band's level. */
export interface ThresholdBand {
  from: number | null;
  to: number | null;
  level: 'WARNING' | 'CRITICAL';
}

/**
 * The bands a chart draws for one metric's limits: critical past each critical limit, warning between a warning
 * limit and its critical one (or without end when there is no critical limit on that side).
 */
export function thresholdBands(limits: Limits): ThresholdBand[] {
  const bands: ThresholdBand[] = [];
  const { criticalLow, warningLow, warningHigh, criticalHigh } = limits;
  if (criticalHigh !== null) bands.push({ from: criticalHigh, to: null, level: 'CRITICAL' });
  if (warningHigh !== null) bands.push({ from: warningHigh, to: criticalHigh, level: 'WARNING' });
  if (warningLow !== null) bands.push({ from: criticalLow, to: warningLow, level: 'WARNING' });
  if (criticalLow !== null) bands.push({ from: null, to: criticalLow, level: 'CRITICAL' });
  return bands;
}

/** The set limits: the values a chart's value axis should reach so that its bands can be seen. */
export function limitEdges(limits: Limits): number[] {
  return [limits.criticalLow, limits.warningLow, limits.warningHigh, limits.criticalHigh].filter(
    (value): value is number => value !== null,
  );
}
