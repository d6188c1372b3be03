import type { LastSeenSource } from '../../modules/assets/lastSeenSource.ts';
import type { LastValueTable } from './lastValueTable.ts';

/** The assets module's "when did this asset last send anything", answered from the last-value table. */
export function lastSeenFromTable(table: LastValueTable): LastSeenSource {
  return {
    lastSeen(assetIds) {
      const seen = new Map<number, Date>();
      for (const [assetId, timestamp] of table.lastSeen(assetIds)) seen.set(assetId, new Date(timestamp));
      return Promise.resolve(seen);
    },
  };
}
