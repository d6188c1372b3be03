import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type UserPreferencesUpdate } from '@kelvin/contract';
import { apiCall } from '../../shared/api/index.ts';

/** Query key of the signed-in user's own preferences. */
export const myPreferencesKey = ['users', 'me', 'preferences'] as const;

/** The signed-in user's own preferences, as the server keeps them (read once a session: only this user writes them). */
export function useMyPreferences() {
  return useQuery({
    queryKey: myPreferencesKey,
    queryFn: ({ signal }) => apiCall(contract.usersPreferencesGet, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** Changes the named preferences; the answer (all of them) replaces the cached ones. */
export function useUpdateMyPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UserPreferencesUpdate) => apiCall(contract.usersPreferencesUpdate, { body: update }),
    onSuccess: (preferences) => queryClient.setQueryData(myPreferencesKey, preferences),
  });
}
