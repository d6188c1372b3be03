import type { Ticket } from '@kelvin/contract';

/** Attachments of a ticket, shown on its details page. Placeholder while built (issue 13). */
export function TicketAttachmentsPanel({ ticket }: { ticket: Ticket }) {
  return <div data-ticket-id={ticket.ticketId} />;
}
