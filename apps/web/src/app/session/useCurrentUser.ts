import { useQuery, type QueryClient } from '@tanstack/react-query';
import { type CurrentUser } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { CACHE_TTL_MS } from '@kelvin/domain';
import { apiCall } from '../../shared/api/index.ts';

/** Query key of GET /api/users/me; tests seed it with `queryClient.setQueryData(currentUserQueryKey, me)`. */
export const currentUserQueryKey = ['users', 'me'] as const;

export const currentUserQueryOptions = {
  queryKey: currentUserQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<CurrentUser> =>
    apiCall(contract.usersMe, { signal }),
  // Spec: cache time-to-live 5 minutes.
  staleTime: CACHE_TTL_MS,
};

/** The signed-in user, their permissions and their company subscription. */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}

export function fetchCurrentUser(queryClient: QueryClient): Promise<CurrentUser> {
  return queryClient.query(currentUserQueryOptions);
}
