import type { TicketListFilter } from '@kelvin/contract';

/**
 * Query keys of the tickets area, in one place so that every panel invalidates what its writes change: a
 * comment, attachment, consumable or time entry changes its own list, the ticket (blockers, updatedAt), its
 * history and the lists.
 */
export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (filter: TicketListFilter, view: string, page: number, sort: string) =>
    [...ticketKeys.lists(), filter, view, page, sort] as const,
  detail: (ticketId: number) => [...ticketKeys.all, 'detail', ticketId] as const,
  history: (ticketId: number) => [...ticketKeys.all, 'history', ticketId] as const,
  comments: (ticketId: number) => [...ticketKeys.all, 'comments', ticketId] as const,
  attachments: (ticketId: number) => [...ticketKeys.all, 'attachments', ticketId] as const,
  consumables: (ticketId: number) => [...ticketKeys.all, 'consumables', ticketId] as const,
  timeEntries: (ticketId: number) => [...ticketKeys.all, 'timeEntries', ticketId] as const,
  problems: (ticketId: number) => [...ticketKeys.all, 'problems', ticketId] as const,
};
