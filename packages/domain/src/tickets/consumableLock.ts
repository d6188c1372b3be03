/**
 * Why a customer (an external user) may no longer change or remove a part or service of a ticket, or null when
 * they still may. Both the server (which refuses) and the console (which hides the actions) read this one rule.
 *
 * - 'priced': the provider has set its sales price; the quantity and the line are what the provider bills, so a
 *   customer changing or deleting it would change or wipe the billed amount.
 * - 'billed': the ticket is past PENDING_SALES_ORDER in the billing flow (spec, Accounting: pending sales order,
 *   then sales order created, then closed): the sales order exists, its lines are the provider's record.
 */
export type ConsumableLock = 'priced' | 'billed';

/** Billing states after PENDING_SALES_ORDER: a sales order has been created (and possibly closed). */
const BILLED_STATES: ReadonlySet<string> = new Set(['SALES_ORDER_CREATED', 'SALES_ORDER_CLOSED']);

export function consumableLockForCustomer(
  consumable: { salesPrice: number | null },
  ticket: { netSuiteBillingState: string },
): ConsumableLock | null {
  if (BILLED_STATES.has(ticket.netSuiteBillingState)) return 'billed';
  if (consumable.salesPrice !== null) return 'priced';
  return null;
}

/** The console's explanation beside a disabled action, by the lock. */
export const CONSUMABLE_LOCK_REASON: Record<ConsumableLock, string> = {
  priced: "The provider has priced this part or service: only the provider's staff change or remove it.",
  billed:
    "The ticket's sales order is created: only the provider's staff change or remove its parts and services.",
};
