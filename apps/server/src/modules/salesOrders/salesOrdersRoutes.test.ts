import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { salesOrdersEndpoints } from '@kelvin/contract';
import { tickets } from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { buildTicketFixture, expectRefused, type TicketFixture } from '../tickets/ticketCommentsTestKit.ts';
import { pendingTicket, salesOrderRow } from './salesOrderTestKit.ts';

const BLOCKER = 'Sales Price is not properly set, it must be a valid positive value.';

describe('orders tabs and sales order calls over HTTP', () => {
  let server: TestServer;
  let fx: TicketFixture;
  let api: ReturnType<typeof apiAs>;
  const db = () => server.database.db;
  const list = async (body: Record<string, unknown>) => {
    const answer = await api(fx.users.providerAdmin, 'POST', '/salesOrders.list', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return salesOrdersEndpoints.salesOrdersList.output.parse(answer.body);
  };

  beforeAll(async () => {
    server = await startTestServer();
    fx = await buildTicketFixture(db());
    api = apiAs(server);
    await pendingTicket(db(), fx.ids.ticketA, fx.users.technician.userId, { blocked: true });
    await pendingTicket(db(), fx.ids.ticketB, fx.users.technician.userId);
    await db()
      .update(tickets)
      .set({
        netSuiteBillingState: 'SALES_ORDER_CREATED',
        netSuiteSalesOrderInternalId: '77',
        salesOrderNumber: 'SO-77',
      })
      .where(eq(tickets.ticketId, fx.ids.internalA));
  });
  afterAll(() => server.close());

  it('lists pending tickets with why they are pending and their blockers', async () => {
    const page = await list({ tab: 'PENDING' });
    expect(page.pageable).toMatchObject({ totalSize: 2, pageSize: 20, pageNumber: 0 });
    const byId = new Map(page.content.map((row) => [row.ticketId, row]));
    expect(byId.get(fx.ids.ticketA)).toMatchObject({
      companyName: 'Alpha Hosting',
      netSuiteBillingState: 'PENDING_SALES_ORDER',
      blockers: [BLOCKER],
    });
    expect(byId.get(fx.ids.ticketA)?.billingReason).toContain('Billable: no contract or warranty covers');
    expect(byId.get(fx.ids.ticketB)?.blockers).toEqual([]);
  });

  it('filters by company, sorts, and lists the in-process tab with its order number', async () => {
    const alpha = await list({ tab: 'PENDING', filter: { companyIds: [fx.companyA.companyId] } });
    expect(alpha.content.map((row) => row.ticketId)).toEqual([fx.ids.ticketA]);
    const sorted = await list({
      tab: 'PENDING',
      pageableQuery: {
        type: 'PAGED',
        pageSize: 20,
        pageNumber: 0,
        sort: [{ property: 'title', direction: 'ASC' }],
      },
    });
    expect(sorted.content.map((row) => row.title)).toEqual(['Bravo leak', 'Compressor noise']);
    const inProcess = await list({ tab: 'IN_PROCESS' });
    expect(inProcess.content).toEqual([
      expect.objectContaining({ ticketId: fx.ids.internalA, salesOrderNumber: 'SO-77', blockers: [] }),
    ]);
    expect((await list({ tab: 'CLOSED' })).content).toEqual([]);
  });

  it('refuses an unknown sort property with a 400 naming it', async () => {
    const answer = await api(fx.users.providerAdmin, 'POST', '/salesOrders.list', {
      tab: 'PENDING',
      pageableQuery: {
        type: 'PAGED',
        pageSize: 20,
        pageNumber: 0,
        sort: [{ property: 'secret', direction: 'ASC' }],
      },
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toContain("Cannot sort by 'secret'");
  });

  it('is for netsuite:manage only: technicians and customers are refused', async () => {
    for (const user of [fx.users.technician, fx.users.adminA]) {
      const answer = await api(user, 'POST', '/salesOrders.list', { tab: 'PENDING' });
      expect(answer.status).toBe(403);
      const preview = await api(user, 'POST', '/salesOrders.preview', { ticketId: fx.ids.ticketA });
      expect(preview.status).toBe(403);
    }
  });

  it('refuses to create an order for a ticket with the blocker, with the exact message, writing nothing', async () => {
    const answer = await expectRefused(
      db(),
      () =>
        api(fx.users.providerAdmin, 'POST', '/netsuite.tickets.salesOrders.create', {
          netSuiteAccessToken: 'token',
          ticketId: fx.ids.ticketA,
          netSuiteProjectId: 500,
        }),
      400,
    );
    expect(errorOf(answer).message).toBe(BLOCKER);
    expect(await salesOrderRow(db(), fx.ids.ticketA)).toBeNull();
  });

  it('refuses to create an order for a ticket not pending one, and a missing ticket is a 404', async () => {
    const created = await api(fx.users.providerAdmin, 'POST', '/netsuite.tickets.salesOrders.create', {
      netSuiteAccessToken: 'token',
      ticketId: fx.ids.frozenA,
      netSuiteProjectId: 500,
    });
    expect(created.status).toBe(400);
    expect(errorOf(created).message).toBe(
      'Only a ticket pending a sales order can get one: this one is NOT_BILLABLE.',
    );
    const missing = await api(fx.users.providerAdmin, 'POST', '/netsuite.tickets.salesOrders.close', {
      netSuiteAccessToken: 'token',
      ticketId: 999_999,
    });
    expect(missing.status).toBe(404);
  });
});
