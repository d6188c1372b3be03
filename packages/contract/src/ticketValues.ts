/**
 * The tickets' constants and value lists, without schemas: the browser imports these, and a module that builds zod
 * schemas at its top level would bring zod into every screen that reads one constant.
 */
/** Spec (work management, section 9): the tickets list's page size. */
export const TICKET_PAGE_SIZE = 25;
export const TICKET_TITLE_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 20_000;
export const TICKET_TEXT_FIELD_MAX = 100;

export const ticketVisibilities = ['INTERNAL', 'EXTERNAL'] as const;

/** Spec (section 4): ticketState follows the status. */
export const ticketStates = ['OPEN', 'RESOLVED', 'CLOSED'] as const;
export type TicketState = (typeof ticketStates)[number];

/** Spec (Accounting): billing states, in the order of the billing flow. */
export const billingStates = [
  'NOT_BILLABLE',
  'PENDING_SALES_ORDER',
  'SALES_ORDER_CREATED',
  'SALES_ORDER_CLOSED',
] as const;

/** Spec: coverage labels. */
export const coverageLabels = ['Contract', 'Warranty', 'No Contract', 'No Warranty', 'No Coverage'] as const;
export type CoverageLabel = (typeof coverageLabels)[number];

/** Spec (section 3, Other): the list's default statuses: new, inProgress, onHold, needsDispatch, scheduled, resolved. */
export const DEFAULT_TICKET_STATUS_VALUES = [0, 2, 3, 4, 5, 7] as const;
/** Spec: the active statuses (new, inProgress, onHold, needsDispatch, scheduled). */
export const ACTIVE_TICKET_STATUS_VALUES = [0, 2, 3, 4, 5] as const;

/** Spec: sort by snake-cased column. */
export const ticketSortProperties = [
  'ticket_id',
  'title',
  'company_name',
  'status',
  'priority',
  'severity',
  'type',
  'created_at',
  'updated_at',
  'closed_at',
] as const;

export const ticketGroupings = ['company', 'asset', 'priority', 'owner', 'status'] as const;
export type TicketGrouping = (typeof ticketGroupings)[number];
