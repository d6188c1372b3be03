import { describe, expect, it } from 'vitest';
import { coverageKindLabels, coverageOn, ticketCoverageAtCreation } from './coverageOn.ts';

const contract = (contractId: number, startDate: string, endDate: string) => ({
  contractId,
  label: `C${contractId}`,
  startDate,
  endDate,
  coversParts: true,
});
const warranty = (warrantyId: number, startDate: string, endDate: string, timeZoneId = 'UTC') => ({
  warrantyId,
  label: `W${warrantyId}`,
  startDate,
  endDate,
  timeZoneId,
});

describe('coverageOn', () => {
  it('answers the contracts and warranties active that day, both ends included, ordered by id', () => {
    const contracts = [
      contract(3, '2025-01-01', '2025-12-31'),
      contract(1, '2025-06-01', '2025-06-30'),
      contract(2, '2024-01-01', '2024-12-31'),
    ];
    const warranties = [warranty(5, '2025-06-30', '2027-06-30')];
    const onLastDay = coverageOn(Date.parse('2025-06-30T12:00:00Z'), contracts, warranties);
    expect(onLastDay.contracts.map((c) => c.contractId)).toEqual([1, 3]);
    expect(onLastDay.warranties.map((w) => w.warrantyId)).toEqual([5]);
    expect(onLastDay.label).toBe('Contract');
    const dayAfter = coverageOn(Date.parse('2025-07-01T00:00:00Z'), contracts, warranties);
    expect(dayAfter.contracts.map((c) => c.contractId)).toEqual([3]);
  });

  it('says Warranty when only a warranty covers, and No Coverage when nothing does', () => {
    const warranties = [warranty(1, '2025-01-01', '2025-01-31')];
    expect(coverageOn(Date.parse('2025-01-15T00:00:00Z'), [], warranties).label).toBe('Warranty');
    const none = coverageOn(Date.parse('2025-02-15T00:00:00Z'), [], warranties);
    expect(none).toEqual({ contracts: [], warranties: [], label: 'No Coverage' });
    expect(coverageKindLabels(none)).toEqual({ contract: 'No Contract', warranty: 'No Warranty' });
  });

  it("reads a warranty's day in its own zone", () => {
    // 22:00 UTC on 31 January is already 1 February in Tokyo: a Tokyo warranty from 1 February covers it.
    const at = Date.parse('2025-01-31T22:00:00Z');
    expect(coverageOn(at, [], [warranty(1, '2025-02-01', '2026-02-01', 'Asia/Tokyo')]).label).toBe(
      'Warranty',
    );
    expect(coverageOn(at, [], [warranty(1, '2025-02-01', '2026-02-01', 'UTC')]).label).toBe('No Coverage');
  });
});

describe('ticketCoverageAtCreation', () => {
  const covered = { contracts: [{ contractId: 7 }], warranties: [{ warrantyId: 4 }] };
  const byWarranty = { contracts: [], warranties: [{ warrantyId: 2 }] };
  const bare = { contracts: [], warranties: [] };

  it('covers a ticket whose every asset is covered, recording the first contract and warranty', () => {
    expect(ticketCoverageAtCreation([covered, byWarranty])).toEqual({
      isCovered: true,
      coveredByContractId: 7,
      coveredByWarrantyId: 2,
    });
  });

  it('does not cover a ticket with an uncovered asset, nor one without assets', () => {
    const none = { isCovered: false, coveredByContractId: null, coveredByWarrantyId: null };
    expect(ticketCoverageAtCreation([covered, bare])).toEqual(none);
    expect(ticketCoverageAtCreation([])).toEqual(none);
  });
});
