import { calendarDateIn, isDateWithin } from './coverageDates.ts';

/**
 * Contracts have no zone of their own: their dates are read in UTC, the zone the server and the API use for
 * dates without one. Warranties carry their zone (timeZoneId) and are read in it.
 */
export const CONTRACT_TIME_ZONE = 'UTC';

export interface CoverageContract {
  contractId: number;
  label: string;
  startDate: string;
  endDate: string;
  /** Whether its parts are at no charge as well as its labour. */
  coversParts: boolean;
}

export interface CoverageWarranty {
  warrantyId: number;
  label: string;
  startDate: string;
  endDate: string;
  timeZoneId: string;
}

/** Spec coverage labels: 'Contract', 'Warranty', 'No Contract', 'No Warranty', 'No Coverage'. */
export type CoverageLabelText = 'Contract' | 'Warranty' | 'No Contract' | 'No Warranty' | 'No Coverage';

export interface Coverage<C extends CoverageContract, W extends CoverageWarranty> {
  contracts: C[];
  warranties: W[];
  /** 'Contract' when a contract covers (it decides billing), else 'Warranty', else 'No Coverage'. */
  label: CoverageLabelText;
}

/**
 * What covers an asset at a moment: the contracts and warranties (of those given, the asset's own) active that day,
 * start and end days included. A contract's day is the moment's UTC date; a warranty's, the date in its own zone.
 * Ordered by id so that the first of each is the one a ticket records.
 */
export function coverageOn<C extends CoverageContract, W extends CoverageWarranty>(
  at: Date | number,
  contracts: readonly C[],
  warranties: readonly W[],
): Coverage<C, W> {
  const contractDay = calendarDateIn(at, CONTRACT_TIME_ZONE);
  const active = {
    contracts: contracts
      .filter((contract) => isDateWithin(contractDay, contract.startDate, contract.endDate))
      .sort((a, b) => a.contractId - b.contractId),
    warranties: warranties
      .filter((warranty) =>
        isDateWithin(calendarDateIn(at, warranty.timeZoneId), warranty.startDate, warranty.endDate),
      )
      .sort((a, b) => a.warrantyId - b.warrantyId),
  };
  return { ...active, label: coverageLabelOf(active) };
}

export function coverageLabelOf(coverage: {
  contracts: readonly unknown[];
  warranties: readonly unknown[];
}): CoverageLabelText {
  if (coverage.contracts.length > 0) return 'Contract';
  if (coverage.warranties.length > 0) return 'Warranty';
  return 'No Coverage';
}

/** The per-kind labels a screen shows beside an asset: 'Contract' or 'No Contract', 'Warranty' or 'No Warranty'. */
export function coverageKindLabels(coverage: {
  contracts: readonly unknown[];
  warranties: readonly unknown[];
}): {
  contract: 'Contract' | 'No Contract';
  warranty: 'Warranty' | 'No Warranty';
} {
  return {
    contract: coverage.contracts.length > 0 ? 'Contract' : 'No Contract',
    warranty: coverage.warranties.length > 0 ? 'Warranty' : 'No Warranty',
  };
}

/** What a new ticket records of its assets' coverage on its date. */
export interface TicketCoverageAtCreation {
  coveredByContractId: number | null;
  coveredByWarrantyId: number | null;
  /** True when the ticket is covered: it starts not billable. */
  isCovered: boolean;
}

/**
 * A new ticket is covered when it has assets and every one of them is covered on its date by a contract or a
 * warranty: the work is then the provider's to carry, and the ticket starts not billable. A ticket with an
 * uncovered asset (or none) is not covered: part of its work is chargeable. A covered ticket records the first
 * contract covering any of its assets and the first warranty (either may be null).
 */
export function ticketCoverageAtCreation(
  perAsset: readonly {
    contracts: readonly { contractId: number }[];
    warranties: readonly { warrantyId: number }[];
  }[],
): TicketCoverageAtCreation {
  const isCovered =
    perAsset.length > 0 &&
    perAsset.every((asset) => asset.contracts.length > 0 || asset.warranties.length > 0);
  const contractIds = perAsset.flatMap((asset) => asset.contracts.map((contract) => contract.contractId));
  const warrantyIds = perAsset.flatMap((asset) => asset.warranties.map((warranty) => warranty.warrantyId));
  // Ids only on a covered ticket: the orders page reads a set id as "not billable because covered".
  if (!isCovered) return { isCovered, coveredByContractId: null, coveredByWarrantyId: null };
  return {
    isCovered,
    coveredByContractId: contractIds.length > 0 ? Math.min(...contractIds) : null,
    coveredByWarrantyId: warrantyIds.length > 0 ? Math.min(...warrantyIds) : null,
  };
}
