/**
 * How coverage shapes a ticket's billing, read by the server (blockers, new tickets) and the console (the billing
 * card, the orders page), so that both say the same thing.
 *
 * The blocker rule on a covered ticket: a part or service blocks the sales order while its sales price is null or
 * not positive (spec: 'Sales Price is not properly set, it must be a valid positive value.'), except a PART on a
 * ticket whose parts are at no charge: covered by a contract that covers parts, or by a warranty (a warranty
 * replaces the unit's faulty parts). Such a part costs the customer nothing whatever price it carries, so its
 * price 0 (the default it gets) is deliberate and blocks nothing. Services are still charged and still need a
 * price: a covered ticket that the provider marks billable bills them.
 */

export interface CoveringContract {
  contractId: number;
  label: string;
  coversParts: boolean;
}

export interface CoveringWarranty {
  warrantyId: number;
  label: string;
}

export interface TicketBillingCoverage {
  coveredByContract: CoveringContract | null;
  coveredByWarranty: CoveringWarranty | null;
}

/** Whether a ticket's parts are at no charge: covered by a contract covering parts, or by a warranty. */
export function partsAtNoCharge(coverage: TicketBillingCoverage): boolean {
  return coverage.coveredByContract?.coversParts === true || coverage.coveredByWarranty !== null;
}

/** The price a part or service is charged at: 0 for a part at no charge, else its sales price. */
export function chargedSalesPrice(
  consumable: { type: string; salesPrice: number | null },
  partsFree: boolean,
): number | null {
  return partsFree && consumable.type === 'PART' ? 0 : consumable.salesPrice;
}

/** Whether a part or service blocks the sales order (see the rule above). */
export function blocksSalesOrder(
  consumable: { type: string; salesPrice: number | null },
  partsFree: boolean,
): boolean {
  if (partsFree && consumable.type === 'PART') return false;
  return consumable.salesPrice === null || !(consumable.salesPrice > 0);
}

/** The sales price a new part gets when none is given: 0 on a ticket whose parts are at no charge. */
export function defaultSalesPrice(type: string, partsFree: boolean): number | null {
  return partsFree && type === 'PART' ? 0 : null;
}

const contractName = (contract: CoveringContract) =>
  `contract '${contract.label}' (Contract ${contract.contractId})`;
const warrantyName = (warranty: CoveringWarranty) =>
  `warranty '${warranty.label}' (Warranty ${warranty.warrantyId})`;

function coveredBy(coverage: TicketBillingCoverage): string | null {
  const names = [
    coverage.coveredByContract ? contractName(coverage.coveredByContract) : null,
    coverage.coveredByWarranty ? warrantyName(coverage.coveredByWarranty) : null,
  ].filter((name) => name !== null);
  return names.length > 0 ? names.join(' and ') : null;
}

/**
 * Why a ticket is or is not billable, in a sentence (or two: whether its parts are at no charge). The billing
 * card and the orders page show it as it is.
 */
export function billingReason(
  ticket: { isBillable: boolean; netSuiteBillingState: string },
  coverage: TicketBillingCoverage,
): string {
  const covered = coveredBy(coverage);
  const parts = partsAtNoCharge(coverage)
    ? ' Its parts are at no charge.'
    : covered !== null
      ? ' Its parts are charged: the contract does not cover parts.'
      : '';
  if (ticket.netSuiteBillingState === 'SALES_ORDER_CREATED')
    return `Billed: its sales order is created in NetSuite.${parts}`;
  if (ticket.netSuiteBillingState === 'SALES_ORDER_CLOSED')
    return `Billed: its sales order is closed in NetSuite.${parts}`;
  if (covered !== null && !ticket.isBillable)
    return `Not billable: covered by ${covered} on the ticket's date.${parts}`;
  if (covered !== null)
    return `Billable although covered by ${covered}: the provider marked it billable. It waits for a sales order.${parts}`;
  if (ticket.isBillable)
    return "Billable: no contract or warranty covers all its assets on the ticket's date. It waits for a sales order.";
  return 'Not billable: no contract or warranty covers it, and it is not marked billable.';
}
