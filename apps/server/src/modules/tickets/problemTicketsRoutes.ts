import { problemTicketsEndpoints as endpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import type { Clock } from '../problems/problemsRoutes.ts';
import { listWorkPeriods, summarizeTicketProblems } from './problemTicketsQueries.ts';
import { moveToExistingTicket, moveToNewTicket, removeFromTicket } from './problemTicketsService.ts';

/** Problems moved to and from tickets, and what tickets know of their problems and visits: one line each. */
export function registerProblemTicketsRoutes(
  { route, db }: RouteContext,
  clock: Clock = () => new Date(),
): void {
  route(endpoints.detectedProblemsMoveToNewTicket, ({ auth, body }) =>
    moveToNewTicket(db, clock(), auth, body),
  );
  route(endpoints.detectedProblemsMoveToExistingTicket, ({ auth, body }) =>
    moveToExistingTicket(db, clock(), auth, body),
  );
  route(endpoints.detectedProblemsRemoveFromTicket, ({ auth, body }) =>
    removeFromTicket(db, clock(), auth, body),
  );
  route(endpoints.ticketsDetectedProblemsSummary, ({ auth, body }) =>
    summarizeTicketProblems(db, clock(), auth, body),
  );
  route(endpoints.ticketsWorkPeriods, ({ auth, body }) => listWorkPeriods(db, auth, body));
}
