import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/database.ts';
import { events } from '../platform/db/schema.ts';
import { ticketConsumables, tickets } from '../platform/db/ticketsSchema.ts';
import { buildCompany, buildUser, providerCompany } from '../testing/factories.ts';
import { openTestDatabase } from '../testing/testServer.ts';
import { seedTicketConsumables } from './seedTicketConsumables.ts';

describe('seedTicketConsumables', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('adds priced parts and services to two tickets of three, some without a price, each audited', async () => {
    const db = database.db;
    await providerCompany(db);
    const company = await buildCompany(db);
    const tech = await buildUser(db, { companyId: 1, roles: ['Provider Service Technician'] });
    const made = await db
      .insert(tickets)
      .values([1, 2, 3, 4, 5, 6].map((n) => ({ companyId: company.companyId, title: `Ticket ${n}` })))
      .returning();
    const count = await db.transaction((tx) =>
      seedTicketConsumables(
        tx,
        made.map((ticket) => ({ ticketId: ticket.ticketId, companyId: ticket.companyId })),
        tech.userId,
      ),
    );
    const rows = await db.select().from(ticketConsumables);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row.ticketId)).size).toBe(4);
    expect(rows.some((row) => row.salesPrice === null || row.salesPrice === 0)).toBe(true);
    expect(rows.some((row) => row.type === 'SERVICE')).toBe(true);
    const audited = (await db.select().from(events)).filter(
      (event) => event.name === 'tickets.consumables.create',
    );
    expect(audited).toHaveLength(count);
  });
});
