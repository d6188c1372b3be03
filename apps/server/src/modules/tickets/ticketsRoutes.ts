import { ticketsEndpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { ticketGroups } from './ticketGroups.ts';
import { ticketHistory } from './ticketHistory.ts';
import { listTickets } from './ticketList.ts';
import {
  addTicketAssets,
  addTicketUser,
  listAssignableUsers,
  removeTicketAssets,
  removeTicketUser,
} from './ticketMembers.ts';
import {
  changeTicketStatus,
  createTicketCall,
  getTicket,
  setTicketFrozen,
  updateTicket,
} from './ticketService.ts';

/** The tickets themselves: list, groups, details, create, update, status, freeze, people, assets, history. */
export function registerTicketsRoutes({ db, route }: RouteContext): void {
  route(ticketsEndpoints.ticketsList, ({ auth, body }) => listTickets(db, auth, body));
  route(ticketsEndpoints.ticketsGroups, ({ auth, body }) => ticketGroups(db, auth, body));
  route(ticketsEndpoints.ticketsGet, ({ auth, body }) => getTicket(db, auth, body.ticketId));
  route(ticketsEndpoints.ticketsCreate, ({ auth, body }) => createTicketCall(db, auth, body));
  route(ticketsEndpoints.ticketsUpdate, ({ auth, body }) => updateTicket(db, auth, body));
  route(ticketsEndpoints.ticketsChangeStatus, ({ auth, body }) => changeTicketStatus(db, auth, body));
  route(ticketsEndpoints.ticketsSetFrozen, ({ auth, body }) => setTicketFrozen(db, auth, body));
  route(ticketsEndpoints.ticketsUsersAdd, ({ auth, body }) => addTicketUser(db, auth, body));
  route(ticketsEndpoints.ticketsUsersRemove, ({ auth, body }) => removeTicketUser(db, auth, body));
  route(ticketsEndpoints.ticketsAssignableUsers, ({ auth, body }) => listAssignableUsers(db, auth, body));
  route(ticketsEndpoints.ticketsAssetsAdd, ({ auth, body }) => addTicketAssets(db, auth, body));
  route(ticketsEndpoints.ticketsAssetsRemove, ({ auth, body }) => removeTicketAssets(db, auth, body));
  route(ticketsEndpoints.ticketsHistory, ({ auth, body }) => ticketHistory(db, auth, body.ticketId));
}
