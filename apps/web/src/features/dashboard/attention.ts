import {
  ASSET_HEALTH_ATTENTION_ORDER,
  ASSET_HEALTH_STATES,
  needsAttention,
  type AssetHealthState,
} from '@kelvin/domain';
import { naturalOrder } from '../../shared/formatting/naturalOrder.ts';
import type { UnitState } from '../overview/fleetQueries.ts';
import type { FleetGroup } from '../overview/fleetGroups.ts';

export interface AttentionRow {
  assetId: number;
  name: string;
  /** Where it stands: site › building › hall. */
  place: string;
  health: AssetHealthState;
  lastSeenAt: number | null;
}

const rank = (health: AssetHealthState) => ASSET_HEALTH_ATTENTION_ORDER.indexOf(health);

/**
 * The units to look at first: those whose health needs attention (communication lost, critical, warning), or
 * only those in `only` when a count was chosen. A unit in an active maintenance window is MAINTENANCE_MODE
 * whatever its alerts, so it is left out: it is being worked on. Worst state first; within a state the longest silent first
 * (never heard from before all), then by name.
 */
export function attentionRows(
  groups: readonly FleetGroup[],
  states: ReadonlyMap<number, UnitState>,
  only: AssetHealthState | null,
): AttentionRow[] {
  const rows: AttentionRow[] = [];
  for (const group of groups) {
    for (const unit of group.units) {
      const state = states.get(unit.assetId);
      if (!state) continue;
      if (only === null ? !needsAttention(state.health) : state.health !== only) continue;
      rows.push({
        assetId: unit.assetId,
        name: unit.name,
        place: group.path.join(' › '),
        health: state.health,
        lastSeenAt: state.lastSeenAt,
      });
    }
  }
  return rows.sort(
    (a, b) =>
      rank(a.health) - rank(b.health) ||
      (a.lastSeenAt ?? -Infinity) - (b.lastSeenAt ?? -Infinity) ||
      naturalOrder(a.name, b.name),
  );
}

/** How many units are in each state; every state present, zero or not. */
export function healthCounts(states: ReadonlyMap<number, UnitState>): ReadonlyMap<AssetHealthState, number> {
  const counts = new Map<AssetHealthState, number>(ASSET_HEALTH_STATES.map((state) => [state, 0]));
  for (const { health } of states.values()) counts.set(health, (counts.get(health) ?? 0) + 1);
  return counts;
}
