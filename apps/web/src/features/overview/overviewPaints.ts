import type { Metric } from '@kelvin/contract';
import { ASSET_HEALTH_ATTENTION_ORDER } from '@kelvin/domain';
import type { UnitState } from './fleetQueries.ts';
import type { FleetGroup } from './fleetGroups.ts';
import { paintByMetric, type CurrentValue, type ValueLegend } from './metricScale.ts';
import type { OverviewViewMode } from './overviewStore.ts';
import {
  HEALTH_PAINTS,
  paintByHealth,
  STATUS_CATEGORIES,
  STATUS_PAINTS,
  statusCategory,
  UNKNOWN_PAINT,
  type TilePaint,
} from './tilePaint.ts';

export interface FleetPaintInput {
  viewMode: OverviewViewMode;
  /** Health per unit; undefined until the first answer. */
  states: ReadonlyMap<number, UnitState> | undefined;
  /** Statuses of flagged readings per unit; undefined until asked and answered. */
  flagged: ReadonlyMap<number, readonly number[]> | undefined;
  /** The custom metric's current value per unit. */
  values: ReadonlyMap<number, CurrentValue>;
  metric: Metric | undefined;
}

export interface LegendEntry {
  paint: TilePaint;
  count: number;
}

export interface FleetPaints {
  /** Per group key, one paint per unit in the group's order. */
  byGroup: ReadonlyMap<string, readonly TilePaint[]>;
  /** The mode's states in legend order with how many tiles show each (unknown last, when any). */
  entries: LegendEntry[];
  /** The custom metric's scale and categories. */
  valueLegend: ValueLegend | null;
  /** Kept for the next run: unchanged metric paints are lent back (see paintByMetric). */
  paints: ReadonlyMap<number, TilePaint>;
}

function paintOne(assetId: number, input: FleetPaintInput): TilePaint {
  const state = input.states?.get(assetId);
  if (input.viewMode === 'Device State') return paintByHealth(state?.health);
  // Device Status: a unit never heard from has no readings whose status could be read.
  if (!input.flagged || !state || state.lastSeenAt === null) return UNKNOWN_PAINT;
  return STATUS_PAINTS[statusCategory(input.flagged.get(assetId) ?? [])];
}

/**
 * Every tile's paint for the chosen view mode, grouped as the tiles are, with the legend's counts. Health and
 * status paints are shared constants, and metric paints are lent back when unchanged, so a group memoised on its
 * paints' identity renders again only when one of its tiles changed.
 */
export function paintFleet(
  groups: readonly FleetGroup[],
  unitIds: readonly number[],
  input: FleetPaintInput,
  previous: ReadonlyMap<number, TilePaint> = new Map(),
): FleetPaints {
  let paints: Map<number, TilePaint>;
  let valueLegend: ValueLegend | null = null;
  if (input.viewMode === 'Custom Metric') {
    const painted = paintByMetric(unitIds, input.values, input.metric, previous);
    paints = painted.paints;
    valueLegend = painted.legend;
  } else {
    paints = new Map(unitIds.map((assetId) => [assetId, paintOne(assetId, input)]));
  }
  const counts = new Map<TilePaint, number>();
  const byGroup = new Map<string, TilePaint[]>();
  for (const group of groups) {
    const list = group.units.map((unit) => paints.get(unit.assetId) ?? UNKNOWN_PAINT);
    for (const paint of list) counts.set(paint, (counts.get(paint) ?? 0) + 1);
    byGroup.set(group.key, list);
  }
  const modePaints =
    input.viewMode === 'Device State'
      ? ASSET_HEALTH_ATTENTION_ORDER.map((state) => HEALTH_PAINTS[state])
      : input.viewMode === 'Device Status'
        ? STATUS_CATEGORIES.map((category) => STATUS_PAINTS[category])
        : [];
  const entries = modePaints.map((paint) => ({ paint, count: counts.get(paint) ?? 0 }));
  const unknown = counts.get(UNKNOWN_PAINT) ?? 0;
  if (unknown > 0) entries.push({ paint: UNKNOWN_PAINT, count: unknown });
  return { byGroup, entries, valueLegend, paints };
}

/** paintFleet that remembers its last paints, to lend the unchanged ones back on the next run. */
export function createFleetPainter() {
  let previous: ReadonlyMap<number, TilePaint> = new Map();
  return (groups: readonly FleetGroup[], unitIds: readonly number[], input: FleetPaintInput): FleetPaints => {
    const result = paintFleet(groups, unitIds, input, previous);
    previous = result.paints;
    return result;
  };
}
