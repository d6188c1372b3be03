import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

// Under 'users' next to the session's ['users', 'me'], which a user edit may also change.
const usersKey = ['users'] as const;

export type CreateUserInput = BodyInput<typeof contract.usersCreate>;
export type UpdateUserInput = BodyInput<typeof contract.usersUpdate>;

/** The users of one company, deleted ones included (lists hide them unless asked); system users left out. */
export function useCompanyUsers(companyId: number) {
  return useQuery({
    queryKey: [...usersKey, 'list', companyId],
    queryFn: ({ signal }) =>
      apiCall(contract.usersList, {
        query: { companyIds: String(companyId), includeDeleted: 'true' },
        signal,
      }),
  });
}

export function useUser(userId: number) {
  return useQuery({
    queryKey: [...usersKey, 'detail', userId],
    queryFn: ({ signal }) => apiCall(contract.usersGet, { params: { id: userId }, signal }),
  });
}

function useUsersMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useCreateUser() {
  return useUsersMutation((body: CreateUserInput) => apiCall(contract.usersCreate, { body }));
}

export function useUpdateUser() {
  return useUsersMutation((body: UpdateUserInput) => apiCall(contract.usersUpdate, { body }));
}

/** A soft delete: the user can no longer sign in; their history stays. */
export function useDeleteUser() {
  return useUsersMutation((userId: number) => apiCall(contract.usersDelete, { params: { id: userId } }));
}
