import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../../shared/api/endpoints.ts';
import { apiCall } from '../../../shared/api/index.ts';

const calendarFeedKey = ['users', 'me', 'calendarFeed'] as const;

/** The signed-in user's private calendar feed URL (made on the server at first ask). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => apiCall(contract.calendarFeedGet, { signal }),
    staleTime: Infinity,
  });
}

/** A new feed URL; the answer replaces the cached one, and the old URL stops answering. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(contract.calendarFeedReset),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}
