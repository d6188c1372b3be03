import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { assignRole, listRolesFor, listRolesOfUsers, removeRole } from './rolesService.ts';
import { createUser, deleteUser, getUser, listUsersFor, updateUserDetails } from './userAdminService.ts';

export function registerUserAdminRoutes({ route, db }: RouteContext): void {
  route(contract.usersGet, ({ auth, params }) => getUser(db, auth, params.id));
  route(contract.usersList, ({ auth, query }) => listUsersFor(db, auth, query));
  route(contract.usersCreate, ({ auth, body }) => createUser(db, auth, body));
  route(contract.usersUpdate, ({ auth, body }) => updateUserDetails(db, auth, body));
  route(contract.usersDelete, ({ auth, params }) => deleteUser(db, auth, params.id));
  route(contract.rolesList, ({ auth }) => listRolesFor(db, auth));
  route(contract.rolesUsersList, ({ auth, body }) => listRolesOfUsers(db, auth, body));
  route(contract.rolesUsersAssign, ({ auth, body }) => assignRole(db, auth, body));
  route(contract.rolesUsersRemove, ({ auth, body }) => removeRole(db, auth, body));
}
