import type { Ticket } from '@kelvin/contract';

/** Time entries of a ticket, shown on its details page. Placeholder while built (issue 13). */
export function TicketTimeEntriesPanel({ ticket }: { ticket: Ticket }) {
  return <div data-ticket-id={ticket.ticketId} />;
}
