import { describe, expect, it } from 'vitest';
import {
  billingReason,
  blocksSalesOrder,
  chargedSalesPrice,
  defaultSalesPrice,
  partsAtNoCharge,
} from './billingCoverage.ts';

const contract = { contractId: 3, label: 'Gold care', coversParts: true };
const labourOnly = { ...contract, coversParts: false };
const warranty = { warrantyId: 9, label: 'Factory 2 years' };
const none = { coveredByContract: null, coveredByWarranty: null };

describe('billing under coverage', () => {
  it('puts parts at no charge under a contract covering parts or a warranty, not under a labour-only contract', () => {
    expect(partsAtNoCharge({ coveredByContract: contract, coveredByWarranty: null })).toBe(true);
    expect(partsAtNoCharge({ coveredByContract: null, coveredByWarranty: warranty })).toBe(true);
    expect(partsAtNoCharge({ coveredByContract: labourOnly, coveredByWarranty: null })).toBe(false);
    expect(partsAtNoCharge(none)).toBe(false);
  });

  it('does not block on a part at no charge, and still blocks on an unpriced service', () => {
    expect(blocksSalesOrder({ type: 'PART', salesPrice: 0 }, true)).toBe(false);
    expect(blocksSalesOrder({ type: 'PART', salesPrice: null }, true)).toBe(false);
    expect(blocksSalesOrder({ type: 'SERVICE', salesPrice: 0 }, true)).toBe(true);
    expect(blocksSalesOrder({ type: 'PART', salesPrice: 0 }, false)).toBe(true);
    expect(blocksSalesOrder({ type: 'PART', salesPrice: null }, false)).toBe(true);
    expect(blocksSalesOrder({ type: 'PART', salesPrice: -1 }, false)).toBe(true);
    expect(blocksSalesOrder({ type: 'SERVICE', salesPrice: 12.5 }, false)).toBe(false);
  });

  it('charges a part at no charge 0 whatever its price, and defaults its price to 0', () => {
    expect(chargedSalesPrice({ type: 'PART', salesPrice: 120 }, true)).toBe(0);
    expect(chargedSalesPrice({ type: 'SERVICE', salesPrice: 80 }, true)).toBe(80);
    expect(chargedSalesPrice({ type: 'PART', salesPrice: 120 }, false)).toBe(120);
    expect(defaultSalesPrice('PART', true)).toBe(0);
    expect(defaultSalesPrice('SERVICE', true)).toBeNull();
    expect(defaultSalesPrice('PART', false)).toBeNull();
  });

  it('says why a ticket is or is not billable', () => {
    const pending = { isBillable: true, netSuiteBillingState: 'PENDING_SALES_ORDER' };
    const notBillable = { isBillable: false, netSuiteBillingState: 'NOT_BILLABLE' };
    expect(billingReason(notBillable, { coveredByContract: contract, coveredByWarranty: warranty })).toBe(
      "Not billable: covered by contract 'Gold care' (Contract 3) and warranty 'Factory 2 years' (Warranty 9) on the ticket's date. Its parts are at no charge.",
    );
    expect(billingReason(notBillable, { coveredByContract: labourOnly, coveredByWarranty: null })).toBe(
      "Not billable: covered by contract 'Gold care' (Contract 3) on the ticket's date. Its parts are charged: the contract does not cover parts.",
    );
    expect(billingReason(pending, none)).toBe(
      "Billable: no contract or warranty covers all its assets on the ticket's date. It waits for a sales order.",
    );
    expect(billingReason(notBillable, none)).toBe(
      'Not billable: no contract or warranty covers it, and it is not marked billable.',
    );
    expect(billingReason(pending, { coveredByContract: null, coveredByWarranty: warranty })).toMatch(
      /^Billable although covered by warranty 'Factory 2 years' \(Warranty 9\): the provider marked it billable/,
    );
    expect(billingReason({ isBillable: true, netSuiteBillingState: 'SALES_ORDER_CREATED' }, none)).toBe(
      'Billed: its sales order is created in NetSuite.',
    );
  });
});
