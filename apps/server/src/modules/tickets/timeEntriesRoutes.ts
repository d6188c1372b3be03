import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { exportTimeEntries } from './timeEntriesExport.ts';
import {
  createTimeEntry,
  deleteTimeEntry,
  listMyTimeEntries,
  listTicketTimeEntries,
  listTimeEntries,
  timeEntryFilterOptions,
  updateTimeEntry,
} from './timeEntriesService.ts';

/** Time entries: the caller's own, the filtered and paged list with its export, a ticket's, and their writes. */
export function registerTimeEntriesRoutes(context: RouteContext): void {
  const { db } = context;
  context.route(contract.timeEntriesMine, ({ auth, query }) => listMyTimeEntries(db, auth, query));
  context.route(contract.timeEntriesList, ({ auth, body }) => listTimeEntries(db, auth, body));
  context.route(contract.timeEntriesExport, ({ auth, body, reply }) =>
    exportTimeEntries(db, auth, body, reply),
  );
  context.route(contract.timeEntriesFilterOptions, ({ auth }) => timeEntryFilterOptions(db, auth));
  context.route(contract.ticketTimeEntries, ({ auth, params }) => listTicketTimeEntries(db, auth, params.id));
  context.route(contract.timeEntriesCreate, ({ auth, body }) => createTimeEntry(db, auth, body));
  context.route(contract.timeEntriesUpdate, ({ auth, body }) => updateTimeEntry(db, auth, body));
  context.route(contract.timeEntriesDelete, ({ auth, body }) => deleteTimeEntry(db, auth, body.timeEntryId));
}
