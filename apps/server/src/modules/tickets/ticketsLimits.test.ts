import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_NUMBER_MAX } from '@kelvin/contract';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { listOf, ticketsApi } from './ticketsTestKit.ts';

/** The bounds of what one tickets call reads: pages of the list. */
describe('tickets: bounded reads', () => {
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
});
