import { useQueryClient } from '@tanstack/react-query';
import { ticketKeys } from '../ticketKeys.ts';

/**
 * What a write to a ticket's comments, files or consumables changes besides its own list: the ticket (its
 * updatedAt and accounting blockers), its history and the lists (sorted by last update, searched by comments).
 */
export function useTicketWriteEffects(ticketId: number, ownKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ownKey }),
      queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) }),
      queryClient.invalidateQueries({ queryKey: ticketKeys.history(ticketId) }),
      queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
    ]);
}
