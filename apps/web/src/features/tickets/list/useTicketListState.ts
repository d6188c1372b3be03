import { useAddressState, type AddressStateCodec } from '../../../shared/routing/useAddressState.ts';
import { parseTicketListState, writeTicketListState, type TicketListState } from './ticketListState.ts';

/** A change of what the list shows; a change of anything but the page goes back to the first page. */
export type TicketListChange = Partial<TicketListState>;

export function applyTicketListChange(state: TicketListState, change: TicketListChange): TicketListState {
  return { ...state, page: 0, ...change };
}

/**
 * The tickets list's state in the URL's search params (filter, sort, page, view, grouping), so that a list can
 * be shared by its address and a reload restores it. Changes replace the history entry: a back press leaves the
 * list rather than stepping through every filter click.
 */
const ticketListAddress: AddressStateCodec<TicketListState> = {
  parse: parseTicketListState,
  write: writeTicketListState,
  apply: applyTicketListChange,
};

export function useTicketListState(): [TicketListState, (change: TicketListChange) => void] {
  return useAddressState(ticketListAddress);
}
