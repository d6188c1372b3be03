import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { listToursSeen, markTourSeen } from './toursService.ts';
import { describeCurrentUser } from './usersService.ts';

export function registerUsersRoutes({ route, db }: RouteContext): void {
  route(contract.usersMe, ({ auth }) => describeCurrentUser(db, auth));
  route(contract.usersToursList, ({ auth }) => listToursSeen(db, auth));
  route(contract.usersToursMarkSeen, ({ auth, body }) => markTourSeen(db, auth, body.tour));
}
