import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

const rolesKey = ['roles'] as const;

/** Every assignable role with the permissions it grants. */
export function useRoles() {
  return useQuery({
    queryKey: [...rolesKey, 'all'],
    queryFn: ({ signal }) => apiCall(contract.rolesList, { signal }),
  });
}

/** Spec: roles.users.list takes user ids and answers keyed by user id. */
export function useUserRoles(userId: number) {
  return useQuery({
    queryKey: [...rolesKey, 'user', userId],
    queryFn: async ({ signal }) => {
      const byUser = await apiCall(contract.rolesUsersList, { body: [userId], signal });
      return byUser[String(userId)] ?? [];
    },
  });
}

interface RoleChange {
  userId: number;
  roleId: number;
}

export function useAssignRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleChange) => apiCall(contract.rolesUsersAssign, { body: change }),
    // A role change can change the signed-in user's own permissions too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rolesKey }),
        queryClient.invalidateQueries({ queryKey: ['users', 'me'] }),
      ]),
  });
}

export function useRemoveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleChange) => apiCall(contract.rolesUsersRemove, { body: change }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rolesKey }),
        queryClient.invalidateQueries({ queryKey: ['users', 'me'] }),
      ]),
  });
}
