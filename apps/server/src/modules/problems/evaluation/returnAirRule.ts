import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import {
  monitorGroupRules,
  monitorGroups,
  problemRuleDefinitions,
} from '../../../platform/db/problemsSchema.ts';
import { assets } from '../../../platform/db/schema.ts';
import type { TelemetryFleet } from '../../telemetry/telemetryTestFixture.ts';

/** A threshold rule of company A (return air above 40 °C over a minute) monitoring `assetId`; answers its id. */
export async function monitorWithReturnAirRule(
  db: Db,
  fleet: TelemetryFleet,
  assetId: number,
): Promise<number> {
  const companyId = fleet.companyA.companyId;
  const [rule] = await db
    .insert(problemRuleDefinitions)
    .values({
      companyId,
      name: 'Return air hot',
      kind: 'THRESHOLD',
      condition: {
        kind: 'THRESHOLD',
        metricAlias: 'temperature.returnAir',
        aggregation: 'MAX',
        limits: { source: 'FIXED', above: 40, below: null },
      },
      timeWindow: 'PT1M',
      recoveryDuration: 'PT1M',
      impactLevel: 'CRITICAL',
    })
    .returning();
  const [group] = await db.insert(monitorGroups).values({ companyId, name: 'Units' }).returning();
  if (!rule || !group) throw new Error('rule not created');
  await db.insert(monitorGroupRules).values({
    monitorGroupId: group.monitorGroupId,
    problemRuleDefinitionId: rule.problemRuleDefinitionId,
  });
  await db.update(assets).set({ monitorGroupId: group.monitorGroupId }).where(eq(assets.assetId, assetId));
  return rule.problemRuleDefinitionId;
}
