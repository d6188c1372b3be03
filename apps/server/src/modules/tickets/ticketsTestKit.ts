import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { z } from 'zod';
import { ticketSchema, ticketsEndpoints } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import { events } from '../../platform/db/schema.ts';
import { ticketAssets, tickets, ticketStatusChanges, ticketUsers } from '../../platform/db/ticketsSchema.ts';
import type { TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf, type ApiAnswer, type AssetFleet } from '../assets/assetsTestFixture.ts';

export type FleetUser = AssetFleet['users'][keyof AssetFleet['users']];

/** The core tickets calls as a user, over real HTTP. */
export function ticketsApi(server: TestServer) {
  const api = apiAs(server);
  const post = (path: string) => (user: FleetUser, body: unknown) => api(user, 'POST', path, body);
  return {
    list: post('/tickets.list'),
    groups: post('/tickets.groups'),
    get: post('/tickets.get'),
    create: post('/tickets.create'),
    update: post('/tickets.update'),
    changeStatus: post('/tickets.changeStatus'),
    setFrozen: post('/tickets.setFrozen'),
    addUser: post('/tickets.users.add'),
    removeUser: post('/tickets.users.remove'),
    assignable: post('/tickets.assignableUsers'),
    addAssets: post('/tickets.assets.add'),
    removeAssets: post('/tickets.assets.remove'),
    history: post('/tickets.history'),
  };
}

export const ticketOf = (answer: ApiAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ticketSchema.parse(answer.body);
};
export const listOf = (answer: ApiAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ticketsEndpoints.ticketsList.output.parse(answer.body);
};
export const assignableOf = (answer: ApiAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ticketsEndpoints.ticketsAssignableUsers.output.parse(answer.body);
};
export const historyOf = (answer: ApiAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ticketsEndpoints.ticketsHistory.output.parse(answer.body);
};

/** Everything a refused ticket write must leave as it was. */
export async function ticketSnapshot(db: DbOrTx) {
  const [eventCount] = await db.select({ n: count() }).from(events);
  return {
    tickets: await db.select().from(tickets).orderBy(tickets.ticketId),
    users: await db.select().from(ticketUsers).orderBy(ticketUsers.ticketId, ticketUsers.userId),
    assets: await db.select().from(ticketAssets).orderBy(ticketAssets.ticketId, ticketAssets.assetId),
    statusChanges: (await db.select({ n: count() }).from(ticketStatusChanges))[0]?.n,
    events: eventCount?.n,
  };
}

/** Runs a call that must be refused with `status`, its message containing `message`, and proves nothing changed. */
export async function expectRefused(
  db: DbOrTx,
  call: () => Promise<ApiAnswer>,
  status: number,
  message?: string,
): Promise<ApiAnswer> {
  const before = await ticketSnapshot(db);
  const answer = await call();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  if (message !== undefined) expect(errorOf(answer).message).toContain(message);
  expect(await ticketSnapshot(db)).toEqual(before);
  return answer;
}

/** The audit events of a ticket, oldest first. */
export function ticketEvents(db: DbOrTx, ticketId: number) {
  return db
    .select()
    .from(events)
    .where(eq(events.subjectId, String(ticketId)))
    .orderBy(events.eventId)
    .then((rows) =>
      rows
        .filter((row) => row.subjectType === 'ticket')
        .map((row) => ({ ...row, data: z.record(z.string(), z.unknown()).parse(row.data) })),
    );
}
