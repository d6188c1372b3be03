import { STATUS_CLOSED, STATUS_RESOLVED, ticketStateOf } from '../tickets/ticketRules.ts';

export { ticketStateOf };

/** ticketStatus `scheduled` (core enum 4). */
export const STATUS_SCHEDULED = 5;

/** Which tickets an entry moves to `scheduled`: open, not frozen, not already there. */
export const STATUS_SCHEDULED_CHECK = {
  status: STATUS_SCHEDULED,
  moves: (ticket: { statusValue: number; isFrozen: boolean }) =>
    !ticket.isFrozen &&
    ticket.statusValue !== STATUS_SCHEDULED &&
    ticket.statusValue !== STATUS_RESOLVED &&
    ticket.statusValue !== STATUS_CLOSED,
};
