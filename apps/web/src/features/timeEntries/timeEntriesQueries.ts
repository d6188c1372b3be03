import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACTIVE_TICKET_STATUS_VALUES,
  TIME_ENTRY_PAGE_SIZE,
  type BodyInput,
  type TimeEntry,
  type TimeEntryFilter,
} from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';
import type { PagedTableSort } from '../../shared/ui/PagedTable.tsx';
import { ticketKeys } from '../tickets/ticketKeys.ts';

/** The time entries page's queries; a ticket's entries live under ticketKeys.timeEntries(id). */
export const timeEntriesKey = ['timeEntries'] as const;

/** One server page of the entries the filter matches, with the totals of the whole filter. */
export function useTimeEntries(
  filter: TimeEntryFilter,
  pageNumber: number,
  sort: PagedTableSort | undefined,
) {
  return useQuery({
    queryKey: [...timeEntriesKey, 'list', filter, pageNumber, sort ?? null],
    queryFn: ({ signal }) =>
      apiCall(contract.timeEntriesList, {
        body: {
          filter,
          pageableQuery: {
            type: 'PAGED',
            pageSize: TIME_ENTRY_PAGE_SIZE,
            pageNumber,
            sort: sort ? [sort] : [],
          },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTimeEntryFilterOptions() {
  return useQuery({
    queryKey: [...timeEntriesKey, 'filterOptions'],
    queryFn: ({ signal }) => apiCall(contract.timeEntriesFilterOptions, { signal }),
  });
}

export function useTicketTimeEntries(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.timeEntries(ticketId),
    queryFn: ({ signal }) => apiCall(contract.ticketTimeEntries, { params: { id: ticketId }, signal }),
  });
}

/** Open tickets matching what the user typed, for the quick entry's ticket picker (a number finds that ticket). */
export function useTicketChoices(search: string, enabled = true) {
  const text = search.trim();
  return useQuery({
    queryKey: [...timeEntriesKey, 'ticketChoices', text],
    queryFn: ({ signal }) =>
      apiCall(contract.ticketsList, {
        body: {
          filter: { statusIds: [...ACTIVE_TICKET_STATUS_VALUES], ...(text === '' ? {} : { search: text }) },
          pageableQuery: { type: 'PAGED', pageSize: 20, pageNumber: 0, sort: [] },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

/** After any write: the page's lists and options, and the ticket's entries, details (totals) and history. */
function useInvalidateAfterWrite() {
  const queryClient = useQueryClient();
  return (ticketIds: readonly number[]) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: timeEntriesKey }),
      ...ticketIds.flatMap((ticketId) => [
        queryClient.invalidateQueries({ queryKey: ticketKeys.timeEntries(ticketId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.history(ticketId) }),
      ]),
    ]);
}

export type TimeEntryInput = BodyInput<typeof contract.timeEntriesCreate>;

export function useCreateTimeEntry() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (body: TimeEntryInput) => apiCall(contract.timeEntriesCreate, { body }),
    onSuccess: (entry) => invalidate([entry.ticketId]),
  });
}

export function useUpdateTimeEntry() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: ({ body }: { body: BodyInput<typeof contract.timeEntriesUpdate>; before: TimeEntry }) =>
      apiCall(contract.timeEntriesUpdate, { body }),
    onSuccess: (entry, { before }) => invalidate([...new Set([entry.ticketId, before.ticketId])]),
  });
}

export function useDeleteTimeEntry() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (entry: TimeEntry) =>
      apiCall(contract.timeEntriesDelete, { body: { timeEntryId: entry.timeEntryId } }),
    onSuccess: (_answer, entry) => invalidate([entry.ticketId]),
  });
}
