import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

export const webhooksKey = ['webhooks'] as const;
export const DELIVERIES_PAGE_SIZE = 10;

export function useWebhooks(companyId: number | undefined) {
  return useQuery({
    queryKey: [...webhooksKey, 'list', companyId],
    queryFn: ({ signal }) => apiCall(contract.webhooksList, { body: { companyId: companyId ?? 0 }, signal }),
    enabled: companyId !== undefined,
  });
}

export function useWebhookDeliveries(webhookId: number | undefined, pageNumber: number) {
  return useQuery({
    queryKey: [...webhooksKey, 'deliveries', webhookId, pageNumber],
    queryFn: ({ signal }) =>
      apiCall(contract.webhookDeliveriesList, {
        body: {
          webhookId: webhookId ?? 0,
          pageableQuery: { type: 'PAGED', pageSize: DELIVERIES_PAGE_SIZE, pageNumber, sort: [] },
        },
        signal,
      }),
    enabled: webhookId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Every webhook write changes the lists and, for a test, the deliveries. */
function useWebhookMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: BodyInput<typeof contract.webhooksCreate>) =>
    apiCall(contract.webhooksCreate, { body }),
  );
export const useUpdateWebhook = () =>
  useWebhookMutation((body: BodyInput<typeof contract.webhooksUpdate>) =>
    apiCall(contract.webhooksUpdate, { body }),
  );
export const useDeleteWebhook = () =>
  useWebhookMutation((webhookId: number) => apiCall(contract.webhooksDelete, { body: { webhookId } }));
export const useTestWebhook = () =>
  useWebhookMutation((webhookId: number) => apiCall(contract.webhooksTest, { body: { webhookId } }));
