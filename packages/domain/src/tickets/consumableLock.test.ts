import { describe, expect, it } from 'vitest';
import { consumableLockForCustomer } from './consumableLock.ts';

describe('consumableLockForCustomer', () => {
  it('leaves an unpriced part to the customer until the sales order exists', () => {
    for (const state of ['NOT_BILLABLE', 'PENDING_SALES_ORDER']) {
      expect(consumableLockForCustomer({ salesPrice: null }, { netSuiteBillingState: state })).toBeNull();
    }
  });

  it('locks a priced part, a price of 0 included (the provider set it)', () => {
    for (const salesPrice of [12.5, 0]) {
      expect(consumableLockForCustomer({ salesPrice }, { netSuiteBillingState: 'PENDING_SALES_ORDER' })).toBe(
        'priced',
      );
    }
  });

  it('locks every part once the ticket is past PENDING_SALES_ORDER', () => {
    for (const state of ['SALES_ORDER_CREATED', 'SALES_ORDER_CLOSED']) {
      expect(consumableLockForCustomer({ salesPrice: null }, { netSuiteBillingState: state })).toBe('billed');
      expect(consumableLockForCustomer({ salesPrice: 40 }, { netSuiteBillingState: state })).toBe('billed');
    }
  });
});
