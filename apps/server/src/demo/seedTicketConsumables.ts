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

/** Parts and services a cooling technician bills; one of each kind has no price yet (the accounting blocker). */
const CATALOGUE: readonly DemoItem[] = [
  {
    type: 'PART',
    itemId: 'FLT-24-PL',
    displayName: 'Pleated filter 24x24 MERV 13',
    quantity: 6,
    salesPrice: 38.5,
  },
  { type: 'SERVICE', itemId: 'SVC-CALLOUT', displayName: 'Emergency call-out', quantity: 1, salesPrice: 245 },
  { type: 'PART', itemId: 'BLT-B52', displayName: 'Drive belt B-52', quantity: 2, salesPrice: 27.9 },
  {
    type: 'SERVICE',
    itemId: 'SVC-COIL',
    displayName: 'Condenser coil cleaning',
    quantity: 1,
    salesPrice: 410,
  },
  {
    type: 'PART',
    itemId: 'CTR-3P-40A',
    displayName: 'Compressor contactor 3-pole 40 A',
    quantity: 1,
    salesPrice: null,
  },
  {
    type: 'PART',
    itemId: 'SNS-SAT-10K',
    displayName: 'Supply-air sensor 10k NTC',
    quantity: 1,
    salesPrice: 64,
  },
  {
    type: 'SERVICE',
    itemId: null,
    displayName: 'Refrigerant recovery and recharge',
    quantity: 1,
    salesPrice: 0,
  },
  { type: 'PART', itemId: 'BRG-6204', displayName: 'Fan bearing 6204-2RS', quantity: 2, salesPrice: 18.25 },
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
