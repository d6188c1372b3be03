import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { listAuditEvents } from './auditService.ts';

export function registerAuditRoutes({ route, db }: RouteContext): void {
  route(contract.auditList, ({ auth, query }) => listAuditEvents(db, auth, query));
}
