import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput, type MetricCommand } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

const commandsKey = (assetId: number) => ['metricCommands', assetId] as const;

/** Commands still on their way to the unit: the list is polled while any is. */
export function isOpenCommand(command: MetricCommand): boolean {
  return command.state === 'PENDING' || command.state === 'DELIVERED';
}
const POLL_WHILE_OPEN_MS = 1_500;
const POLL_IDLE_MS = 30_000;

/** A unit's recent commands, newest first; followed closely while one is pending. */
export function useMetricCommands(assetId: number) {
  return useQuery({
    queryKey: commandsKey(assetId),
    queryFn: ({ signal }) => apiCall(contract.metricCommandsList, { body: { assetId, limit: 50 }, signal }),
    refetchInterval: (query) => (query.state.data?.some(isOpenCommand) ? POLL_WHILE_OPEN_MS : POLL_IDLE_MS),
  });
}

export function useCreateMetricCommand(assetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<typeof contract.metricCommandsCreate>) =>
      apiCall(contract.metricCommandsCreate, { body }),
    onSuccess: (command) => {
      queryClient.setQueryData<MetricCommand[]>(commandsKey(assetId), (list) => [command, ...(list ?? [])]);
      void queryClient.invalidateQueries({ queryKey: commandsKey(assetId) });
    },
  });
}

/** When the unit was last heard from (spec: assets.getOnlineStatus), refreshed every half minute. */
export function useOnlineStatus(assetId: number) {
  return useQuery({
    queryKey: ['onlineStatus', assetId],
    queryFn: async ({ signal }) => {
      const [status] = await apiCall(contract.assetsGetOnlineStatus, { body: [assetId], signal });
      return status ?? null;
    },
    refetchInterval: 30_000,
  });
}
