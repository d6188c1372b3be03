import { blocksSalesOrder, chargedSalesPrice } from '../coverage/billingCoverage.ts';

/**
 * A ticket's sales order as lines (issue 24, item 3): its parts and services at their sales prices and quantities,
 * and its time entries grouped by labor code, each code billed at its NetSuite service item's rate. The server
 * builds the order it sends from this and the orders page previews the same lines, so both show one total.
 */

/** Spec: the accounting blocker while a consumable's sales price is null or 0. */
export const SALES_PRICE_BLOCKER_MESSAGE =
  'Sales Price is not properly set, it must be a valid positive value.';

/** The NetSuite service item (its itemId) each labor code's hours are billed with. */
export const LABOR_SERVICE_ITEMS: Readonly<Record<string, string>> = {
  other: 'LABOR-FIELD',
  travel: 'LABOR-TRAVEL',
};

export type OrderLineKind = 'PART' | 'SERVICE' | 'LABOR';

export interface OrderLine {
  kind: OrderLineKind;
  /** NetSuite's itemId (e.g. PRT-10234, LABOR-FIELD): resolved to its internal id when the order is sent. */
  itemId: string;
  description: string;
  quantity: number;
  rate: number;
  amount: number;
}

export interface BillableConsumable {
  type: string;
  itemId: string | null;
  displayName: string;
  quantity: number;
  salesPrice: number | null;
}

export interface LaborHours {
  /** The labor code's key (core enum laborCodes: other, travel). */
  laborCodeKey: string;
  minutes: number;
}

/** Rounds money and quantities to cents, away from binary noise (0.1 + 0.2). */
export function roundCents(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** The external id a ticket's order carries in NetSuite: derived from the ticket, so a retry finds the same order. */
export function salesOrderExternalId(ticketId: number): string {
  return `kelvin-ticket-${ticketId}`;
}

/** The service item a labor code is billed with, or null for a code without one. */
export function laborServiceItem(laborCodeKey: string): string | null {
  return Object.hasOwn(LABOR_SERVICE_ITEMS, laborCodeKey)
    ? (LABOR_SERVICE_ITEMS[laborCodeKey] ?? null)
    : null;
}

/** A consumable without a NetSuite item cannot become a line: NetSuite needs the item. */
export function missingItemBlocker(displayName: string): string {
  return `'${displayName}' has no NetSuite item: pick it from the Global Consumables.`;
}

/** A labor code whose hours have no service item to be billed with. */
export function laborCodeBlocker(laborCodeKey: string): string {
  return `Labor code '${laborCodeKey}' has no NetSuite service item to bill its hours with.`;
}

/**
 * Everything that keeps the order from being made, each message once: the spec's sales price blocker first (it is
 * the one the ticket shows), then consumables without an item and labor codes without a service item.
 */
export function salesOrderBlockers(
  consumables: readonly BillableConsumable[],
  labor: readonly LaborHours[],
  partsFree: boolean,
): string[] {
  const blockers = new Set<string>();
  if (consumables.some((consumable) => blocksSalesOrder(consumable, partsFree)))
    blockers.add(SALES_PRICE_BLOCKER_MESSAGE);
  for (const consumable of consumables)
    if (consumable.itemId === null || consumable.itemId.trim() === '')
      blockers.add(missingItemBlocker(consumable.displayName));
  for (const entry of labor)
    if (entry.minutes > 0 && laborServiceItem(entry.laborCodeKey) === null)
      blockers.add(laborCodeBlocker(entry.laborCodeKey));
  return [...blockers];
}

/** Minutes per labor code, summed, in the order codes first appear; codes with no time are left out. */
export function laborHoursByCode(entries: readonly LaborHours[]): LaborHours[] {
  const byCode = new Map<string, number>();
  for (const entry of entries)
    byCode.set(entry.laborCodeKey, (byCode.get(entry.laborCodeKey) ?? 0) + entry.minutes);
  return [...byCode]
    .filter(([, minutes]) => minutes > 0)
    .map(([laborCodeKey, minutes]) => ({ laborCodeKey, minutes }));
}

function line(
  kind: OrderLineKind,
  itemId: string,
  description: string,
  quantity: number,
  rate: number,
): OrderLine {
  return { kind, itemId, description, quantity, rate, amount: roundCents(quantity * rate) };
}

const LABOR_NAMES: Readonly<Record<string, string>> = { other: 'Field labor', travel: 'Travel' };

/**
 * The order's lines: each consumable with an item at its charged price (0 for a part at no charge, see
 * billingCoverage), then one line per labor code with its hours (minutes / 60, to cents) at the rate of its service
 * item (`laborRates`: itemId → basePrice from NetSuite; a missing rate is 0, which the preview shows). Consumables
 * and codes that are blockers (no item) are left out: the order cannot be sent while they exist.
 */
export function salesOrderLines(input: {
  consumables: readonly BillableConsumable[];
  labor: readonly LaborHours[];
  laborRates: ReadonlyMap<string, number>;
  partsFree: boolean;
}): OrderLine[] {
  const lines: OrderLine[] = [];
  for (const consumable of input.consumables) {
    if (consumable.itemId === null || consumable.itemId.trim() === '') continue;
    const kind: OrderLineKind = consumable.type === 'PART' ? 'PART' : 'SERVICE';
    const rate = chargedSalesPrice(consumable, input.partsFree) ?? 0;
    lines.push(line(kind, consumable.itemId, consumable.displayName, consumable.quantity, rate));
  }
  for (const entry of laborHoursByCode(input.labor)) {
    const itemId = laborServiceItem(entry.laborCodeKey);
    if (itemId === null) continue;
    const hours = roundCents(entry.minutes / 60);
    const name = LABOR_NAMES[entry.laborCodeKey] ?? entry.laborCodeKey;
    lines.push(line('LABOR', itemId, `${name} (hours)`, hours, input.laborRates.get(itemId) ?? 0));
  }
  return lines;
}

/** The order's total: the sum of its line amounts, to cents. */
export function salesOrderTotal(lines: readonly Pick<OrderLine, 'amount'>[]): number {
  return roundCents(lines.reduce((sum, each) => sum + each.amount, 0));
}
