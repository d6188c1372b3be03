import { useMutation, useQuery } from '@tanstack/react-query';
import { type BodyInput, type TicketConsumable } from '@kelvin/contract';
import { contract } from '../../../shared/api/endpoints.ts';
import { apiCall } from '../../../shared/api/index.ts';
import { useTicketWriteEffects } from '../comments/ticketWriteEffects.ts';
import { ticketKeys } from '../ticketKeys.ts';

/** Spec (sections 4, 5 and 8): the accounting blocker's words. */
export const SALES_PRICE_BLOCKER = 'Sales Price is not properly set, it must be a valid positive value.';

/** Spec: a ticket is blocked when any consumable's sales price is null or 0. */
export function hasPriceBlocker(consumables: readonly Pick<TicketConsumable, 'salesPrice'>[]): boolean {
  return consumables.some((item) => item.salesPrice === null || item.salesPrice === 0);
}

export function useTicketConsumables(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.consumables(ticketId),
    queryFn: ({ signal }) =>
      apiCall(contract.ticketsConsumablesList, { body: { ticketIds: [ticketId] }, signal }),
  });
}

export type ConsumableFields = Omit<BodyInput<typeof contract.ticketsConsumablesCreate>, 'ticketId'>;

/** Adds (no id) or changes (with its id) a part or service. */
export function useSaveConsumable(ticketId: number) {
  const effects = useTicketWriteEffects(ticketId, ticketKeys.consumables(ticketId));
  return useMutation({
    mutationFn: ({
      ticketConsumableId,
      fields,
    }: {
      ticketConsumableId?: number;
      fields: ConsumableFields;
    }) =>
      ticketConsumableId === undefined
        ? apiCall(contract.ticketsConsumablesCreate, { body: { ...fields, ticketId } })
        : apiCall(contract.ticketsConsumablesUpdate, { body: { ...fields, ticketConsumableId } }),
    onSuccess: effects,
  });
}

export function useDeleteConsumable(ticketId: number) {
  const effects = useTicketWriteEffects(ticketId, ticketKeys.consumables(ticketId));
  return useMutation({
    mutationFn: (ticketConsumableId: number) =>
      apiCall(contract.ticketsConsumablesDelete, { body: { ticketConsumableId } }),
    onSuccess: effects,
  });
}
