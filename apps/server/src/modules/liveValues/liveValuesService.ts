import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { LastValueTable, LastValuesAnswer } from '../../platform/live/lastValueTable.ts';
import { readableAssetIds } from './liveAccess.ts';

export interface LastValuesRequest {
  assetIds: number[];
  metricIds?: number[] | undefined;
  metricStatuses?: number[] | undefined;
}

/**
 * `assets/metrics/lastValue`: the newest value of each requested metric of each requested asset, from the
 * in-memory table. Without metrics:read the call is a 403. Assets the caller may not see, deleted assets and
 * unknown ids are left out silently, like every other list of the assets area: the answer is keyed by id and a
 * screen asking for a hall's units should not fail because one unit moved out of the caller's access group,
 * and another company's asset ids still reveal nothing (an absent key looks the same as an asset with no data).
 */
export async function readLastValues(
  db: DbOrTx,
  auth: AuthContext,
  table: LastValueTable,
  request: LastValuesRequest,
): Promise<LastValuesAnswer> {
  const assetIds = await readableAssetIds(db, auth, request.assetIds);
  return table.read({
    assetIds: [...assetIds],
    metricIds: request.metricIds,
    metricStatuses: request.metricStatuses,
  });
}
