import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ticketCommentSchema } from '@kelvin/contract';
import { ticketComments, tickets } from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import {
  buildTicketFixture,
  expectRefused,
  ticketEvents,
  ticketUpdatedAt,
  type TicketFixture,
} from './ticketCommentsTestKit.ts';

const listSchema = z.object({ content: z.array(ticketCommentSchema) });

describe('ticket comment calls', () => {
  let server: TestServer;
  let fx: TicketFixture;
  let api: ReturnType<typeof apiAs>;
  const db = () => server.database.db;
  const searchFor = (word: string) =>
    db()
      .select({ ticketId: tickets.ticketId })
      .from(tickets)
      .where(sql`${tickets.search} @@ to_tsquery('simple', ${word})`);

  const create = async (user: { identityId: string }, body: Record<string, unknown>) => {
    const answer = await api(user, 'POST', '/tickets.comments.create', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return ticketCommentSchema.parse(answer.body);
  };
  const list = async (user: { identityId: string }, ticketId: number) => {
    const answer = await api(user, 'POST', '/tickets.comments.list', { ticketId });
    expect(answer.status).toBe(200);
    return listSchema.parse(answer.body).content;
  };

  beforeAll(async () => {
    server = await startTestServer();
    fx = await buildTicketFixture(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  it('creates INTERNAL by default, lists newest first with author, and records the event in the ticket history', async () => {
    const before = await ticketUpdatedAt(db(), fx.ids.ticketA);
    const first = await create(fx.users.technician, {
      ticketId: fx.ids.ticketA,
      comment: 'Checked the filters.',
    });
    expect(first).toMatchObject({ visibility: 'INTERNAL', userName: 'Tess Tech', isDeleted: false });
    const second = await create(fx.users.technician, {
      ticketId: fx.ids.ticketA,
      comment: 'Compressor replaced, customer informed.',
      visibility: 'EXTERNAL',
    });
    const comments = await list(fx.users.technician, fx.ids.ticketA);
    expect(comments.map((comment) => comment.commentId).slice(0, 2)).toEqual([
      second.commentId,
      first.commentId,
    ]);
    expect(await ticketUpdatedAt(db(), fx.ids.ticketA)).not.toEqual(before);
    const events = await ticketEvents(db(), fx.ids.ticketA);
    expect(events.at(-1)).toMatchObject({
      name: 'tickets.comments.create',
      actorUserId: fx.users.technician.userId,
      companyId: fx.companyA.companyId,
      data: { commentId: second.commentId, visibility: 'EXTERNAL' },
    });
  });

  it('makes text search find a ticket by the words of its comments', async () => {
    await create(fx.users.technician, {
      ticketId: fx.ids.ticketA,
      comment: 'Refrigerant zeotropic blend topped up',
    });
    expect(await searchFor('zeotropic')).toEqual([{ ticketId: fx.ids.ticketA }]);
  });

  it('lets an external user see only EXTERNAL comments, and makes theirs EXTERNAL whatever they ask', async () => {
    const internal = await create(fx.users.technician, {
      ticketId: fx.ids.ticketA,
      comment: 'Margin is thin here.',
    });
    const mine = await create(fx.users.adminA, {
      ticketId: fx.ids.ticketA,
      comment: 'Thanks, noise is gone.',
      visibility: 'INTERNAL',
    });
    expect(mine.visibility).toBe('EXTERNAL');
    const seen = await list(fx.users.adminA, fx.ids.ticketA);
    expect(seen.every((comment) => comment.visibility === 'EXTERNAL')).toBe(true);
    expect(seen.map((comment) => comment.commentId)).not.toContain(internal.commentId);
    expect(seen.map((comment) => comment.commentId)).toContain(mine.commentId);
    // Asking for the INTERNAL one by id is the same 404 as for one that does not exist.
    const attempts: [string, Record<string, unknown>][] = [
      ['/tickets.comments.update', { commentId: internal.commentId, comment: 'x' }],
      ['/tickets.comments.delete', { commentId: internal.commentId }],
    ];
    for (const [path, body] of attempts) {
      const answer = await expectRefused(db(), () => api(fx.users.adminA, 'POST', path, body), 404);
      expect(errorOf(answer).message).toBe('Comment not found.');
    }
    // Provider staff see both.
    const staff = await list(fx.users.providerAdmin, fx.ids.ticketA);
    expect(staff.map((comment) => comment.commentId)).toEqual(
      expect.arrayContaining([internal.commentId, mine.commentId]),
    );
  });

  it("answers 404 for another company's ticket and for an external user's INTERNAL ticket, writing nothing", async () => {
    await expectRefused(
      db(),
      () => api(fx.users.adminA, 'POST', '/tickets.comments.list', { ticketId: fx.ids.ticketB }),
      404,
    );
    await expectRefused(
      db(),
      () =>
        api(fx.users.adminA, 'POST', '/tickets.comments.create', { ticketId: fx.ids.ticketB, comment: 'hi' }),
      404,
    );
    await expectRefused(
      db(),
      () =>
        api(fx.users.adminA, 'POST', '/tickets.comments.create', {
          ticketId: fx.ids.internalA,
          comment: 'hi',
        }),
      404,
    );
    await expectRefused(
      db(),
      () => api(fx.users.adminA, 'POST', '/tickets.comments.list', { ticketId: 999_999 }),
      404,
    );
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ticketId: fx.ids.ticketA, comment: '   ' }, 'comment'],
      [{ ticketId: fx.ids.ticketA }, 'comment'],
      [{ ticketId: 'one', comment: 'x' }, 'ticketId'],
      [{ ticketId: fx.ids.ticketA, comment: 'x', visibility: 'PUBLIC' }, 'visibility'],
      [{ ticketId: fx.ids.ticketA, comment: 'x'.repeat(10_001) }, 'comment'],
    ];
    for (const [body, field] of cases) {
      const answer = await expectRefused(
        db(),
        () => api(fx.users.technician, 'POST', '/tickets.comments.create', body),
        400,
      );
      expect(JSON.stringify(errorOf(answer))).toContain(field);
    }
  });

  it('refuses a reader without tickets:write (403) and a frozen ticket (409)', async () => {
    await expectRefused(
      db(),
      () =>
        api(fx.users.operatorA, 'POST', '/tickets.comments.create', {
          ticketId: fx.ids.ticketA,
          comment: 'x',
        }),
      403,
    );
    await expectRefused(
      db(),
      () =>
        api(fx.users.technician, 'POST', '/tickets.comments.create', {
          ticketId: fx.ids.frozenA,
          comment: 'x',
        }),
      409,
      'This ticket is frozen: unfreeze it before changing it.',
    );
  });

  it('lets only the author edit and delete; a deleted comment stays listed, marked, without its text', async () => {
    const comment = await create(fx.users.technician, {
      ticketId: fx.ids.ticketA,
      comment: 'Wrong unit noted.',
      visibility: 'EXTERNAL',
    });
    for (const user of [fx.users.providerAdmin, fx.users.adminA]) {
      await expectRefused(
        db(),
        () =>
          api(user, 'POST', '/tickets.comments.update', {
            commentId: comment.commentId,
            comment: 'Hijacked',
          }),
        403,
        'Only the author of a comment can change or delete it.',
      );
      await expectRefused(
        db(),
        () => api(user, 'POST', '/tickets.comments.delete', { commentId: comment.commentId }),
        403,
      );
    }
    const edited = await api(fx.users.technician, 'POST', '/tickets.comments.update', {
      commentId: comment.commentId,
      comment: 'Unit AN-CRAH-01 noted.',
      visibility: 'INTERNAL',
    });
    expect(ticketCommentSchema.parse(edited.body)).toMatchObject({
      comment: 'Unit AN-CRAH-01 noted.',
      visibility: 'INTERNAL',
    });
    const deleted = await api(fx.users.technician, 'POST', '/tickets.comments.delete', {
      commentId: comment.commentId,
    });
    expect(ticketCommentSchema.parse(deleted.body)).toMatchObject({ isDeleted: true, comment: '' });
    const listed = (await list(fx.users.technician, fx.ids.ticketA)).find(
      (row) => row.commentId === comment.commentId,
    );
    expect(listed).toMatchObject({ isDeleted: true, comment: '', userName: 'Tess Tech' });
    // Deleted comments are gone from the text search, and cannot be changed again.
    expect(await searchFor('crah')).toHaveLength(0);
    await expectRefused(
      db(),
      () =>
        api(fx.users.technician, 'POST', '/tickets.comments.update', {
          commentId: comment.commentId,
          comment: 'again',
        }),
      404,
    );
    const names = (await ticketEvents(db(), fx.ids.ticketA)).map((event) => event.name);
    expect(names.slice(-2)).toEqual(['tickets.comments.update', 'tickets.comments.delete']);
  });

  it('refuses an edit on a frozen ticket with 409', async () => {
    const [row] = await db()
      .insert(ticketComments)
      .values({ ticketId: fx.ids.frozenA, userId: fx.users.technician.userId, comment: 'old' })
      .returning();
    await expectRefused(
      db(),
      () =>
        api(fx.users.technician, 'POST', '/tickets.comments.update', {
          commentId: row?.commentId,
          comment: 'new',
        }),
      409,
    );
  });

  it('hides from an external user the history of a comment made INTERNAL after it was written', async () => {
    const historyOf = async (user: { identityId: string }) => {
      const answer = await api(user, 'POST', '/tickets.history', { ticketId: fx.ids.ticketA });
      expect(answer.status).toBe(200);
      return z.array(z.object({ data: z.record(z.string(), z.unknown()) })).parse(answer.body);
    };
    const comment = await create(fx.users.technician, {
      ticketId: fx.ids.ticketA,
      comment: 'Fan swap planned for Monday.',
      visibility: 'EXTERNAL',
    });
    const mentions = async (user: { identityId: string }) =>
      (await historyOf(user)).filter((entry) => entry.data['commentId'] === comment.commentId).length;
    expect(await mentions(fx.users.adminA)).toBe(1);
    const edited = await api(fx.users.technician, 'POST', '/tickets.comments.update', {
      commentId: comment.commentId,
      comment: 'Fan swap planned for Monday, supplier recall.',
      visibility: 'INTERNAL',
    });
    expect(edited.status).toBe(200);
    expect(await mentions(fx.users.adminA)).toBe(0);
    expect(await mentions(fx.users.technician)).toBe(2);
  });
});
