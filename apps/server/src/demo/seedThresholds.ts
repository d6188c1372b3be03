import { and, eq } from 'drizzle-orm';
import { ASSET_TYPE } from '@kelvin/domain';
import type { ThresholdLimit } from '@kelvin/contract';
import type { Tx } from '../platform/db/database.ts';
import { assets, thresholdGroups } from '../platform/db/schema.ts';

/**
 * The limits a chilled-water CRAH is usually held to (ASHRAE's recommended envelope, with room to act): the
 * simulator's faults push supply air, return air and humidity past them, so the charts show them crossed.
 */
export const DEMO_UNIT_LIMITS: readonly ThresholdLimit[] = [
  {
    metricAlias: 'temperature.supplyAir',
    criticalLow: 12,
    warningLow: 15,
    warningHigh: 22,
    criticalHigh: 27,
  },
  {
    metricAlias: 'temperature.returnAir',
    criticalLow: null,
    warningLow: null,
    warningHigh: 35,
    criticalHigh: 40,
  },
  { metricAlias: 'humidity.return', criticalLow: 20, warningLow: 30, warningHigh: 60, criticalHigh: 70 },
];

/** Each customer company gets one threshold group, held by every one of its units. */
export async function seedThresholds(tx: Tx, companyId: number, createdBy: number): Promise<void> {
  const [group] = await tx
    .insert(thresholdGroups)
    .values({ companyId, name: 'CRAH standard limits', limits: [...DEMO_UNIT_LIMITS], createdBy })
    .returning({ thresholdGroupId: thresholdGroups.thresholdGroupId });
  if (!group) throw new Error('Could not create the demo threshold group');
  await tx
    .update(assets)
    .set({ thresholdGroupId: group.thresholdGroupId })
    .where(and(eq(assets.companyId, companyId), eq(assets.assetTypeId, ASSET_TYPE.unit)));
}
