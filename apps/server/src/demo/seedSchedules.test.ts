import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { spansOverlap } from '@kelvin/domain';
import type { Database } from '../platform/db/database.ts';
import { events } from '../platform/db/schema.ts';
import { scheduleAssets, scheduleResources, schedules } from '../platform/db/schedulingSchema.ts';
import { tickets } from '../platform/db/ticketsSchema.ts';
import { openTestDatabase } from '../testing/testServer.ts';
import { seedDemo } from './seedDemo.ts';

const DAY = 86_400_000;

describe('seedSchedules (through seedDemo)', () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it('plans two weeks from this Monday: visits for tickets (now scheduled), travel, time off, one double booking', async () => {
    database = await openTestDatabase();
    const db = database.db;
    const before = Date.now();
    await seedDemo(db, {
      dataDir: mkdtempSync(path.join(tmpdir(), 'kelvin-seed-')),
      password: 'demo password 1',
    });
    const rows = await db.select().from(schedules);
    expect(new Set(rows.map((row) => row.type))).toEqual(
      new Set(['siteVisit', 'travel', 'timeOff', 'reminder', 'remoteAssist', 'other']),
    );
    expect(rows.some((row) => !row.confirmed)).toBe(true);
    expect(rows.some((row) => row.confirmed)).toBe(true);
    // All within the current week and the next, counted from this week's Monday (UTC, give or take a zone).
    const today = new Date(before);
    const monday =
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) -
      ((today.getUTCDay() + 6) % 7) * DAY;
    for (const row of rows) {
      expect(row.startsAt.getTime()).toBeGreaterThanOrEqual(monday - DAY);
      expect(row.endsAt.getTime()).toBeLessThanOrEqual(monday + 15 * DAY);
      expect(row.endsAt.getTime()).toBeGreaterThan(row.startsAt.getTime());
    }

    // Every entry for a ticket concerns its assets, and the ticket is scheduled, its move in its history.
    const withTickets = rows.filter((row) => row.ticketId !== null);
    expect(withTickets.length).toBeGreaterThanOrEqual(6);
    for (const row of withTickets) {
      const [ticket] = await db
        .select()
        .from(tickets)
        .where(eq(tickets.ticketId, row.ticketId ?? 0));
      expect(ticket?.statusValue).toBe(5);
      expect(ticket?.companyId).toBe(row.companyId);
      expect(
        await db.select().from(scheduleAssets).where(eq(scheduleAssets.scheduleId, row.scheduleId)),
      ).not.toEqual([]);
    }
    const moves = await db
      .select()
      .from(events)
      .where(and(eq(events.name, 'tickets.changeStatus'), eq(events.subjectType, 'ticket')));
    expect(moves.length).toBeGreaterThan(0);

    // The deliberate double booking: one technician in two entries at once, neither time off.
    const resources = await db.select().from(scheduleResources);
    const byId = new Map(rows.map((row) => [row.scheduleId, row]));
    const clashes = resources.flatMap((a) =>
      resources.filter((b) => {
        const [x, y] = [byId.get(a.scheduleId), byId.get(b.scheduleId)];
        return (
          a.userId === b.userId &&
          a.scheduleId < b.scheduleId &&
          x !== undefined &&
          y !== undefined &&
          x.type !== 'timeOff' &&
          y.type !== 'timeOff' &&
          spansOverlap(x, y)
        );
      }),
    );
    expect(clashes).toHaveLength(1);
  }, 120_000);
});
