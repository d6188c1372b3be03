import { describe, expect, it } from 'vitest';
import { billingStateAfterAction, salesOrderActionsFor } from './billingTransitions.ts';

describe('billingStateAfterAction', () => {
  it('moves pending → created → closed, and created back to pending on delete', () => {
    expect(billingStateAfterAction('PENDING_SALES_ORDER', 'create')).toEqual({
      ok: true,
      next: 'SALES_ORDER_CREATED',
    });
    expect(billingStateAfterAction('SALES_ORDER_CREATED', 'close')).toEqual({
      ok: true,
      next: 'SALES_ORDER_CLOSED',
    });
    expect(billingStateAfterAction('SALES_ORDER_CREATED', 'delete')).toEqual({
      ok: true,
      next: 'PENDING_SALES_ORDER',
    });
  });

  it('refuses every other transition, naming the current state', () => {
    expect(billingStateAfterAction('NOT_BILLABLE', 'create')).toEqual({
      ok: false,
      message: 'Only a ticket pending a sales order can get one: this one is NOT_BILLABLE.',
    });
    expect(billingStateAfterAction('SALES_ORDER_CREATED', 'create').ok).toBe(false);
    expect(billingStateAfterAction('SALES_ORDER_CLOSED', 'delete').ok).toBe(false);
    expect(billingStateAfterAction('SALES_ORDER_CLOSED', 'close').ok).toBe(false);
    expect(billingStateAfterAction('PENDING_SALES_ORDER', 'close').ok).toBe(false);
  });

  it('offers the actions the state allows', () => {
    expect(salesOrderActionsFor('PENDING_SALES_ORDER')).toEqual(['create']);
    expect(salesOrderActionsFor('SALES_ORDER_CREATED')).toEqual(['delete', 'close']);
    expect(salesOrderActionsFor('SALES_ORDER_CLOSED')).toEqual([]);
  });
});
