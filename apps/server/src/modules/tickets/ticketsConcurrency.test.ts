import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { detectedProblems } from '../../platform/db/problemsSchema.ts';
import { ticketComments, ticketConsumables, timeEntries } from '../../platform/db/ticketsSchema.ts';
import { currentSchema, untilLockWaiters, withLockHolder } from '../../testing/lockWaits.ts';
import { postgresAvailable, startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs } from '../assets/assetsTestFixture.ts';
import { buildProblemsFleet, type ProblemsFleet } from '../problems/problemsTestFixture.ts';
import { PROVIDER_ONLY } from './ticketAccess.ts';
import { COMMENT_NOT_FOUND } from './ticketCommentsService.ts';
import { createTicket } from './ticketWrite.ts';

const withPostgres = await postgresAvailable();
const SYSTEM = { userId: null, isExternal: false };
const today = new Date().toISOString().slice(0, 10);

// Row locks only matter with concurrent connections, which PGlite (one connection) never has.
describe.skipIf(!withPostgres)('ticket writes under concurrency (PostgreSQL)', () => {
  let server: TestServer;
  let data: ProblemsFleet;
  let api: ReturnType<typeof apiAs>;
  let schema = 'public';
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer({ database: 'postgres' });
    data = await buildProblemsFleet(server.database.db);
    api = apiAs(server);
    schema = await currentSchema(server.database.db);
  });
  afterAll(() => server.close());

  // On a unit in the customer administrator's access groups: they see a ticket through its assets.
  const newTicket = async (title: string) =>
    (
      await createTicket(db(), SYSTEM, {
        companyId: data.fleet.companyA.companyId,
        title,
        visibility: 'EXTERNAL',
        assetIds: [data.fleet.ids.unitA1],
      })
    ).ticketId;

  it('moves a time entry and detected problems between the same two tickets in opposite directions without a deadlock', async () => {
    const target = await newTicket('Target visit');
    const source = await newTicket('Source visit');
    expect(target).toBeLessThan(source);
    const problemId = data.problems.supplyAirA1.detectedProblemId;
    await db()
      .update(detectedProblems)
      .set({ ticketId: source })
      .where(eq(detectedProblems.detectedProblemId, problemId));
    const [entry] = await db()
      .insert(timeEntries)
      .values({ ticketId: source, userId: data.users.technician.userId, date: today, durationMinutes: 30 })
      .returning();
    if (!entry) throw new Error('entry not inserted');

    // Both tickets held: each call waits for its first ticket, then both are let go at once. Taking them in
    // opposite orders, each call would get one ticket and wait for the other forever (PostgreSQL fails one).
    const answers = await withLockHolder(schema, async (client) => {
      await client.query(
        'select ticket_id from tickets where ticket_id = any($1) order by ticket_id for update',
        [[target, source]],
      );
      const moveEntry = api(data.users.technician, 'PUT', '/tickets/timeEntries', {
        timeEntryId: entry.timeEntryId,
        ticketId: target,
        date: today,
        duration: { hours: 0, minutes: 30 },
        laborCodeEnumKey: 'other',
      });
      const moveProblem = api(data.users.technician, 'POST', '/detectedProblems.moveToExistingTicket', {
        detectedProblemIds: [problemId],
        ticketId: target,
      });
      await untilLockWaiters(db(), schema, 2);
      await client.query('commit');
      return Promise.all([moveEntry, moveProblem]);
    });
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [moved] = await db()
      .select()
      .from(timeEntries)
      .where(eq(timeEntries.timeEntryId, entry.timeEntryId));
    expect(moved?.ticketId).toBe(target);
    const [problem] = await db()
      .select()
      .from(detectedProblems)
      .where(eq(detectedProblems.detectedProblemId, problemId));
    expect(problem?.ticketId).toBe(target);
  });

  it('reads the comment an edit changes under the lock: a delete committed meanwhile makes it a 404', async () => {
    const ticketId = await newTicket('Comment race');
    const created = await api(data.users.technician, 'POST', '/tickets.comments.create', {
      ticketId,
      comment: 'Replaced the contactor',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { commentId } = z.object({ commentId: z.number() }).parse(created.body);

    // The other connection plays tickets.comments.delete in flight: it holds the ticket and deletes the comment.
    const answer = await withLockHolder(schema, async (client) => {
      await client.query('select ticket_id from tickets where ticket_id = $1 for update', [ticketId]);
      const edit = api(data.users.technician, 'POST', '/tickets.comments.update', {
        commentId,
        comment: 'Replaced the contactor and the fuse',
      });
      await untilLockWaiters(db(), schema, 1);
      await client.query('update ticket_comments set is_deleted = true where comment_id = $1', [commentId]);
      await client.query('commit');
      return edit;
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expect(JSON.stringify(answer.body)).toContain(COMMENT_NOT_FOUND);
    const [row] = await db().select().from(ticketComments).where(eq(ticketComments.commentId, commentId));
    expect(row).toMatchObject({ isDeleted: true, comment: 'Replaced the contactor' });
  });

  it("checks a customer's consumable change against the price as it is under the lock, not as it was read before", async () => {
    // On a unit in the customer administrator's access groups: they may write the ticket.
    const { ticketId } = await createTicket(db(), SYSTEM, {
      companyId: data.fleet.companyA.companyId,
      title: 'Price race',
      visibility: 'EXTERNAL',
      assetIds: [data.fleet.ids.unitA1],
    });
    const [part] = await db()
      .insert(ticketConsumables)
      .values({ ticketId, type: 'PART', displayName: 'Contactor', quantity: 1, salesPrice: null })
      .returning();
    if (!part) throw new Error('consumable not inserted');

    // The other connection plays the provider pricing the part in flight; the customer, who saw it unpriced (theirs
    // to change), sends a new quantity with the price as they saw it.
    const answer = await withLockHolder(schema, async (client) => {
      await client.query('select ticket_id from tickets where ticket_id = $1 for update', [ticketId]);
      const customerEdit = api(data.users.adminA, 'POST', '/tickets.consumables.update', {
        ticketConsumableId: part.ticketConsumableId,
        type: 'PART',
        displayName: 'Contactor',
        quantity: 2,
        salesPrice: null,
      });
      await untilLockWaiters(db(), schema, 1);
      await client.query('update ticket_consumables set sales_price = 55 where ticket_consumable_id = $1', [
        part.ticketConsumableId,
      ]);
      await client.query('commit');
      return customerEdit;
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(JSON.stringify(answer.body)).toContain(PROVIDER_ONLY.salesPrice);
    const [row] = await db()
      .select()
      .from(ticketConsumables)
      .where(eq(ticketConsumables.ticketConsumableId, part.ticketConsumableId));
    expect(row).toMatchObject({ salesPrice: 55, quantity: 1 });
  });
});
