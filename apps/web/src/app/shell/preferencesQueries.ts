import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type UserPreferencesUpdate } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';
import { applyDisplayPreferences } from '../../shared/preferences/displayPreferences.ts';

/** Query key of the signed-in user's own preferences. */
export const myPreferencesKey = ['users', 'me', 'preferences'] as const;

/**
 * The signed-in user's own preferences, as the server keeps them (read once a session: only this user writes them).
 * The display ones (time zone, units, demo mode) also go to the store every screen formats with. Exported as options
 * so that the page can ask at start, beside the user's own (main.tsx), not after the shell has loaded.
 */
export const myPreferencesQuery = {
  queryKey: myPreferencesKey,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const preferences = await apiCall(contract.usersPreferencesGet, { signal });
    applyDisplayPreferences(preferences);
    return preferences;
  },
  staleTime: Infinity,
  retry: false,
} as const;

export function useMyPreferences() {
  return useQuery(myPreferencesQuery);
}

/**
 * Changes the named preferences; the answer (all of them) replaces the cached ones. Saves run one after another
 * (one scope): two quick changes, say units then demo mode, would otherwise race, and the later answer to arrive
 * could carry the earlier state of the other field.
 */
export function useUpdateMyPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'my-preferences' },
    mutationFn: (update: UserPreferencesUpdate) => apiCall(contract.usersPreferencesUpdate, { body: update }),
    onSuccess: (preferences) => {
      applyDisplayPreferences(preferences);
      queryClient.setQueryData(myPreferencesKey, preferences);
    },
  });
}
