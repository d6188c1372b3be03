import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { contracts, warranties } from '../../platform/db/coverageSchema.ts';
import { ticketConsumables } from '../../platform/db/ticketsSchema.ts';
import { SALES_PRICE_BLOCKER } from '../tickets/ticketRules.ts';
import { coverageOfAssets } from './assetCoverage.ts';
import {
  blocksSalesOrder,
  partsAtNoCharge,
  ticketCoverageAtCreation,
  type TicketBillingCoverage,
  type TicketCoverageAtCreation,
} from '@kelvin/domain';

/** The coverage each ticket records (covered_by_*), with the labels the billing reason names: two queries. */
export async function ticketCoverages(
  db: DbOrTx,
  rows: readonly {
    ticketId: number;
    coveredByContractId: number | null;
    coveredByWarrantyId: number | null;
  }[],
): Promise<Map<number, TicketBillingCoverage>> {
  const contractIds = [
    ...new Set(rows.flatMap((row) => (row.coveredByContractId === null ? [] : [row.coveredByContractId]))),
  ];
  const warrantyIds = [
    ...new Set(rows.flatMap((row) => (row.coveredByWarrantyId === null ? [] : [row.coveredByWarrantyId]))),
  ];
  const contractRows =
    contractIds.length === 0
      ? []
      : await db
          .select({
            contractId: contracts.contractId,
            label: contracts.label,
            coversParts: contracts.coversParts,
          })
          .from(contracts)
          .where(inArray(contracts.contractId, contractIds));
  const warrantyRows =
    warrantyIds.length === 0
      ? []
      : await db
          .select({ warrantyId: warranties.warrantyId, label: warranties.label })
          .from(warranties)
          .where(inArray(warranties.warrantyId, warrantyIds));
  const contractById = new Map(contractRows.map((row) => [row.contractId, row]));
  const warrantyById = new Map(warrantyRows.map((row) => [row.warrantyId, row]));
  return new Map(
    rows.map((row) => [
      row.ticketId,
      {
        coveredByContract:
          row.coveredByContractId === null ? null : (contractById.get(row.coveredByContractId) ?? null),
        coveredByWarranty:
          row.coveredByWarrantyId === null ? null : (warrantyById.get(row.coveredByWarrantyId) ?? null),
      },
    ]),
  );
}

/**
 * The contract and warranty a ticket recorded as covering it when it was made (null when none, or when that one has
 * since been deleted: a deleted contract covers nothing).
 */
export async function ticketBillingCoverage(
  db: DbOrTx,
  ticket: { coveredByContractId: number | null; coveredByWarrantyId: number | null },
): Promise<TicketBillingCoverage> {
  const { coveredByContractId, coveredByWarrantyId } = ticket;
  const coverage = await ticketCoverages(db, [{ ticketId: 0, coveredByContractId, coveredByWarrantyId }]);
  return coverage.get(0) ?? { coveredByContract: null, coveredByWarranty: null };
}

/**
 * The ticket's accounting blockers: the sales price blocker while a charged part or service has none (domain
 * blocksSalesOrder: parts of a ticket whose parts are at no charge never block).
 */
export async function ticketBlockers(
  db: DbOrTx,
  ticketId: number,
  coverage: TicketBillingCoverage,
): Promise<string[]> {
  const rows = await db
    .select({ type: ticketConsumables.type, salesPrice: ticketConsumables.salesPrice })
    .from(ticketConsumables)
    .where(eq(ticketConsumables.ticketId, ticketId));
  const partsFree = partsAtNoCharge(coverage);
  return rows.some((row) => blocksSalesOrder(row, partsFree)) ? [SALES_PRICE_BLOCKER] : [];
}

/** What a new ticket on these assets records of their coverage on its date (its creation moment). */
export async function newTicketCoverage(
  db: DbOrTx,
  assetIds: readonly number[],
  at: Date,
): Promise<TicketCoverageAtCreation> {
  const perAsset = await coverageOfAssets(db, assetIds, at);
  return ticketCoverageAtCreation([...perAsset.values()]);
}
