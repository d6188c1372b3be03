import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/database.ts';
import { openTestDatabase } from '../testing/testServer.ts';
import { events } from '../platform/db/schema.ts';
import { ticketComments, tickets, ticketUsers, timeEntries } from '../platform/db/ticketsSchema.ts';
import { seedDemo } from './seedDemo.ts';

describe('seedTickets (through seedDemo)', () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it('gives every customer a dozen tickets over every status, priority and type, with people, comments and time', async () => {
    database = await openTestDatabase();
    const db = database.db;
    await seedDemo(db, {
      dataDir: mkdtempSync(path.join(tmpdir(), 'kelvin-seed-')),
      password: 'demo password 1',
    });
    const rows = await db.select().from(tickets);
    const companies = new Set(rows.map((row) => row.companyId));
    expect(companies.size).toBe(3);
    for (const companyId of companies) {
      const own = rows.filter((row) => row.companyId === companyId);
      expect(own).toHaveLength(12);
      expect(new Set(own.map((row) => row.statusValue))).toEqual(new Set([0, 2, 3, 4, 5, 7, 11]));
      expect(new Set(own.map((row) => row.priorityValue))).toEqual(new Set([0, 1, 2]));
      expect(new Set(own.map((row) => row.typeValue))).toEqual(new Set([0, 1, 6, 8, 9, 10, 11]));
      expect(new Set(own.map((row) => row.visibility))).toEqual(new Set(['INTERNAL', 'EXTERNAL']));
    }
    const closed = rows.filter((row) => row.statusValue === 11);
    expect(closed.every((row) => row.ticketState === 'CLOSED' && row.closedAt !== null)).toBe(true);
    const owners = await db.select().from(ticketUsers).where(eq(ticketUsers.relationTypeValue, 1));
    expect(owners).toHaveLength(rows.length);
    const comments = await db.select().from(ticketComments);
    expect(new Set(comments.map((row) => row.visibility))).toEqual(new Set(['INTERNAL', 'EXTERNAL']));
    // An INTERNAL ticket never carries an EXTERNAL comment.
    const internal = new Set(rows.filter((row) => row.visibility === 'INTERNAL').map((row) => row.ticketId));
    expect(comments.filter((row) => internal.has(row.ticketId) && row.visibility === 'EXTERNAL')).toEqual([]);
    expect((await db.select().from(timeEntries)).length).toBeGreaterThan(rows.length);
    const audited = await db.select().from(events).where(eq(events.name, 'tickets.create'));
    expect(audited).toHaveLength(rows.length);
  }, 180_000);
});
