import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDatabase } from '../testing/testServer.ts';
import { buildCompany, buildUser, providerCompany } from '../testing/factories.ts';
import type { Database } from '../platform/db/database.ts';
import { events } from '../platform/db/schema.ts';
import { tickets, timeEntries } from '../platform/db/ticketsSchema.ts';
import { seedTimeEntries } from './seedTimeEntries.ts';

describe('seedTimeEntries', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('writes work and travel entries within the last two weeks, each audited on its ticket', async () => {
    const db = database.db;
    await providerCompany(db);
    const company = await buildCompany(db);
    const tech = await buildUser(db, { companyId: 1, roles: ['Provider Service Technician'] });
    const made = await db
      .insert(tickets)
      .values([1, 2, 3, 4].map((n) => ({ companyId: company.companyId, title: `Ticket ${n}` })))
      .returning();
    const now = Date.parse('2026-11-26T10:00:00Z');
    const count = await db.transaction((tx) =>
      seedTimeEntries(
        tx,
        made.map((ticket) => ({ ticketId: ticket.ticketId, companyId: ticket.companyId })),
        [tech.userId],
        now,
      ),
    );
    const rows = await db.select().from(timeEntries);
    expect(rows).toHaveLength(count);
    // 1 + 2 + 3 + 1 visits, and travel on the first and third ticket.
    expect(count).toBe(9);
    expect(new Set(rows.map((row) => row.ticketId)).size).toBe(4);
    expect(rows.some((row) => row.laborCodeValue === 3)).toBe(true);
    for (const row of rows) {
      expect(row.date < '2026-11-26' && row.date >= '2026-11-13').toBe(true);
      expect(row.durationMinutes).toBeGreaterThan(0);
      expect(row.durationMinutes).toBeLessThanOrEqual(1440);
    }
    const audit = await db.select().from(events).where(eq(events.name, 'tickets.timeEntries.create'));
    expect(audit).toHaveLength(count);
    expect(
      audit.every((event) => event.subjectType === 'ticket' && event.companyId === company.companyId),
    ).toBe(true);
  });

  it('writes nothing without workers', async () => {
    const count = await database.db.transaction((tx) =>
      seedTimeEntries(tx, [{ ticketId: 1, companyId: 1 }], []),
    );
    expect(count).toBe(0);
  });
});
