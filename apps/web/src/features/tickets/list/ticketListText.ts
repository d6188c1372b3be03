import { defaultTicketListState, type TicketListState } from './ticketListState.ts';

/** Who may open, change and move tickets of a company. */
export const TICKETS_WRITE = 'tickets:write';

export interface TicketCompany {
  companyId: number;
  name: string;
}

/** Whether the state narrows the list beyond the spec's defaults (so an empty list is the filter's doing). */
export function isFiltered(state: TicketListState): boolean {
  const base = defaultTicketListState();
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((value) => b.includes(value));
  return (
    !same(state.statuses, base.statuses) ||
    !same(state.billingStates, base.billingStates) ||
    state.companyIds !== null ||
    state.search.trim() !== ''
  );
}

/** What an empty list says, so that the user knows what to do next. */
export function ticketsEmptyText(state: TicketListState, emptyHint: string): string {
  if (state.statuses.length === 0) return 'No status is chosen: choose one or more in the Status filter.';
  if (state.billingStates.length === 0)
    return 'No billing state is chosen: choose one or more in the Billing filter.';
  if (state.companyIds?.length === 0)
    return 'No company is chosen: choose one or more in the Company filter.';
  if (state.search.trim() !== '')
    return `No ticket matches “${state.search.trim()}” with these filters. Try other words or clear the search.`;
  if (isFiltered(state))
    return 'No ticket matches the filters. Choose more statuses, billing states or companies.';
  return emptyHint;
}
