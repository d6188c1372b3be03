import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';
import { assetsKey } from '../assets/assetsQueries.ts';

/** Rules and groups change together (deleting a rule leaves its groups), so one key covers both. */
export const problemRulesKey = ['problemRules'] as const;

/** A company's monitor groups with the library's, by name. */
export function useMonitorGroups(companyId: number) {
  return useQuery({
    queryKey: [...problemRulesKey, 'groups', companyId],
    queryFn: ({ signal }) =>
      apiCall(contract.monitorGroupsList, { body: { companyIds: [companyId] }, signal }),
  });
}

/** One monitor group; off until an id is given. */
export function useMonitorGroup(monitorGroupId: number | null) {
  return useQuery({
    queryKey: [...problemRulesKey, 'group', monitorGroupId],
    queryFn: ({ signal }) =>
      apiCall(contract.monitorGroupsGet, { body: { monitorGroupId: monitorGroupId ?? 0 }, signal }),
    enabled: monitorGroupId !== null,
    placeholderData: keepPreviousData,
  });
}

/** A company's system rules with the library's, by name. */
export function useRuleDefinitions(companyId: number) {
  return useQuery({
    queryKey: [...problemRulesKey, 'rules', companyId],
    queryFn: ({ signal }) =>
      apiCall(contract.problemRuleDefinitionsList, {
        body: { companyIds: [companyId], types: ['SYSTEM'] },
        signal,
      }),
  });
}

/** After any change: rules, groups, and assets (their monitorGroupId and the groups' counts) are asked again. */
function useRulesMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: problemRulesKey });
      await queryClient.invalidateQueries({ queryKey: assetsKey });
    },
  });
}

export function useCreateMonitorGroup() {
  return useRulesMutation((body: BodyInput<typeof contract.monitorGroupsCreate>) =>
    apiCall(contract.monitorGroupsCreate, { body }),
  );
}

export function useUpdateMonitorGroup() {
  return useRulesMutation((body: BodyInput<typeof contract.monitorGroupsUpdate>) =>
    apiCall(contract.monitorGroupsUpdate, { body }),
  );
}

export function useDeleteMonitorGroup() {
  return useRulesMutation((monitorGroupId: number) =>
    apiCall(contract.monitorGroupsDelete, { body: { monitorGroupId } }),
  );
}

export function useCreateRuleDefinition() {
  return useRulesMutation((body: BodyInput<typeof contract.problemRuleDefinitionsCreate>) =>
    apiCall(contract.problemRuleDefinitionsCreate, { body }),
  );
}

export function useUpdateRuleDefinition() {
  return useRulesMutation((body: BodyInput<typeof contract.problemRuleDefinitionsUpdate>) =>
    apiCall(contract.problemRuleDefinitionsUpdate, { body }),
  );
}

export function useDeleteRuleDefinition() {
  return useRulesMutation((problemRuleDefinitionId: number) =>
    apiCall(contract.problemRuleDefinitionsDelete, { body: { problemRuleDefinitionId } }),
  );
}
