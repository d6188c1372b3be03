import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput, type OutputOf, type Schedule, type ScheduleListFilter } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

export const schedulesKey = ['schedules'] as const;
const listKey = [...schedulesKey, 'list'] as const;

type ScheduleList = OutputOf<typeof contract.schedulesList>;
export type ScheduleCreate = BodyInput<typeof contract.schedulesCreate>;
export type ScheduleUpdate = BodyInput<typeof contract.schedulesUpdate>;
export type ConflictQuery = BodyInput<typeof contract.schedulesConflicts>;

/** The entries overlapping the view's range, filtered as the screen says; the last answer stays while paging. */
export function useSchedules(filter: ScheduleListFilter) {
  return useQuery({
    queryKey: [...listKey, filter],
    queryFn: ({ signal }) => apiCall(contract.schedulesList, { body: filter, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One entry, for the dialog opened from the address when it is not among the entries on screen. */
export function useSchedule(scheduleId: number | null) {
  return useQuery({
    queryKey: [...schedulesKey, 'one', scheduleId],
    queryFn: ({ signal }) => apiCall(contract.schedulesGet, { params: { id: scheduleId ?? 0 }, signal }),
    enabled: scheduleId !== null,
  });
}

/** The technicians an entry may be planned for. */
export function useScheduleResources() {
  return useQuery({
    queryKey: [...schedulesKey, 'resources'],
    queryFn: ({ signal }) => apiCall(contract.schedulesResources, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The clashes of a planned time for its technicians: double bookings and time off. */
export function fetchConflicts(query: ConflictQuery) {
  return apiCall(contract.schedulesConflicts, { body: query });
}

function useInvalidatingMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesKey }),
  });
}

export function useCreateSchedule() {
  return useInvalidatingMutation((body: ScheduleCreate) => apiCall(contract.schedulesCreate, { body }));
}

export function useUpdateSchedule() {
  return useInvalidatingMutation((body: ScheduleUpdate) => apiCall(contract.schedulesUpdate, { body }));
}

export function useConfirmSchedule() {
  return useInvalidatingMutation((body: { scheduleId: number; confirmed: boolean }) =>
    apiCall(contract.schedulesConfirm, { body }),
  );
}

export function useDeleteSchedule() {
  return useInvalidatingMutation((scheduleId: number) =>
    apiCall(contract.schedulesDelete, { body: { scheduleId } }),
  );
}

/** A move or resize dropped on the calendar: the new times and, between technicians, the new technicians. */
export interface ScheduleMove {
  scheduleId: number;
  startsAt: string;
  endsAt: string;
  resources?: Schedule['resources'];
}

/**
 * Moves an entry at once on every list on screen, then asks the server; a refusal puts the entry back where it
 * was (the caller toasts the reason).
 */
export function useMoveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: ScheduleMove) =>
      apiCall(contract.schedulesUpdate, {
        body: {
          scheduleId: move.scheduleId,
          startsAt: move.startsAt,
          endsAt: move.endsAt,
          ...(move.resources ? { resourceIds: move.resources.map((person) => person.userId) } : {}),
        },
      }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueriesData<ScheduleList>({ queryKey: listKey });
      queryClient.setQueriesData<ScheduleList>({ queryKey: listKey }, (list) =>
        list
          ? {
              ...list,
              content: list.content.map((entry) =>
                entry.scheduleId === move.scheduleId
                  ? {
                      ...entry,
                      startsAt: move.startsAt,
                      endsAt: move.endsAt,
                      resources: move.resources ?? entry.resources,
                    }
                  : entry,
              ),
            }
          : list,
      );
      return { before };
    },
    onError: (_error, _move, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesKey }),
  });
}
