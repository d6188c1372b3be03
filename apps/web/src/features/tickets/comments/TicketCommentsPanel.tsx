import type { Ticket } from '@kelvin/contract';

/** Comments (with their attachments) of a ticket, shown on its details page. Placeholder while built (issue 13). */
export function TicketCommentsPanel({ ticket }: { ticket: Ticket }) {
  return <div data-ticket-id={ticket.ticketId} />;
}
