import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACTIVE_TICKET_STATUS_VALUES,
  PROBLEM_TICKET_SOURCE_VALUE,
  PROBLEM_TICKET_TYPE_VALUE,
} from '@kelvin/contract';
import { contract } from '../../../shared/api/endpoints.ts';
import { apiCall } from '../../../shared/api/index.ts';
import { ACTIVE_INTERVAL, problemsKey } from '../../problems/problemsQueries.ts';
import { ticketKeys } from '../ticketKeys.ts';

/** The problems on one ticket are few; one page holds them all. */
export const TICKET_PROBLEMS_PAGE_SIZE = 100;
/** Tickets offered when moving problems to an existing one. */
const TICKET_CHOICES = 20;

/** Moving problems changes the problem lists and summaries, the tickets (lists, problems, history) and the audit trail. */
function useProblemTicketMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: problemsKey }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
}

export function useMoveToNewTicket() {
  return useProblemTicketMutation((input: { ids: readonly number[]; title: string }) =>
    apiCall(contract.detectedProblemsMoveToNewTicket, {
      body: {
        detectedProblemIds: [...input.ids],
        ...(input.title.trim() === '' ? {} : { ticketTitle: input.title.trim() }),
      },
    }),
  );
}

export function useMoveToExistingTicket() {
  return useProblemTicketMutation((input: { ids: readonly number[]; ticketId: number }) =>
    apiCall(contract.detectedProblemsMoveToExistingTicket, {
      body: { detectedProblemIds: [...input.ids], ticketId: input.ticketId },
    }),
  );
}

export function useRemoveFromTicket() {
  return useProblemTicketMutation((ids: readonly number[]) =>
    apiCall(contract.detectedProblemsRemoveFromTicket, { body: [...ids] }),
  );
}

/** Open tickets of a company to move problems to, newest first, matching the words typed. */
export function useTicketChoices(companyId: number, search: string, enabled: boolean) {
  const text = search.trim();
  return useQuery({
    queryKey: [...ticketKeys.lists(), 'choices', companyId, text],
    queryFn: ({ signal }) =>
      apiCall(contract.ticketsList, {
        body: {
          filter: {
            companyIds: [companyId],
            statusIds: [...ACTIVE_TICKET_STATUS_VALUES],
            ...(text === '' ? {} : { search: text }),
          },
          pageableQuery: {
            type: 'PAGED',
            pageSize: TICKET_CHOICES,
            pageNumber: 0,
            sort: [{ property: 'updated_at', direction: 'DESC' }],
          },
        },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Spec: the event tickets of an asset: type incident, source kyotoLinkEvent, active statuses. */
export function useEventTickets(assetId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ticketKeys.lists(), 'eventTickets', assetId],
    queryFn: ({ signal }) =>
      apiCall(contract.ticketsList, {
        body: {
          filter: {
            assetIds: [assetId],
            typeValues: [PROBLEM_TICKET_TYPE_VALUE],
            sourceValues: [PROBLEM_TICKET_SOURCE_VALUE],
            statusIds: [...ACTIVE_TICKET_STATUS_VALUES],
          },
          pageableQuery: {
            type: 'PAGED',
            pageSize: 10,
            pageNumber: 0,
            sort: [{ property: 'updated_at', direction: 'DESC' }],
          },
        },
        signal,
      }),
    enabled,
  });
}

/** Every problem on a ticket, with its asset's name. */
export function useTicketProblems(ticketId: number) {
  return useQuery({
    queryKey: [...ticketKeys.problems(ticketId), 'list'],
    queryFn: ({ signal }) =>
      apiCall(contract.detectedProblemsList, {
        body: {
          ticketIds: [ticketId],
          pageableQuery: {
            type: 'PAGED',
            pageSize: TICKET_PROBLEMS_PAGE_SIZE,
            pageNumber: 0,
            sort: [{ property: 'firstEventAt', direction: 'ASC' }],
          },
        },
        signal,
      }),
  });
}

/** The alerts of a ticket's problems, on their assets. */
export function useTicketAlerts(ticketId: number, assetIds: readonly number[]) {
  return useQuery({
    queryKey: [...ticketKeys.problems(ticketId), 'alerts', assetIds],
    queryFn: ({ signal }) =>
      apiCall(contract.detectedProblemsListAlertView, {
        body: { assetIds: [...assetIds], ticketIds: [ticketId] },
        signal,
      }),
    enabled: assetIds.length > 0,
  });
}

export function useTicketProblemSummary(ticketId: number) {
  return useQuery({
    queryKey: [...ticketKeys.problems(ticketId), 'summary'],
    queryFn: async ({ signal }) => {
      const [summary] = await apiCall(contract.ticketsDetectedProblemsSummary, {
        body: { ticketIds: [ticketId], activeInterval: ACTIVE_INTERVAL },
        signal,
      });
      if (!summary) throw new Error('The server sent no summary for this ticket.');
      return summary;
    },
  });
}

/** Spec: active maintenance windows, fetched per asset. */
export function useActiveMaintenance(assetIds: readonly number[]) {
  return useQuery({
    queryKey: ['maintenanceWindows', 'active', assetIds],
    queryFn: ({ signal }) =>
      apiCall(contract.assetsListMaintenanceWindows, {
        body: {
          filter: { assetIds: [...assetIds], states: ['ACTIVE'] },
          pageableQuery: { type: 'PAGED', pageSize: 50, pageNumber: 0, sort: [] },
        },
        signal,
      }),
    enabled: assetIds.length > 0,
  });
}

/** Service visits (a ticket's time in progress) on the charted assets over the chart's range. */
export function useWorkPeriods(assetIds: readonly number[], from: number, to: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ticketKeys.all, 'workPeriods', assetIds, from, to],
    queryFn: ({ signal }) =>
      apiCall(contract.ticketsWorkPeriods, {
        body: {
          assetIds: [...assetIds],
          timeWindow: { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
        },
        signal,
      }),
    enabled: enabled && assetIds.length > 0 && to > from,
    staleTime: 60_000,
  });
}
