import type { Ticket } from '@kelvin/contract';

/** Parts and services (consumables) of a ticket, shown on its details page. Placeholder while built (issue 13). */
export function TicketConsumablesPanel({ ticket }: { ticket: Ticket }) {
  return <div data-ticket-id={ticket.ticketId} />;
}
