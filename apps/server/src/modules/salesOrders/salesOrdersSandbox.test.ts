import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesOrdersEndpoints } from '@kelvin/contract';
import { netsuiteSandboxRecords } from '../../platform/db/netsuiteSandboxSchema.ts';
import { ticketConsumables } from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs } from '../assets/assetsTestFixture.ts';
import { sandboxIssueServerTokens } from '../netsuiteSandbox/sandboxGrants.ts';
import { seedSandboxRecords } from '../netsuiteSandbox/sandboxSeed.ts';
import { buildTicketFixture, type TicketFixture } from '../tickets/ticketCommentsTestKit.ts';
import { pendingTicket } from './salesOrderTestKit.ts';

/** The sales order calls against the server's own NetSuite sandbox: what the sandbox holds after each. */
describe('sales orders through the NetSuite sandbox', () => {
  let server: TestServer;
  let fx: TicketFixture;
  let api: ReturnType<typeof apiAs>;
  let token = '';
  let projectId = 0;
  const db = () => server.database.db;
  const call = async (path: string, body: Record<string, unknown>) => {
    const answer = await api(fx.users.providerAdmin, 'POST', path, { netSuiteAccessToken: token, ...body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const sandboxOrder = async (ticketId: number) => {
    const [row] = await db()
      .select()
      .from(netsuiteSandboxRecords)
      .where(
        and(
          eq(netsuiteSandboxRecords.recordType, 'salesOrder'),
          eq(netsuiteSandboxRecords.externalId, `kelvin-ticket-${ticketId}`),
        ),
      );
    return row ?? null;
  };

  beforeAll(async () => {
    server = await startTestServer();
    fx = await buildTicketFixture(db());
    api = apiAs(server);
    await seedSandboxRecords(db());
    const [job] = await db()
      .select({ id: netsuiteSandboxRecords.internalId })
      .from(netsuiteSandboxRecords)
      .where(eq(netsuiteSandboxRecords.recordType, 'job'))
      .limit(1);
    projectId = Number(job?.id);
    token = (await sandboxIssueServerTokens(db())).accessToken;
    for (const ticketId of [fx.ids.ticketA, fx.ids.ticketB]) {
      await pendingTicket(db(), ticketId, fx.users.technician.userId);
      await db()
        .update(ticketConsumables)
        .set({ itemId: 'PRT-10001' })
        .where(eq(ticketConsumables.ticketId, ticketId));
    }
  });
  afterAll(() => server.close());

  it('previews labor at the sandbox service items’ rates', async () => {
    const preview = salesOrdersEndpoints.salesOrdersPreview.output.parse(
      await call('/salesOrders.preview', { ticketId: fx.ids.ticketA }),
    );
    const labor = preview.lines.filter((line) => line.kind === 'LABOR');
    expect(labor.map((line) => line.itemId)).toEqual(['LABOR-FIELD', 'LABOR-TRAVEL']);
    expect(labor.every((line) => line.rate > 0)).toBe(true);
    expect(preview.total).toBe(
      preview.lines.reduce((sum, line) => Math.round((sum + line.amount) * 100) / 100, 0),
    );
  });

  it('creates the order on the project, twice is once, and closes it', async () => {
    const body = { ticketId: fx.ids.ticketA, netSuiteProjectId: projectId, purchaseOrderNumber: 'PO-1' };
    const created = salesOrdersEndpoints.netsuiteTicketsSalesOrdersCreate.output.parse(
      await call('/netsuite.tickets.salesOrders.create', body),
    );
    expect(created).toMatchObject({
      netSuiteBillingState: 'SALES_ORDER_CREATED',
      purchaseOrderNumber: 'PO-1',
    });
    expect(created.salesOrderNumber).toMatch(/^SO-/);
    const again = await call('/netsuite.tickets.salesOrders.create', body);
    expect(again).toEqual(created);
    const order = await sandboxOrder(fx.ids.ticketA);
    expect(String(order?.internalId)).toBe(created.netSuiteSalesOrderInternalId);

    const closed = await call('/netsuite.tickets.salesOrders.close', { ticketId: fx.ids.ticketA });
    expect(closed).toMatchObject({ netSuiteBillingState: 'SALES_ORDER_CLOSED' });
    expect(JSON.stringify((await sandboxOrder(fx.ids.ticketA))?.body)).toContain('"H"');
    const reconciled = await call('/salesOrders.reconcile', {});
    expect(reconciled).toMatchObject({ changed: 0, missing: 0 });
  });

  it('deletes the order in NetSuite and the ticket is pending again', async () => {
    await call('/netsuite.tickets.salesOrders.create', {
      ticketId: fx.ids.ticketB,
      netSuiteProjectId: projectId,
    });
    expect(await sandboxOrder(fx.ids.ticketB)).not.toBeNull();
    const deleted = await call('/netsuite.tickets.salesOrders.delete', { ticketId: fx.ids.ticketB });
    expect(deleted).toMatchObject({
      netSuiteBillingState: 'PENDING_SALES_ORDER',
      netSuiteSalesOrderInternalId: null,
    });
    expect(await sandboxOrder(fx.ids.ticketB)).toBeNull();
  });

  it('refuses a project the sandbox does not have', async () => {
    const answer = await api(fx.users.providerAdmin, 'POST', '/netsuite.tickets.salesOrders.create', {
      netSuiteAccessToken: token,
      ticketId: fx.ids.ticketB,
      netSuiteProjectId: 987_654,
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('NetSuite has no project 987654');
  });
});
