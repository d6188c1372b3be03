import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  TICKET_PAGE_SIZE,
  type BodyInput,
  type OutputOf,
  type TicketGrouping,
  type TicketListFilter,
} from '@kelvin/contract';
import { contract } from '../../../shared/api/endpoints.ts';
import { trackEvent } from '../../../shared/analytics/analytics.ts';
import { apiCall } from '../../../shared/api/index.ts';
import type { PagedTableSort } from '../../../shared/ui/PagedTable.tsx';
import { ticketKeys } from '../ticketKeys.ts';

const sortKey = (sort: PagedTableSort) => `${sort.property}.${sort.direction}`;

function listBody(
  filter: TicketListFilter,
  pageNumber: number,
  sort: PagedTableSort,
  pageSize = TICKET_PAGE_SIZE,
) {
  return { filter, pageableQuery: { type: 'PAGED' as const, pageSize, pageNumber, sort: [sort] } };
}

/** One server page of tickets (25 a page); a null filter matches nothing and asks nothing. */
export function useTicketList(
  filter: TicketListFilter | null,
  pageNumber: number,
  sort: PagedTableSort,
  view = 'table',
) {
  return useQuery({
    queryKey: ticketKeys.list(
      filter ?? {},
      `${view}${filter === null ? ':none' : ''}`,
      pageNumber,
      sortKey(sort),
    ),
    queryFn: ({ signal }) =>
      filter === null
        ? Promise.resolve<OutputOf<typeof contract.ticketsList>>({
            content: [],
            pageable: { totalSize: 0, pageSize: TICKET_PAGE_SIZE, pageNumber: 0 },
          })
        : apiCall(contract.ticketsList, { body: listBody(filter, pageNumber, sort), signal }),
    placeholderData: keepPreviousData,
  });
}

/** A swim lane's tickets: pages of 25 appended as the lane asks for more. */
export function useTicketLane(filter: TicketListFilter, sort: PagedTableSort, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ticketKeys.list(filter, 'lane', -1, sortKey(sort)),
    queryFn: ({ signal, pageParam }) =>
      apiCall(contract.ticketsList, { body: listBody(filter, pageParam, sort), signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      pages.length * TICKET_PAGE_SIZE < last.pageable.totalSize ? pages.length : undefined,
    enabled,
  });
}

/** The group view's groups: the filtered tickets counted by company, asset, priority, owner or status. */
export function useTicketGroups(filter: TicketListFilter | null, groupBy: TicketGrouping | null) {
  return useQuery({
    queryKey: [...ticketKeys.lists(), 'groups', filter ?? {}, groupBy],
    queryFn: ({ signal }) =>
      filter === null || groupBy === null
        ? Promise.resolve([])
        : apiCall(contract.ticketsGroups, { body: { filter, groupBy }, signal }),
    enabled: groupBy !== null,
    placeholderData: keepPreviousData,
  });
}

/** Moves a ticket to a status; the lists are asked again once the server has answered. */
export function useChangeTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<typeof contract.ticketsChangeStatus>) =>
      apiCall(contract.ticketsChangeStatus, { body }),
    onSettled: (_ticket, _error, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.detail(body.ticketId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.history(body.ticketId) }),
      ]),
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<typeof contract.ticketsCreate>) => apiCall(contract.ticketsCreate, { body }),
    onSuccess: () => {
      trackEvent('ticket created');
      return queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}
