/**
 * The billing flow of a ticket's sales order (spec 4, Accounting: pending sales order, then sales order created, then
 * closed; an order can be created, deleted or closed). One table read by the server (which refuses) and the orders
 * page (which offers only the allowed actions).
 */

export type SalesOrderAction = 'create' | 'delete' | 'close';

type State = 'NOT_BILLABLE' | 'PENDING_SALES_ORDER' | 'SALES_ORDER_CREATED' | 'SALES_ORDER_CLOSED';

const TRANSITIONS: Readonly<Record<SalesOrderAction, { from: State; to: State }>> = {
  create: { from: 'PENDING_SALES_ORDER', to: 'SALES_ORDER_CREATED' },
  delete: { from: 'SALES_ORDER_CREATED', to: 'PENDING_SALES_ORDER' },
  close: { from: 'SALES_ORDER_CREATED', to: 'SALES_ORDER_CLOSED' },
};

const ACTIONS: readonly SalesOrderAction[] = ['create', 'delete', 'close'];

const REFUSALS: Readonly<Record<SalesOrderAction, string>> = {
  create: 'Only a ticket pending a sales order can get one',
  delete: 'Only a ticket whose sales order is created (and not closed) can have it deleted',
  close: 'Only a ticket whose sales order is created can have it closed',
};

/** The billing state after the action, or a refusal saying why the ticket's state does not allow it. */
export function billingStateAfterAction(
  current: string,
  action: SalesOrderAction,
): { ok: true; next: State } | { ok: false; message: string } {
  const transition = TRANSITIONS[action];
  if (current === transition.from) return { ok: true, next: transition.to };
  return { ok: false, message: `${REFUSALS[action]}: this one is ${current}.` };
}

/** The actions the orders page offers for a ticket in this billing state. */
export function salesOrderActionsFor(current: string): SalesOrderAction[] {
  return ACTIONS.filter((action) => TRANSITIONS[action].from === current);
}
