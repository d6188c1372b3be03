import type { BillingState, Ticket } from '@kelvin/contract';

/** ticketState as a user reads it. */
export const TICKET_STATE_LABELS: Readonly<Record<Ticket['ticketState'], string>> = {
  OPEN: 'Open',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
};

/** Spec (Accounting) billing states as a user reads them. */
export const BILLING_STATE_LABELS: Readonly<Record<BillingState, string>> = {
  NOT_BILLABLE: 'Not billable',
  PENDING_SALES_ORDER: 'Pending sales order',
  SALES_ORDER_CREATED: 'Sales order created',
  SALES_ORDER_CLOSED: 'Sales order closed',
};
