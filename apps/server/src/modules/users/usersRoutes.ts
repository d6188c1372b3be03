import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { describeCurrentUser } from './usersService.ts';

export function registerUsersRoutes({ route, db }: RouteContext): void {
  route(contract.usersMe, ({ auth }) => describeCurrentUser(db, auth));
}
