import { describe, expect, it } from 'vitest';
import {
  SALES_PRICE_BLOCKER_MESSAGE,
  laborCodeBlocker,
  laborHoursByCode,
  missingItemBlocker,
  roundCents,
  salesOrderBlockers,
  salesOrderExternalId,
  salesOrderLines,
  salesOrderTotal,
} from './salesOrderLines.ts';

const part = { type: 'PART', itemId: 'PRT-10234', displayName: 'Fan motor', quantity: 2, salesPrice: 149.99 };
const service = {
  type: 'SERVICE',
  itemId: 'SVC-COIL',
  displayName: 'Coil cleaning',
  quantity: 1,
  salesPrice: 80,
};
const rates = new Map([
  ['LABOR-FIELD', 95],
  ['LABOR-TRAVEL', 45.5],
]);

describe('salesOrderLines', () => {
  it('bills consumables at their sales price and quantity, then hours per labor code at its item rate', () => {
    const lines = salesOrderLines({
      consumables: [part, service],
      labor: [
        { laborCodeKey: 'other', minutes: 90 },
        { laborCodeKey: 'travel', minutes: 30 },
        { laborCodeKey: 'other', minutes: 30 },
      ],
      laborRates: rates,
      partsFree: false,
    });
    expect(lines).toEqual([
      {
        kind: 'PART',
        itemId: 'PRT-10234',
        description: 'Fan motor',
        quantity: 2,
        rate: 149.99,
        amount: 299.98,
      },
      {
        kind: 'SERVICE',
        itemId: 'SVC-COIL',
        description: 'Coil cleaning',
        quantity: 1,
        rate: 80,
        amount: 80,
      },
      {
        kind: 'LABOR',
        itemId: 'LABOR-FIELD',
        description: 'Field labor (hours)',
        quantity: 2,
        rate: 95,
        amount: 190,
      },
      {
        kind: 'LABOR',
        itemId: 'LABOR-TRAVEL',
        description: 'Travel (hours)',
        quantity: 0.5,
        rate: 45.5,
        amount: 22.75,
      },
    ]);
    expect(salesOrderTotal(lines)).toBe(592.73);
  });

  it('charges a part at no charge 0 when the ticket is covered, services still at their price', () => {
    const lines = salesOrderLines({
      consumables: [part, service],
      labor: [],
      laborRates: rates,
      partsFree: true,
    });
    expect(lines.map((each) => [each.itemId, each.amount])).toEqual([
      ['PRT-10234', 0],
      ['SVC-COIL', 80],
    ]);
  });

  it('leaves out consumables without an item and labor codes without a service item', () => {
    const lines = salesOrderLines({
      consumables: [{ ...part, itemId: null }],
      labor: [{ laborCodeKey: 'overtime', minutes: 60 }],
      laborRates: rates,
      partsFree: false,
    });
    expect(lines).toEqual([]);
    expect(salesOrderTotal(lines)).toBe(0);
  });

  it('rounds a third of an hour to cents', () => {
    const [labor] = salesOrderLines({
      consumables: [],
      labor: [{ laborCodeKey: 'other', minutes: 20 }],
      laborRates: rates,
      partsFree: false,
    });
    expect(labor).toMatchObject({ quantity: 0.33, amount: 31.35 });
  });
});

describe('salesOrderBlockers', () => {
  it("names the spec's sales price blocker once for null or 0 prices", () => {
    const blockers = salesOrderBlockers(
      [
        { ...part, salesPrice: null },
        { ...service, salesPrice: 0 },
      ],
      [],
      false,
    );
    expect(blockers).toEqual([SALES_PRICE_BLOCKER_MESSAGE]);
    expect(SALES_PRICE_BLOCKER_MESSAGE).toBe(
      'Sales Price is not properly set, it must be a valid positive value.',
    );
  });

  it('does not block on a part at no charge, but still on an unpriced service', () => {
    expect(salesOrderBlockers([{ ...part, salesPrice: 0 }], [], true)).toEqual([]);
    expect(salesOrderBlockers([{ ...service, salesPrice: null }], [], true)).toEqual([
      SALES_PRICE_BLOCKER_MESSAGE,
    ]);
  });

  it('blocks a consumable without an item and hours of a code without a service item', () => {
    expect(
      salesOrderBlockers([{ ...part, itemId: ' ' }], [{ laborCodeKey: 'overtime', minutes: 15 }], false),
    ).toEqual([missingItemBlocker('Fan motor'), laborCodeBlocker('overtime')]);
    expect(salesOrderBlockers([part, service], [{ laborCodeKey: 'travel', minutes: 15 }], false)).toEqual([]);
  });
});

describe('helpers', () => {
  it('derives the external id from the ticket', () => {
    expect(salesOrderExternalId(42)).toBe('kelvin-ticket-42');
  });

  it('sums minutes per code and drops codes with none', () => {
    expect(
      laborHoursByCode([
        { laborCodeKey: 'travel', minutes: 10 },
        { laborCodeKey: 'other', minutes: 0 },
        { laborCodeKey: 'travel', minutes: 5 },
      ]),
    ).toEqual([{ laborCodeKey: 'travel', minutes: 15 }]);
  });

  it('rounds to cents without binary noise', () => {
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
    expect(roundCents(1.005)).toBe(1.01);
  });
});
