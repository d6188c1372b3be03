import type { Ticket } from '@kelvin/contract';
import { billingReason, type TicketBillingCoverage } from '@kelvin/domain';

/**
 * The contract and warranty a ticket recorded as covering it, named from its assets' coverage on its date (a
 * contract no longer listed there, deleted or changed since, is named by its id and taken as not covering parts).
 */
export function ticketBillingCoverage(
  ticket: Pick<Ticket, 'coveredByContractId' | 'coveredByWarrantyId' | 'assets'>,
): TicketBillingCoverage {
  const contracts = ticket.assets.flatMap((asset) => asset.activeCoverage.contracts);
  const warranties = ticket.assets.flatMap((asset) => asset.activeCoverage.warranties);
  const contractId = ticket.coveredByContractId;
  const warrantyId = ticket.coveredByWarrantyId;
  return {
    coveredByContract:
      contractId === null
        ? null
        : (contracts.find((contract) => contract.contractId === contractId) ?? {
            contractId,
            label: `Contract ${contractId}`,
            coversParts: false,
          }),
    coveredByWarranty:
      warrantyId === null
        ? null
        : (warranties.find((warranty) => warranty.warrantyId === warrantyId) ?? {
            warrantyId,
            label: `Warranty ${warrantyId}`,
          }),
  };
}

/** Why the ticket is or is not billable, as the billing card (and the orders page) say it. */
export function ticketBillingReason(
  ticket: Pick<
    Ticket,
    'coveredByContractId' | 'coveredByWarrantyId' | 'assets' | 'isBillable' | 'netSuiteBillingState'
  >,
): string {
  return billingReason(ticket, ticketBillingCoverage(ticket));
}
