/** Bucket widths a chart asks for, from a second to a day: a round width keeps buckets aligned between refreshes. */
const STEPS_MS = [
  1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000,
  3_600_000, 7_200_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000,
];

/**
 * The aggregation interval of a chart: the smallest round step that gives at most one bucket per pixel column,
 * so that the server reads the coarsest rollup that still fills the plot (M4 then reduces to the pixel).
 */
export function chartInterval(range: { from: number; to: number }, width: number): number {
  const perPixel = (range.to - range.from) / Math.max(width, 1);
  const step = STEPS_MS.find((candidate) => candidate >= perPixel);
  if (step !== undefined) return step;
  const day = 86_400_000;
  return Math.ceil(perPixel / day) * day;
}

/** maxPoints of a chart: its width in pixels, within what the API takes. */
export function chartMaxPoints(width: number): number {
  return Math.min(Math.max(Math.round(width), 10), 10_000);
}
