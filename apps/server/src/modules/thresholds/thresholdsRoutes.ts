import { thresholdsEndpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import {
  assetThresholds,
  createThresholdGroup,
  deleteThresholdGroup,
  listThresholdGroups,
  updateThresholdGroup,
} from './thresholdsService.ts';

/** One line per call: the contract endpoint and the service that answers it. */
export function registerThresholdsRoutes({ route, db }: RouteContext): void {
  route(thresholdsEndpoints.thresholdGroupsList, ({ auth, query }) =>
    listThresholdGroups(db, auth, query.companyIds),
  );
  route(thresholdsEndpoints.thresholdGroupsCreate, ({ auth, body }) => createThresholdGroup(db, auth, body));
  route(thresholdsEndpoints.thresholdGroupsUpdate, ({ auth, body }) => updateThresholdGroup(db, auth, body));
  route(thresholdsEndpoints.thresholdGroupsDelete, ({ auth, body }) =>
    deleteThresholdGroup(db, auth, body.thresholdGroupId),
  );
  route(thresholdsEndpoints.assetThresholds, ({ auth, params }) => assetThresholds(db, auth, params.assetId));
}
