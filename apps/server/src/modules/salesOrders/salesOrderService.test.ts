import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { events } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildTicketFixture, type TicketFixture } from '../tickets/ticketCommentsTestKit.ts';
import { fakeNetsuite } from './fakeNetsuiteClient.ts';
import { createSalesOrder } from './salesOrderCreate.ts';
import { closeSalesOrder, deleteSalesOrder } from './salesOrderDeleteClose.ts';
import { previewSalesOrder } from './salesOrderPreview.ts';
import { reconcileSalesOrders } from './salesOrderReconcile.ts';
import { authOf, fakeDeps, pendingTicket, salesOrderRow, ticketRow } from './salesOrderTestKit.ts';

describe('sales order service against an in-memory NetSuite', () => {
  let server: TestServer;
  let fx: TicketFixture;
  let netsuite: ReturnType<typeof fakeNetsuite>;
  const db = () => server.database.db;
  const deps = () => fakeDeps(db(), netsuite);
  const admin = () => authOf(db(), fx.users.providerAdmin);
  const order = (ticketId: number) => ({ netSuiteAccessToken: 'token', ticketId, netSuiteProjectId: 500 });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    fx = await buildTicketFixture(db());
    netsuite = fakeNetsuite();
    await pendingTicket(db(), fx.ids.ticketA, fx.users.technician.userId);
  });

  it('previews the lines and total the order will carry', async () => {
    const preview = await previewSalesOrder(deps(), await admin(), { ticketId: fx.ids.ticketA });
    expect(preview.lines.map((line) => [line.itemId, line.quantity, line.rate, line.amount])).toEqual([
      ['PRT-10234', 2, 150, 300],
      ['LABOR-FIELD', 1.5, 95, 142.5],
      ['LABOR-TRAVEL', 0.5, 45, 22.5],
    ]);
    expect(preview.total).toBe(465);
    expect(preview.blockers).toEqual([]);
  });

  it('creates the order once on the project, moves the ticket and records the event', async () => {
    const answer = await createSalesOrder(deps(), await admin(), {
      ...order(fx.ids.ticketA),
      purchaseOrderNumber: 'PO-7',
    });
    const [made] = [...netsuite.orders.values()];
    expect(netsuite.orders.size).toBe(1);
    expect(made?.externalId).toBe(`kelvin-ticket-${fx.ids.ticketA}`);
    expect(made?.body).toMatchObject({ entity: { id: '10' }, job: { id: '500' }, otherRefNum: 'PO-7' });
    expect(made?.lines.map((line) => line.item)).toEqual([{ id: '101' }, { id: '201' }, { id: '202' }]);
    expect(answer).toEqual({
      ticketId: fx.ids.ticketA,
      netSuiteBillingState: 'SALES_ORDER_CREATED',
      netSuiteSalesOrderInternalId: made?.id,
      salesOrderNumber: made?.tranId,
      purchaseOrderNumber: 'PO-7',
    });
    expect((await salesOrderRow(db(), fx.ids.ticketA))?.state).toBe('CREATED');
    const recorded = await db()
      .select()
      .from(events)
      .where(
        and(eq(events.subjectId, String(fx.ids.ticketA)), eq(events.name, 'tickets.salesOrders.create')),
      );
    expect(recorded).toHaveLength(1);
  });

  it('a doubled Submit (two tabs at once) leaves one order', async () => {
    const auth = await admin();
    const answers = await Promise.all([
      createSalesOrder(deps(), auth, order(fx.ids.ticketA)),
      createSalesOrder(deps(), auth, order(fx.ids.ticketA)),
    ]);
    expect(netsuite.orders.size).toBe(1);
    expect(answers[0]).toEqual(answers[1]);
    expect((await ticketRow(db(), fx.ids.ticketA)).netSuiteBillingState).toBe('SALES_ORDER_CREATED');
  });

  it('a failure after NetSuite made the order (a timeout) is finished by a retry, updating the same order', async () => {
    netsuite.state.failAfterUpsert = true;
    await expect(createSalesOrder(deps(), await admin(), order(fx.ids.ticketA))).rejects.toMatchObject({
      status: 502,
    });
    expect((await ticketRow(db(), fx.ids.ticketA)).netSuiteBillingState).toBe('PENDING_SALES_ORDER');
    expect((await salesOrderRow(db(), fx.ids.ticketA))?.state).toBe('CREATING');
    const firstId = [...netsuite.orders.values()][0]?.id;

    const retried = await createSalesOrder(deps(), await admin(), order(fx.ids.ticketA));
    expect(netsuite.orders.size).toBe(1);
    expect(retried.netSuiteSalesOrderInternalId).toBe(firstId);
    expect(netsuite.state.upserts).toBe(2);
  });

  it('the reconciliation finishes a CREATING row whose order NetSuite has', async () => {
    netsuite.state.failAfterUpsert = true;
    await expect(createSalesOrder(deps(), await admin(), order(fx.ids.ticketA))).rejects.toBeDefined();
    const summary = await reconcileSalesOrders(db(), netsuite.client, {
      companyIds: [fx.companyA.companyId],
    });
    expect(summary).toMatchObject({ finished: 1 });
    expect((await ticketRow(db(), fx.ids.ticketA)).netSuiteBillingState).toBe('SALES_ORDER_CREATED');
    expect(netsuite.orders.size).toBe(1);
  });

  it('flags an order changed or vanished in NetSuite', async () => {
    await createSalesOrder(deps(), await admin(), order(fx.ids.ticketA));
    const made = [...netsuite.orders.values()][0];
    if (!made) throw new Error('no order');
    made.lines[0] = { ...made.lines[0], quantity: 5 };
    await reconcileSalesOrders(db(), netsuite.client, { companyIds: [fx.companyA.companyId] });
    const changed = await salesOrderRow(db(), fx.ids.ticketA);
    expect(changed?.reconcileState).toBe('CHANGED');
    expect(changed?.reconcileDetail).toContain('total 465.00 became 915.00');

    netsuite.orders.clear();
    await reconcileSalesOrders(db(), netsuite.client, { companyIds: [fx.companyA.companyId] });
    expect((await salesOrderRow(db(), fx.ids.ticketA))?.reconcileState).toBe('MISSING');
  });

  it('deletes the order (pending again) and closes a new one (closed in NetSuite)', async () => {
    await createSalesOrder(deps(), await admin(), order(fx.ids.ticketA));
    const deleted = await deleteSalesOrder(deps(), await admin(), {
      netSuiteAccessToken: 't',
      ticketId: fx.ids.ticketA,
    });
    expect(deleted).toMatchObject({
      netSuiteBillingState: 'PENDING_SALES_ORDER',
      netSuiteSalesOrderInternalId: null,
    });
    expect(netsuite.orders.size).toBe(0);
    expect(await salesOrderRow(db(), fx.ids.ticketA)).toBeNull();

    await createSalesOrder(deps(), await admin(), order(fx.ids.ticketA));
    const closed = await closeSalesOrder(deps(), await admin(), {
      netSuiteAccessToken: 't',
      ticketId: fx.ids.ticketA,
    });
    expect(closed.netSuiteBillingState).toBe('SALES_ORDER_CLOSED');
    expect([...netsuite.orders.values()][0]?.lines.every((line) => line.isClosed === true)).toBe(true);
    await expect(
      closeSalesOrder(deps(), await admin(), { netSuiteAccessToken: 't', ticketId: fx.ids.ticketA }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a project NetSuite does not have, writing nothing', async () => {
    await expect(
      createSalesOrder(deps(), await admin(), { ...order(fx.ids.ticketA), netSuiteProjectId: 404 }),
    ).rejects.toMatchObject({ status: 400, message: /NetSuite has no project 404/ });
    expect(await salesOrderRow(db(), fx.ids.ticketA)).toBeNull();
    expect(netsuite.orders.size).toBe(0);
  });
});
