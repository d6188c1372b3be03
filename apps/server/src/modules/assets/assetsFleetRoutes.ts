import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { listFleet, listFleetStates } from './assetsFleetService.ts';
import type { LastSeenSource } from './lastSeenSource.ts';

/** The overview's slim calls: a fleet of thousands of units, and its health, each in one answer. */
export function registerAssetsFleetRoutes(
  { route, db }: Pick<RouteContext, 'route' | 'db'>,
  lastSeen: LastSeenSource,
): void {
  route(contract.assetsFleet, ({ auth }) => listFleet(db, auth));
  route(contract.assetsFleetState, ({ auth, body }) =>
    listFleetStates(db, auth, lastSeen, body.activeInterval),
  );
}
