import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput, type OutputOf } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

export const notificationsKey = ['notifications'] as const;
export const unreadCountKey = [...notificationsKey, 'unreadCount'] as const;
export const notificationListKey = [...notificationsKey, 'list'] as const;
/** What the notification centre shows at once; older ones are a click on the problems screen away. */
export const CENTRE_PAGE_SIZE = 30;

/** The badge's count; kept current by the live signal, refetched when the connection comes back. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: ({ signal }) => apiCall(contract.notificationsUnreadCount, { signal }),
    enabled,
  });
}

/** The centre's list, newest first; fetched while it is open. */
export function useNotificationList(enabled: boolean) {
  return useQuery({
    queryKey: notificationListKey,
    queryFn: ({ signal }) =>
      apiCall(contract.notificationsList, {
        body: {
          order: 'NEWEST_FIRST',
          pageableQuery: { type: 'PAGED', pageSize: CENTRE_PAGE_SIZE, pageNumber: 0, sort: [] },
        },
        signal,
      }),
    enabled,
  });
}

/**
 * Marks read; the answer's count replaces the badge's at once and the list is read again. The answer and the live
 * signals travel apart: when a signal set the badge while the call was out, the answer may be the older of the
 * two (a notice that came meanwhile), so the count is read again instead of overwritten.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<typeof contract.notificationsMarkRead>) =>
      apiCall(contract.notificationsMarkRead, { body }),
    onMutate: () => ({ sentAt: Date.now() }),
    onSuccess: async (answer, _body, context) => {
      const badgeSetAt = queryClient.getQueryState(unreadCountKey)?.dataUpdatedAt ?? 0;
      if (badgeSetAt >= context.sentAt) void queryClient.invalidateQueries({ queryKey: unreadCountKey });
      else queryClient.setQueryData(unreadCountKey, answer);
      await queryClient.invalidateQueries({ queryKey: notificationListKey });
    },
  });
}

export const preferencesKey = [...notificationsKey, 'preferences'] as const;

export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => apiCall(contract.notificationPreferencesGet, { body: {}, signal }),
  });
}

export function useUpdateNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<typeof contract.notificationPreferencesUpdate>) =>
      apiCall(contract.notificationPreferencesUpdate, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(
        preferencesKey,
        (current: OutputOf<typeof contract.notificationPreferencesGet> | undefined) =>
          current
            ? {
                preferences: current.preferences.map((row) =>
                  row.companyId === saved.companyId ? saved : row,
                ),
              }
            : current,
      );
    },
  });
}
