import type { DbOrTx } from '../../platform/db/database.ts';
import { ancestorIds, chainsUpFrom } from '../assets/assetsRepository.ts';
import { assetsWithActiveWindow } from './maintenanceRepository.ts';

/**
 * The units (of those given) covered at `now` by an ACTIVE maintenance window: one on the unit itself, or on a
 * split unit, data hall, building or site above it. Coverage is resolved here, through the hierarchy as it is
 * now, so a unit added to a hall after its window was planned is covered too. Health (MAINTENANCE_MODE) and the
 * suppression of problems read it.
 *
 * Few windows are active at any moment: when none is, this costs one indexed query and no walk of the tree.
 */
export async function activeMaintenanceAssetIds(
  db: DbOrTx,
  unitIds: readonly number[],
  now: Date,
): Promise<Set<number>> {
  const covered = new Set<number>();
  if (unitIds.length === 0) return covered;
  const active = await assetsWithActiveWindow(db, now);
  if (active.size === 0) return covered;
  const unique = [...new Set(unitIds)];
  const links = await chainsUpFrom(db, unique);
  for (const unitId of unique) {
    if (active.has(unitId) || ancestorIds(links, unitId).some((id) => active.has(id))) covered.add(unitId);
  }
  return covered;
}
