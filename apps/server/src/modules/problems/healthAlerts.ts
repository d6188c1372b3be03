import { and, eq, gte, or } from 'drizzle-orm';
import type { HealthAlert } from '@kelvin/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { alerts } from '../../platform/db/problemsSchema.ts';
import { anyId } from './evaluation/alertBatches.ts';

/**
 * The alerts that colour each asset's health: the active ones, and those resolved within the active interval
 * (spec: PT10M), so that a unit that has just recovered stays marked for a while instead of flickering back to
 * healthy between two breaches. All are answered as active (health ignores resolved alerts).
 */
export async function healthAlertsOf(
  db: DbOrTx,
  assetIds: readonly number[],
  now: number,
  activeIntervalMs: number,
): Promise<Map<number, HealthAlert[]>> {
  const byAsset = new Map<number, HealthAlert[]>();
  if (assetIds.length === 0) return byAsset;
  const rows = await db
    .select({ assetId: alerts.assetId, level: alerts.level, type: alerts.type })
    .from(alerts)
    .where(
      and(
        anyId(alerts.assetId, assetIds),
        or(eq(alerts.status, 'ACTIVE'), gte(alerts.resolvedAt, new Date(now - activeIntervalMs))),
      ),
    );
  for (const { assetId, level, type } of rows) {
    const list = byAsset.get(assetId) ?? [];
    list.push({ level, type, status: 'ACTIVE' });
    byAsset.set(assetId, list);
  }
  return byAsset;
}
