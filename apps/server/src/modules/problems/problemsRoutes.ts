import { detectedProblemsEndpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { listAlertView } from './alertViewService.ts';

/** The detected-problems calls: the contract endpoint and the service that answers it. */
export function registerProblemsRoutes({ route, db }: RouteContext): void {
  route(detectedProblemsEndpoints.detectedProblemsListAlertView, ({ auth, body }) =>
    listAlertView(db, auth, body),
  );
}
