import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import {
  deleteSharedView,
  getView,
  insertSharedView,
  listViews,
  setViewGlobal,
  updateSharedView,
} from './sharedViewsService.ts';

/** One line per call: the contract endpoint and the service that answers it. */
export function registerSharedViewsRoutes({ route, db }: RouteContext): void {
  route(contract.sharedViewsList, ({ auth, body }) => listViews(db, auth, body));
  route(contract.sharedViewsGet, ({ auth, body }) => getView(db, auth, body));
  route(contract.sharedViewsGetByExternalId, ({ auth, body }) => getView(db, auth, body));
  route(contract.sharedViewsInsert, ({ auth, body }) => insertSharedView(db, auth, body));
  route(contract.sharedViewsUpdate, ({ auth, body: { sharedViewId, ...fields } }) =>
    updateSharedView(db, auth, sharedViewId, fields),
  );
  route(contract.sharedViewsDelete, ({ auth, body }) => deleteSharedView(db, auth, body.sharedViewId));
  route(contract.sharedViewsSetGlobal, ({ auth, body }) => setViewGlobal(db, auth, body.sharedViewId, true));
  route(contract.sharedViewsUnsetGlobal, ({ auth, body }) =>
    setViewGlobal(db, auth, body.sharedViewId, false),
  );
}
