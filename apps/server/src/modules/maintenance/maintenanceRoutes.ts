import { maintenanceWindowsEndpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import {
  cancelMaintenanceWindows,
  createMaintenanceWindow,
  listMaintenanceWindows,
  updateMaintenanceWindow,
  type Clock,
} from './maintenanceService.ts';

/** Maintenance windows of assets: list, create, update and cancel. */
export function registerMaintenanceRoutes(
  { db, route }: RouteContext,
  clock: Clock = () => new Date(),
): void {
  route(maintenanceWindowsEndpoints.assetsListMaintenanceWindows, ({ auth, body }) =>
    listMaintenanceWindows(db, clock, auth, body),
  );
  route(maintenanceWindowsEndpoints.assetsCreateMaintenanceWindow, ({ auth, body }) =>
    createMaintenanceWindow(db, clock, auth, body),
  );
  route(maintenanceWindowsEndpoints.assetsUpdateMaintenanceWindow, ({ auth, body }) =>
    updateMaintenanceWindow(db, clock, auth, body),
  );
  route(maintenanceWindowsEndpoints.assetsCancelMaintenanceWindow, ({ auth, body }) =>
    cancelMaintenanceWindows(db, clock, auth, body),
  );
}
