import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ticketAttachments,
  ticketComments,
  ticketConsumables,
  timeEntries,
} from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { ticketOf, ticketsApi } from './ticketsTestKit.ts';

/**
 * A record reached through its ticket (a comment, an attachment, a consumable, a time entry) is a 404 when the
 * ticket is one the caller may not see, and only then: a caller without tickets:read gets the 403 that says so,
 * and a failing database a 500, not a 404 that would pass for a missing record.
 */
describe('tickets: refusals and failures are not disguised as a missing record', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  const ids = { ticket: 0, comment: 0, attachment: 0, consumable: 0, entry: 0 };
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
    const { technician } = fleet.users;
    ids.ticket = ticketOf(
      await ticketsApi(server).create(technician, {
        companyId: fleet.companyA.companyId,
        title: 'Fan bearing',
        visibility: 'EXTERNAL',
      }),
    ).ticketId;
    const ticketId = ids.ticket;
    const userId = technician.userId;
    const [comment] = await db()
      .insert(ticketComments)
      .values({ ticketId, userId, comment: 'Noted', visibility: 'EXTERNAL' })
      .returning();
    const [file] = await db()
      .insert(ticketAttachments)
      .values({
        ticketId,
        userId,
        uploadedAt: new Date(),
        contentType: 'text/plain',
        filename: 'report.txt',
        filepath: 'tickets/report.txt',
        fileSizeInBytes: 4,
      })
      .returning();
    const [part] = await db()
      .insert(ticketConsumables)
      .values({ ticketId, type: 'PART', displayName: 'Bearing', salesPrice: 20 })
      .returning();
    const [entry] = await db()
      .insert(timeEntries)
      .values({ ticketId, userId, date: new Date().toISOString().slice(0, 10), durationMinutes: 15 })
      .returning();
    if (!comment || !file || !part || !entry) throw new Error('fixture rows not inserted');
    Object.assign(ids, {
      comment: comment.commentId,
      attachment: file.ticketAttachmentId,
      consumable: part.ticketConsumableId,
      entry: entry.timeEntryId,
    });
  });
  afterAll(() => server.close());

  const calls = () =>
    [
      ['POST', '/tickets.comments.update', { commentId: ids.comment, comment: 'Changed' }],
      ['POST', '/tickets.comments.delete', { commentId: ids.comment }],
      ['POST', '/tickets.attachments.getDownloadSignedUrl', { ticketAttachmentId: ids.attachment }],
      ['POST', '/tickets.attachments.delete', { ticketAttachmentId: ids.attachment }],
      [
        'POST',
        '/tickets.consumables.update',
        {
          ticketConsumableId: ids.consumable,
          type: 'PART',
          displayName: 'Bearing',
          quantity: 2,
          salesPrice: 20,
        },
      ],
      ['POST', '/tickets.consumables.delete', { ticketConsumableId: ids.consumable }],
      [
        'PUT',
        '/tickets/timeEntries',
        {
          timeEntryId: ids.entry,
          date: new Date().toISOString().slice(0, 10),
          duration: { hours: 0, minutes: 20 },
          laborCodeEnumKey: 'other',
        },
      ],
    ] as const;

  it('answers a caller without tickets:read with the 403, not a 404', async () => {
    for (const [method, path, body] of calls()) {
      const answer = await api(fleet.users.noRolesA, method, path, body);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(403);
      expect(errorOf(answer).message).toContain('tickets:read');
    }
  });

  it("still answers 404 for a record on another company's ticket", async () => {
    for (const [method, path, body] of calls()) {
      const answer = await api(fleet.users.adminB, method, path, body);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(404);
    }
  });

  it('answers a database failure while reading the ticket with a 500, not a 404', async () => {
    // The records are found; reading their ticket then fails, as with a dropped connection or a broken table.
    await db().execute(sql`alter table tickets rename to tickets_away`);
    try {
      for (const [method, path, body] of calls()) {
        const answer = await api(fleet.users.technician, method, path, body);
        expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(500);
      }
    } finally {
      await db().execute(sql`alter table tickets_away rename to tickets`);
    }
  });
});
