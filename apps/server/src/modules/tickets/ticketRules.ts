import type { BillingState, TicketState } from '@kelvin/contract';

/** ticketStatus values (core enum 4) that end a ticket's work. */
export const STATUS_RESOLVED = 7;
export const STATUS_CLOSED = 11;
/** ticketUserRelationType values (core enum 5). */
export const RELATION_REQUESTER = 0;
export const RELATION_OWNER = 1;
export const RELATION_WORKER = 2;

/** Spec (section 4): ticketState follows the status: resolved is RESOLVED, closed is CLOSED, any other OPEN. */
export function ticketStateOf(statusValue: number): TicketState {
  if (statusValue === STATUS_CLOSED) return 'CLOSED';
  if (statusValue === STATUS_RESOLVED) return 'RESOLVED';
  return 'OPEN';
}

/**
 * closedAt is set when a ticket becomes CLOSED and cleared when it leaves CLOSED (reopened, or back to resolved):
 * it always says when the current closure began. Moving between two closed statuses keeps it.
 */
export function closedAtAfter(
  before: { ticketState: string; closedAt: Date | null },
  nextState: TicketState,
  now: Date,
): Date | null {
  if (nextState !== 'CLOSED') return null;
  return before.ticketState === 'CLOSED' && before.closedAt ? before.closedAt : now;
}

/**
 * Billing follows isBillable while no sales order exists: billable tickets wait for one (PENDING_SALES_ORDER),
 * others are NOT_BILLABLE. Once a sales order is created or closed, the flag no longer moves the state back.
 */
export function billingStateAfter(current: BillingState, isBillable: boolean): BillingState {
  if (current === 'SALES_ORDER_CREATED' || current === 'SALES_ORDER_CLOSED') return current;
  return isBillable ? 'PENDING_SALES_ORDER' : 'NOT_BILLABLE';
}

/** Spec: the accounting blocker shown while any consumable has no positive sales price. */
export const SALES_PRICE_BLOCKER = 'Sales Price is not properly set, it must be a valid positive value.';
