import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_NUMBER_MAX } from '@kelvin/contract';
import { ticketUsers } from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { RELATION_OWNER, RELATION_WORKER } from './ticketRules.ts';
import { listOf, ticketOf, ticketsApi } from './ticketsTestKit.ts';

/** The bounds the tickets calls and tables keep: pages of the list, one owner per ticket. */
describe('tickets: bounds', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof ticketsApi>;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    call = ticketsApi(server);
  });
  afterAll(() => server.close());

  it('refuses a page number or size whose row offset would overflow with a 400 naming the field', async () => {
    const list = (pageableQuery: Record<string, unknown>) =>
      call.list(fleet.users.technician, { pageableQuery: { type: 'PAGED', sort: [], ...pageableQuery } });
    const refusals: [Record<string, unknown>, string][] = [
      [{ pageSize: 25, pageNumber: 1e15 }, 'pageableQuery.pageNumber'],
      [{ pageSize: 25, pageNumber: PAGE_NUMBER_MAX + 1 }, 'pageableQuery.pageNumber'],
      [{ pageSize: 5000, pageNumber: 0 }, 'pageableQuery.pageSize'],
    ];
    for (const [pageableQuery, field] of refusals) {
      const answer = await list(pageableQuery);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(errorOf(answer).message).toContain(field);
    }
    expect(listOf(await list({ pageSize: 1000, pageNumber: PAGE_NUMBER_MAX })).content).toEqual([]);
  });

  it('keeps one owner per ticket in the database, under the checks of the calls', async () => {
    const { users } = fleet;
    const ticket = ticketOf(
      await call.create(users.technician, {
        companyId: fleet.companyA.companyId,
        title: 'Owned',
        users: [{ userId: users.technician.userId, relationTypeEnumValue: RELATION_OWNER }],
      }),
    );
    const db = server.database.db;
    // A write that skips the calls' check (a script, a race the check missed) is refused by the index.
    await expect(
      db.insert(ticketUsers).values({
        ticketId: ticket.ticketId,
        userId: users.providerAdmin.userId,
        relationTypeValue: RELATION_OWNER,
      }),
    ).rejects.toThrow();
    const withWorker = ticketOf(
      await call.addUser(users.technician, {
        ticketId: ticket.ticketId,
        userId: users.providerAdmin.userId,
        relationTypeEnumValue: RELATION_WORKER,
      }),
    );
    const people = withWorker.users.map((user) => [user.userId, user.relationTypeEnumKey]);
    expect(people).toHaveLength(2);
    expect(people).toEqual(
      expect.arrayContaining([
        [users.technician.userId, 'owner'],
        [users.providerAdmin.userId, 'worker'],
      ]),
    );
  });
});
