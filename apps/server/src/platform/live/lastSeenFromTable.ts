import type { LastValueTable } from './lastValueTable.ts';

/** When each asset last sent anything; the shape the assets module asks for (its LastSeenSource). */
export interface LastSeenAnswer {
  lastSeen(assetIds: readonly number[]): Promise<ReadonlyMap<number, Date>>;
}

/**
 * The assets module's "when did this asset last send anything", answered from the last-value table. Declared
 * here by shape rather than imported, so that the transport does not depend on the module that uses it.
 */
export function lastSeenFromTable(table: LastValueTable): LastSeenAnswer {
  return {
    lastSeen(assetIds) {
      const seen = new Map<number, Date>();
      for (const [assetId, timestamp] of table.lastSeen(assetIds)) seen.set(assetId, new Date(timestamp));
      return Promise.resolve(seen);
    },
  };
}
