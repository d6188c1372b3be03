import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { listToursSeen, markTourSeen } from './toursService.ts';
import { getOwnPreferences, updateOwnPreferences } from './userPreferencesService.ts';
import { describeCurrentUser } from './usersService.ts';

export function registerUsersRoutes({ route, db }: RouteContext): void {
  route(contract.usersMe, ({ auth }) => describeCurrentUser(db, auth));
  route(contract.usersToursList, ({ auth }) => listToursSeen(db, auth));
  route(contract.usersToursMarkSeen, ({ auth, body }) => markTourSeen(db, auth, body.tour));
  route(contract.usersPreferencesGet, ({ auth }) => getOwnPreferences(db, auth));
  route(contract.usersPreferencesUpdate, ({ auth, body }) => updateOwnPreferences(db, auth, body));
}
