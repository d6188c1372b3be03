import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketConsumableSchema } from '@kelvin/contract';
import { ticketConsumables, tickets } from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { PROVIDER_ONLY } from './ticketAccess.ts';
import { expectRefused, ticketOf, ticketsApi } from './ticketsTestKit.ts';

/**
 * Billing, freezing and sales prices are the provider's business: a customer user (external) who may write the
 * ticket is refused them with a 403 naming the field, and nothing is written; provider staff do them.
 */
describe("tickets: what only the provider's staff do", () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof ticketsApi>;
  let api: ReturnType<typeof apiAs>;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    call = ticketsApi(server);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  /** A ticket the customer administrator (adminA) may see and change. */
  const customerTicket = async () =>
    ticketOf(
      await call.create(fleet.users.technician, {
        companyId: fleet.companyA.companyId,
        title: 'Compressor trips',
        visibility: 'EXTERNAL',
      }),
    ).ticketId;

  const expect403 = async (answer: () => ReturnType<typeof call.get>, field: string, rule: string) => {
    const refused = await expectRefused(db(), answer, 403);
    expect(errorOf(refused).message).toBe(`${field}: ${rule}`);
  };

  it('refuses an external user freezing or unfreezing a ticket', async () => {
    const ticketId = await customerTicket();
    await expect403(
      () => call.setFrozen(fleet.users.adminA, { ticketId, isFrozen: true }),
      'body.isFrozen',
      PROVIDER_ONLY.freeze,
    );
    ticketOf(await call.setFrozen(fleet.users.technician, { ticketId, isFrozen: true }));
    await expect403(
      () => call.setFrozen(fleet.users.adminA, { ticketId, isFrozen: false }),
      'body.isFrozen',
      PROVIDER_ONLY.freeze,
    );
    expect(ticketOf(await call.get(fleet.users.adminA, { ticketId })).isFrozen).toBe(true);
  });

  it('refuses an external user changing billing, but takes billing fields sent unchanged', async () => {
    const ticketId = await customerTicket();
    const refusals: [Record<string, unknown>, string][] = [
      [{ isBillable: true }, 'body.isBillable'],
      [{ salesOrderNumber: 'SO-1001' }, 'body.salesOrderNumber'],
      [{ purchaseOrderNumber: 'PO-77' }, 'body.purchaseOrderNumber'],
      [{ title: 'Also the title', isBillable: true }, 'body.isBillable'],
    ];
    for (const [fields, field] of refusals) {
      await expect403(
        () => call.update(fleet.users.adminA, { ticketId, ...fields }),
        field,
        PROVIDER_ONLY.billing,
      );
    }
    // The billing state is never a field of tickets.update: it follows the billing flow.
    await expectRefused(
      db(),
      () => call.update(fleet.users.adminA, { ticketId, netSuiteBillingState: 'SALES_ORDER_CLOSED' }),
      400,
      'netSuiteBillingState',
    );
    const same = ticketOf(
      await call.update(fleet.users.adminA, { ticketId, title: 'Compressor trips daily', isBillable: false }),
    );
    expect(same).toMatchObject({ title: 'Compressor trips daily', isBillable: false });
    const billed = ticketOf(
      await call.update(fleet.users.technician, { ticketId, isBillable: true, salesOrderNumber: 'SO-1001' }),
    );
    expect(billed).toMatchObject({
      netSuiteBillingState: 'PENDING_SALES_ORDER',
      salesOrderNumber: 'SO-1001',
    });
  });

  it('refuses an external user opening a billable, resolved or closed ticket', async () => {
    const base = { companyId: fleet.companyA.companyId, title: 'Already fixed' };
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ statusEnumValue: 11 }, 'body.statusEnumValue', PROVIDER_ONLY.closedAtCreation],
      [{ statusEnumValue: 7 }, 'body.statusEnumValue', PROVIDER_ONLY.closedAtCreation],
      [{ isBillable: true }, 'body.isBillable', PROVIDER_ONLY.billing],
      [{ purchaseOrderNumber: 'PO-1' }, 'body.purchaseOrderNumber', PROVIDER_ONLY.billing],
    ];
    for (const [fields, field, rule] of refusals) {
      await expect403(() => call.create(fleet.users.adminA, { ...base, ...fields }), field, rule);
    }
    const open = ticketOf(await call.create(fleet.users.adminA, { ...base, statusEnumValue: 2 }));
    expect(open).toMatchObject({ statusEnumKey: 'inProgress', isBillable: false });
    const closed = ticketOf(await call.create(fleet.users.technician, { ...base, statusEnumValue: 11 }));
    expect(closed).toMatchObject({ ticketState: 'CLOSED' });
  });

  it("refuses an external user setting or changing a consumable's sales price", async () => {
    const ticketId = await customerTicket();
    const consumable = (user: typeof fleet.users.adminA, path: string, body: Record<string, unknown>) =>
      api(user, 'POST', path, body);
    const part = { ticketId, type: 'PART', displayName: 'Filter', quantity: 2 };
    await expect403(
      () => consumable(fleet.users.adminA, '/tickets.consumables.create', { ...part, salesPrice: 12 }),
      'body.salesPrice',
      PROVIDER_ONLY.salesPrice,
    );
    await expect403(
      () => consumable(fleet.users.adminA, '/tickets.consumables.create', { ...part, salesPrice: 0 }),
      'body.salesPrice',
      PROVIDER_ONLY.salesPrice,
    );
    const listed = await consumable(fleet.users.adminA, '/tickets.consumables.create', {
      ...part,
      salesPrice: null,
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const { ticketConsumableId } = ticketConsumableSchema.parse(listed.body);
    const update = (user: typeof fleet.users.adminA, salesPrice: number | null, quantity = 2) =>
      consumable(user, '/tickets.consumables.update', {
        ticketConsumableId,
        type: 'PART',
        displayName: 'Filter',
        quantity,
        salesPrice,
      });
    await expect403(() => update(fleet.users.adminA, 40), 'body.salesPrice', PROVIDER_ONLY.salesPrice);
    expect((await update(fleet.users.technician, 40)).status).toBe(200);
    await expect403(() => update(fleet.users.adminA, null), 'body.salesPrice', PROVIDER_ONLY.salesPrice);
    // The price sent as it is: the customer changes the quantity only.
    expect((await update(fleet.users.adminA, 40, 3)).status).toBe(200);
    const [row] = await db()
      .select()
      .from(ticketConsumables)
      .where(eq(ticketConsumables.ticketConsumableId, ticketConsumableId));
    expect(row).toMatchObject({ quantity: 3, salesPrice: 40 });
    const [ticket] = await db().select().from(tickets).where(eq(tickets.ticketId, ticketId));
    expect(ticket?.isFrozen).toBe(false);
  });
});
