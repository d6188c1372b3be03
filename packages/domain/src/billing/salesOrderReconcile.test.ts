import { describe, expect, it } from 'vitest';
import { reconcileSalesOrder } from './salesOrderReconcile.ts';

const sent = {
  total: 380,
  lines: [
    { itemInternalId: '11', quantity: 2, rate: 150 },
    { itemInternalId: '90', quantity: 1, rate: 80 },
  ],
};

describe('reconcileSalesOrder', () => {
  it('is OK when the order holds the same lines in any order and the same total', () => {
    expect(reconcileSalesOrder(sent, { total: 380, lines: [...sent.lines].reverse() })).toEqual({
      state: 'OK',
      detail: null,
    });
  });

  it('is MISSING when NetSuite no longer has the order', () => {
    expect(reconcileSalesOrder(sent, null).state).toBe('MISSING');
  });

  it('is CHANGED with the total and the lines that differ', () => {
    const verdict = reconcileSalesOrder(sent, {
      total: 530,
      lines: [
        { itemInternalId: '11', quantity: 3, rate: 150 },
        { itemInternalId: '90', quantity: 1, rate: 80 },
      ],
    });
    expect(verdict).toEqual({
      state: 'CHANGED',
      detail:
        'The sales order changed in NetSuite: total 380.00 became 530.00; lines gone or changed: 11 × 2 @ 150.00; ' +
        'lines added or changed: 11 × 3 @ 150.00.',
    });
  });

  it('counts a doubled line as a change', () => {
    const doubled = { total: 380, lines: [...sent.lines, { itemInternalId: '90', quantity: 1, rate: 80 }] };
    expect(reconcileSalesOrder(sent, doubled).state).toBe('CHANGED');
  });
});
