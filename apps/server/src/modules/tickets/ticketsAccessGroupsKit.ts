import { ASSET_TYPE } from '@kelvin/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  ticketAttachments,
  ticketComments,
  ticketConsumables,
  timeEntries,
} from '../../platform/db/ticketsSchema.ts';
import { buildAssetFleet, makeAsset } from '../assets/assetsTestFixture.ts';
import { createTicket } from './ticketWrite.ts';

export const SYSTEM = { userId: null, isExternal: false };

/**
 * Route tests' data for the tickets' access-group rule, over the assets fleet: the operator's groups hold Alpha
 * North's hall 1; the administrator's both Alpha sites and the make-up air unit; a unit of Alpha standing alone
 * (AW-CRAH-09) is in nobody's. EXTERNAL tickets of Alpha on a unit in the hall (inside), on a unit of the other site
 * (beside), on both (mixed), on the lone unit (outside) and on none (bare); all but mixed carry a comment, a file,
 * a priced part and an hour of the technician's time. Their titles share the word 'chiller'.
 */
export async function buildAccessGroupTickets(db: DbOrTx) {
  const fleet = await buildAssetFleet(db);
  const { companyA, ids, users } = fleet;
  const outsideUnit = await makeAsset(db, {
    companyId: companyA.companyId,
    assetTypeId: ASSET_TYPE.unit,
    parentAssetId: null,
    name: 'AW-CRAH-09',
  });
  const ticket = async (title: string, assetIds: number[]) =>
    (
      await createTicket(db, SYSTEM, {
        companyId: companyA.companyId,
        title,
        visibility: 'EXTERNAL',
        assetIds,
      })
    ).ticketId;
  const ticketWithContent = async (title: string, assetIds: number[]) => {
    const ticketId = await ticket(title, assetIds);
    const [comment] = await db
      .insert(ticketComments)
      .values({
        ticketId,
        userId: users.technician.userId,
        comment: `${title}: fan replaced`,
        visibility: 'EXTERNAL',
      })
      .returning();
    await db.insert(ticketAttachments).values({
      ticketId,
      commentId: comment?.commentId,
      userId: users.technician.userId,
      uploadedAt: new Date(),
      contentType: 'text/plain',
      filename: 'report.txt',
      filepath: `tickets/${ticketId}/report.txt`,
      fileSizeInBytes: 12,
    });
    await db
      .insert(ticketConsumables)
      .values({ ticketId, type: 'PART', displayName: 'Fan motor', quantity: 1, salesPrice: 420 });
    await db.insert(timeEntries).values({
      ticketId,
      userId: users.technician.userId,
      date: new Date().toISOString().slice(0, 10),
      durationMinutes: 60,
    });
    return ticketId;
  };
  const tickets = {
    inside: await ticketWithContent('Chiller inside', [ids.unitA1]),
    beside: await ticketWithContent('Chiller beside', [ids.unitA3]),
    mixed: await ticket('Chiller mixed', [ids.unitA1, ids.unitA3]),
    outside: await ticketWithContent('Chiller outside', [outsideUnit]),
    bare: await ticketWithContent('Chiller bare', []),
  };
  return { fleet, outsideUnit, tickets };
}

export const sortedIds = (values: number[]) => [...values].sort((x, y) => x - y);

export type AccessGroupTickets = Awaited<ReturnType<typeof buildAccessGroupTickets>>;
