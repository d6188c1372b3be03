import { and, eq, inArray } from 'drizzle-orm';
import { thresholdGroupSchema, type ThresholdLimit } from '@kelvin/contract';
import type { DbOrTx } from '../../../platform/db/database.ts';
import { agentHeartbeats } from '../../../platform/db/problemsSchema.ts';
import { thresholdGroups } from '../../../platform/db/schema.ts';
import type { TimeSeriesStore } from '../../../platform/timeseries/timeSeriesStore.ts';
import type { LastSeenSource } from '../../assets/lastSeenSource.ts';
import { createMetricCatalogueCache } from '../../telemetry/metricCatalogueCache.ts';
import type { WindowSources } from './windowReader.ts';

const storedLimits = thresholdGroupSchema.shape.limits;

/** The evaluator's readings as the server has them: the store, the catalogue, threshold groups, last values. */
export function createWindowSources(deps: {
  db: DbOrTx;
  timeseries: TimeSeriesStore;
  lastSeen: LastSeenSource;
  /** When this server started listening; now by default. */
  listeningSince?: number;
}): WindowSources {
  const { db } = deps;
  return {
    listeningSince: deps.listeningSince ?? Date.now(),
    timeseries: deps.timeseries,
    catalogue: createMetricCatalogueCache(db),
    async thresholdLimits(groupIds) {
      const limits = new Map<number, readonly ThresholdLimit[]>();
      if (groupIds.length === 0) return limits;
      const rows = await db
        .select({ id: thresholdGroups.thresholdGroupId, limits: thresholdGroups.limits })
        .from(thresholdGroups)
        .where(
          and(inArray(thresholdGroups.thresholdGroupId, [...groupIds]), eq(thresholdGroups.isDeleted, false)),
        );
      for (const row of rows) {
        const parsed = storedLimits.safeParse(row.limits);
        if (parsed.success) limits.set(row.id, parsed.data);
      }
      return limits;
    },
    async lastReadingAt(assetIds) {
      const seen = await deps.lastSeen.lastSeen(assetIds);
      return new Map([...seen].map(([assetId, at]) => [assetId, at.getTime()]));
    },
    async lastAgentCallAt(assetIds) {
      if (assetIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(agentHeartbeats)
        .where(inArray(agentHeartbeats.assetId, [...assetIds]));
      return new Map(rows.map((row) => [row.assetId, row.lastSeenAt.getTime()]));
    },
  };
}
