import { recordEvent } from '../modules/events/recordEvent.ts';
import type { Tx } from '../platform/db/database.ts';
import { ticketConsumables } from '../platform/db/ticketsSchema.ts';

interface DemoItem {
  type: 'PART' | 'SERVICE';
  itemId: string | null;
  displayName: string;
  quantity: number;
  salesPrice: number | null;
}

/**
 * Parts and services a cooling technician bills, from the NetSuite sandbox's catalogue (item ids and base prices of
 * modules/netsuiteSandbox/sandboxSeedCatalogue.ts), so that a demo ticket's sales order can be made; one part and
 * one service have no price yet (the accounting blocker).
 */
const CATALOGUE: readonly DemoItem[] = [
  {
    type: 'PART',
    itemId: 'PRT-10049',
    displayName: 'Panel filter G4 592x592x48',
    quantity: 6,
    salesPrice: 34,
  },
  {
    type: 'SERVICE',
    itemId: 'SVC-CALLOUT',
    displayName: 'Emergency call-out fee',
    quantity: 1,
    salesPrice: 180,
  },
  { type: 'PART', itemId: 'PRT-10058', displayName: 'Drive belt SPA 1250', quantity: 2, salesPrice: 32 },
  {
    type: 'SERVICE',
    itemId: 'SVC-COIL-CLEAN',
    displayName: 'Coil cleaning, per unit',
    quantity: 1,
    salesPrice: 210,
  },
  {
    type: 'PART',
    itemId: 'PRT-10059',
    displayName: 'Contactor 25 A 3-pole',
    quantity: 1,
    salesPrice: null,
  },
  {
    type: 'PART',
    itemId: 'PRT-10047',
    displayName: 'NTC temperature probe',
    quantity: 1,
    salesPrice: 29,
  },
  {
    type: 'SERVICE',
    itemId: 'SVC-REFRIG-RECOVERY',
    displayName: 'Refrigerant recovery and disposal',
    quantity: 1,
    salesPrice: 0,
  },
  { type: 'PART', itemId: 'PRT-10020', displayName: 'Filter drier DML 164', quantity: 2, salesPrice: 39 },
];

export interface DemoTicketForConsumables {
  ticketId: number;
  companyId: number;
}

/**
 * Consumables for the demo tickets, so that the details page shows parts and services with prices and some
 * tickets show the accounting blocker: every ticket but each third gets one to three items from the catalogue in
 * turn (deterministic, so screenshots repeat). Call it inside the tickets seed's transaction after the tickets
 * exist, with the technician who adds them; each is audited like one added by hand.
 */
export async function seedTicketConsumables(
  tx: Tx,
  demoTickets: readonly DemoTicketForConsumables[],
  technicianUserId: number,
): Promise<number> {
  let added = 0;
  for (const [index, ticket] of demoTickets.entries()) {
    if (index % 3 === 2) continue;
    const count = (index % 3) + 1 + (index % 2);
    for (let k = 0; k < count; k += 1) {
      const item = CATALOGUE[(index * 2 + k) % CATALOGUE.length];
      if (!item) continue;
      const [row] = await tx
        .insert(ticketConsumables)
        .values({ ticketId: ticket.ticketId, ...item, createdBy: technicianUserId })
        .returning({ ticketConsumableId: ticketConsumables.ticketConsumableId });
      if (!row) continue;
      await recordEvent(tx, {
        name: 'tickets.consumables.create',
        actorUserId: technicianUserId,
        companyId: ticket.companyId,
        subjectType: 'ticket',
        subjectId: ticket.ticketId,
        data: { ticketConsumableId: row.ticketConsumableId, ...item },
      });
      added += 1;
    }
  }
  return added;
}
