import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput, type Ticket } from '@kelvin/contract';
import { contract } from '../../../shared/api/endpoints.ts';
import { apiCall } from '../../../shared/api/index.ts';
import { ticketKeys } from '../ticketKeys.ts';

/** One ticket with its users, assets and coverage; shared by the frame (header, tabs) and the details. */
export function useTicket(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.detail(ticketId),
    queryFn: ({ signal }) => apiCall(contract.ticketsGet, { body: { ticketId }, signal }),
    // An id that is not a positive integer names no ticket: the frame says so without asking.
    enabled: ticketId > 0,
  });
}

/** Every change of the ticket from the audit trail, newest first. */
export function useTicketHistory(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.history(ticketId),
    queryFn: ({ signal }) => apiCall(contract.ticketsHistory, { body: { ticketId }, signal }),
  });
}

/** People who may be assigned to the ticket, matching a search. */
export function useAssignableUsers(ticketId: number, search: string, enabled: boolean) {
  const trimmed = search.trim();
  return useQuery({
    queryKey: [...ticketKeys.detail(ticketId), 'assignableUsers', trimmed],
    queryFn: ({ signal }) =>
      apiCall(contract.ticketsAssignableUsers, {
        body: { ticketId, ...(trimmed === '' ? {} : { search: trimmed }) },
        signal,
      }),
    enabled,
    // Typing keeps the last answer on screen instead of flashing a loader per keystroke.
    placeholderData: keepPreviousData,
  });
}

/**
 * Every ticket write answers with the whole ticket: it replaces the cached one at once, and the history and the
 * lists (status, title, owner columns) are asked again.
 */
function useTicketWrite<I>(ticketId: number, write: (input: I) => Promise<Ticket>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.detail(ticketId), ticket);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.history(ticketId) });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}

export type TicketChanges = Omit<BodyInput<typeof contract.ticketsUpdate>, 'ticketId'>;

export function useUpdateTicket(ticketId: number) {
  return useTicketWrite(ticketId, (changes: TicketChanges) =>
    apiCall(contract.ticketsUpdate, { body: { ticketId, ...changes } }),
  );
}

export function useChangeTicketStatus(ticketId: number) {
  return useTicketWrite(ticketId, (statusEnumValue: number) =>
    apiCall(contract.ticketsChangeStatus, { body: { ticketId, statusEnumValue } }),
  );
}

export function useSetTicketFrozen(ticketId: number) {
  return useTicketWrite(ticketId, (isFrozen: boolean) =>
    apiCall(contract.ticketsSetFrozen, { body: { ticketId, isFrozen } }),
  );
}

export interface TicketUserRelation {
  userId: number;
  relationTypeEnumValue: number;
}

export function useAddTicketUser(ticketId: number) {
  return useTicketWrite(ticketId, (relation: TicketUserRelation) =>
    apiCall(contract.ticketsUsersAdd, { body: { ticketId, ...relation } }),
  );
}

export function useRemoveTicketUser(ticketId: number) {
  return useTicketWrite(ticketId, (relation: TicketUserRelation) =>
    apiCall(contract.ticketsUsersRemove, { body: { ticketId, ...relation } }),
  );
}

export function useAddTicketAssets(ticketId: number) {
  return useTicketWrite(ticketId, (assetIds: number[]) =>
    apiCall(contract.ticketsAssetsAdd, { body: { ticketId, assetIds } }),
  );
}

export function useRemoveTicketAssets(ticketId: number) {
  return useTicketWrite(ticketId, (assetIds: number[]) =>
    apiCall(contract.ticketsAssetsRemove, { body: { ticketId, assetIds } }),
  );
}
