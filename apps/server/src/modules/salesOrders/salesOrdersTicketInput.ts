import { asc, inArray } from 'drizzle-orm';
import { coreEnumKey } from '@kelvin/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { ticketConsumables, timeEntries } from '../../platform/db/ticketsSchema.ts';
import { partsAtNoCharge, type TicketBillingCoverage } from '@kelvin/domain';
import { ticketCoverages } from '../coverage/ticketBilling.ts';
import type { BillableConsumable, LaborHours } from '@kelvin/domain';

/** What a ticket's order is made of: its consumables and its time per labor code, and whether parts are free. */
export interface TicketBillingInput {
  consumables: BillableConsumable[];
  labor: LaborHours[];
  partsFree: boolean;
  coverage: TicketBillingCoverage;
}

/** The consumables and labor of several tickets at once (a tab's page): two queries by ticket id. */
export async function ticketsBillingInputs(
  db: DbOrTx,
  tickets: readonly {
    ticketId: number;
    coveredByContractId: number | null;
    coveredByWarrantyId: number | null;
  }[],
): Promise<Map<number, TicketBillingInput>> {
  const ids = tickets.map((ticket) => ticket.ticketId);
  if (ids.length === 0) return new Map();
  const consumableRows = await db
    .select()
    .from(ticketConsumables)
    .where(inArray(ticketConsumables.ticketId, ids))
    .orderBy(asc(ticketConsumables.ticketId), asc(ticketConsumables.ticketConsumableId));
  const timeRows = await db
    .select({
      ticketId: timeEntries.ticketId,
      laborCodeValue: timeEntries.laborCodeValue,
      minutes: timeEntries.durationMinutes,
    })
    .from(timeEntries)
    .where(inArray(timeEntries.ticketId, ids))
    .orderBy(asc(timeEntries.ticketId), asc(timeEntries.timeEntryId));
  const coverages = await ticketCoverages(db, tickets);
  const inputs = new Map<number, TicketBillingInput>();
  for (const ticket of tickets) {
    const coverage = coverages.get(ticket.ticketId) ?? { coveredByContract: null, coveredByWarranty: null };
    inputs.set(ticket.ticketId, {
      consumables: [],
      labor: [],
      partsFree: partsAtNoCharge(coverage),
      coverage,
    });
  }
  for (const row of consumableRows)
    inputs.get(row.ticketId)?.consumables.push({
      type: row.type,
      itemId: row.itemId,
      displayName: row.displayName,
      quantity: row.quantity,
      salesPrice: row.salesPrice,
    });
  for (const row of timeRows)
    inputs.get(row.ticketId)?.labor.push({
      laborCodeKey: coreEnumKey('laborCodes', row.laborCodeValue) ?? String(row.laborCodeValue),
      minutes: row.minutes,
    });
  return inputs;
}

/** One ticket's billing input. */
export async function ticketBillingInput(
  db: DbOrTx,
  ticket: { ticketId: number; coveredByContractId: number | null; coveredByWarrantyId: number | null },
): Promise<TicketBillingInput> {
  const inputs = await ticketsBillingInputs(db, [ticket]);
  const input = inputs.get(ticket.ticketId);
  if (!input) throw new Error(`no billing input for ticket ${ticket.ticketId}`);
  return input;
}
