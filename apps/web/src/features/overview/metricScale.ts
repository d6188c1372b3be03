import type { Metric } from '@kelvin/contract';
import { formatMetricValueWithUnits, type MetricReading } from '@kelvin/domain';
import { userUnitsProfile } from '../../shared/preferences/displayPreferences.ts';
import { paletteColor } from '../../shared/charts/palette.ts';
import { naturalOrder } from '../../shared/formatting/naturalOrder.ts';
import { UNKNOWN_PAINT, type TilePaint } from './tilePaint.ts';

/**
 * The scale a custom metric's numbers are coloured on: viridis, light to dark reads as high to low to everyone,
 * colour-blind readers included, and it runs through no red or green that could be taken for a health state.
 */
const VIRIDIS = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'] as const;
/** Quantised: a few dozen colours whose paints can be shared, instead of one per value. */
export const SCALE_STEPS = 24;

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

type Rgb = readonly [number, number, number];

function mix(a: string, b: string, t: number): Rgb {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  const channel = (x: number, y: number) => Math.round(x + (y - x) * t);
  return [channel(r1, r2), channel(g1, g2), channel(b1, b2)];
}

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Black or white text, whichever contrasts more with the background. */
export function readableTextOn(hex: string): string {
  return luminance(hexToRgb(hex)) > 0.179 ? '#1a1b1e' : '#ffffff';
}

function scaleRgb(t: number): Rgb {
  const clamped = Math.min(1, Math.max(0, t));
  const position = clamped * (VIRIDIS.length - 1);
  const index = Math.min(VIRIDIS.length - 2, Math.floor(position));
  return mix(VIRIDIS[index] ?? VIRIDIS[0], VIRIDIS[index + 1] ?? VIRIDIS[0], position - index);
}

/** The colour at a point of the scale, 0 (lowest) to 1 (highest). */
export function scaleColour(t: number): string {
  const [r, g, b] = scaleRgb(t);
  return `rgb(${r}, ${g}, ${b})`;
}

const STEP_PAINTS = Array.from({ length: SCALE_STEPS }, (_, step) => {
  const rgb = scaleRgb(step / (SCALE_STEPS - 1));
  return {
    background: `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`,
    color: luminance(rgb) > 0.179 ? '#1a1b1e' : '#ffffff',
  };
});

function stepPaint(step: number): { background: string; color: string } {
  return STEP_PAINTS[step] ?? { background: scaleColour(0), color: '#ffffff' };
}

export interface NumericRange {
  min: number;
  max: number;
}

export interface ValueLegend {
  /** The numbers' span, when any value is a number. */
  range: NumericRange | null;
  /** Values that are not numbers (enum labels, booleans, text), each with its own colour. */
  categories: { label: string; colour: string }[];
}

export interface CurrentValue {
  value: MetricReading;
  units: string | null;
}

/** Whether a value goes on the scale: plain numbers; enum codes and versions are named values, not amounts. */
function onScale(metric: Metric | undefined, value: MetricReading): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  return (
    metric?.valueType !== 'enum' &&
    metric?.displayType !== 'enum' &&
    metric?.displayType !== 'semantic_version'
  );
}

/**
 * Formatted values, remembered per reading: a reading that did not change between two batches is the same object
 * (the live store keeps it), so 5,000 units are not formatted again for every batch that changed a few.
 */
const labels = new WeakMap<CurrentValue, { metric: Metric | undefined; label: string }>();

function labelOf(metric: Metric | undefined, current: CurrentValue): string {
  const known = labels.get(current);
  if (known && known.metric === metric) return known.label;
  const label = formatMetricValueWithUnits(metric, current.value, current.units, userUnitsProfile());
  labels.set(current, { metric, label });
  return label;
}

/**
 * The paint of each unit for one metric: numbers on the scale between the fleet's lowest and highest, other values
 * by category (their formatted text, in the chart palette), units without a value drawn as unknown. `previous`
 * lends back paints that did not change, so that a tile group whose paints all stay the same is not drawn again.
 */
export function paintByMetric(
  unitIds: readonly number[],
  values: ReadonlyMap<number, CurrentValue>,
  metric: Metric | undefined,
  previous: ReadonlyMap<number, TilePaint> = new Map(),
): { paints: Map<number, TilePaint>; legend: ValueLegend } {
  let min = Infinity;
  let max = -Infinity;
  const texts = new Set<string>();
  for (const assetId of unitIds) {
    const current = values.get(assetId);
    if (current && onScale(metric, current.value)) {
      min = Math.min(min, current.value);
      max = Math.max(max, current.value);
    } else if (current && current.value !== null && current.value !== undefined) {
      texts.add(labelOf(metric, current));
    }
  }
  const categories = [...texts]
    .sort(naturalOrder)
    .map((label, index) => ({ label, colour: paletteColor(index) }));
  const categoryColour = new Map(categories.map((category) => [category.label, category.colour]));
  const span = max - min;
  const paints = new Map<number, TilePaint>();
  for (const assetId of unitIds) {
    const current = values.get(assetId);
    if (current === undefined || current.value === null || current.value === undefined) {
      paints.set(assetId, UNKNOWN_PAINT);
      continue;
    }
    const label = labelOf(metric, current);
    if (onScale(metric, current.value)) {
      const step = span > 0 ? Math.round(((current.value - min) / span) * (SCALE_STEPS - 1)) : 0;
      const { background, color } = stepPaint(step);
      paints.set(assetId, reuse(previous.get(assetId), { key: `step-${step}`, label, background, color }));
    } else {
      const background = categoryColour.get(label) ?? paletteColor(0);
      const paint = { key: `category-${label}`, label, background, color: readableTextOn(background) };
      paints.set(assetId, reuse(previous.get(assetId), paint));
    }
  }
  return {
    paints,
    legend: { range: Number.isFinite(min) ? { min, max } : null, categories },
  };
}

function reuse(old: TilePaint | undefined, next: TilePaint): TilePaint {
  return old &&
    old.key === next.key &&
    old.label === next.label &&
    old.background === next.background &&
    old.color === next.color
    ? old
    : next;
}
