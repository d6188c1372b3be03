import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketConsumableSchema } from '@kelvin/contract';
import { ticketConsumables, tickets } from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { PROVIDER_ONLY } from './ticketAccess.ts';
import {
  RELATION_OWNER as OWNER,
  RELATION_REQUESTER as REQUESTER,
  RELATION_WORKER as WORKER,
} from './ticketRules.ts';
import { assignableOf, expectRefused, ticketOf, ticketsApi } from './ticketsTestKit.ts';

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

  /**
   * A ticket the customer administrator (adminA) may see and change: EXTERNAL, on a unit in the access groups of
   * adminA and operatorA both (each is limited to their groups).
   */
  const customerTicket = async () =>
    ticketOf(
      await call.create(fleet.users.technician, {
        companyId: fleet.companyA.companyId,
        title: 'Compressor trips',
        visibility: 'EXTERNAL',
        assetIds: [fleet.ids.unitA1],
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
    // On a unit in adminA's groups: a user limited by access groups opens a ticket only on their assets.
    const base = {
      companyId: fleet.companyA.companyId,
      title: 'Already fixed',
      assetIds: [fleet.ids.unitA1],
    };
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
    // The price sent as it is does not let the customer change the quantity: the priced line is the provider's.
    await expect403(() => update(fleet.users.adminA, 40, 3), 'body.quantity', PROVIDER_ONLY.pricedConsumable);
    const [row] = await db()
      .select()
      .from(ticketConsumables)
      .where(eq(ticketConsumables.ticketConsumableId, ticketConsumableId));
    expect(row).toMatchObject({ quantity: 2, salesPrice: 40 });
    const [ticket] = await db().select().from(tickets).where(eq(tickets.ticketId, ticketId));
    expect(ticket?.isFrozen).toBe(false);
  });

  it('refuses an external user changing or removing a priced part, or any part once the sales order exists', async () => {
    const ticketId = await customerTicket();
    const { adminA, technician } = fleet.users;
    const post = (user: typeof adminA, path: string, body: Record<string, unknown>) =>
      api(user, 'POST', `/tickets.consumables.${path}`, body);
    const create = async (user: typeof adminA, salesPrice: number | null) => {
      const body = { ticketId, type: 'PART', displayName: 'Filter', quantity: 2, salesPrice };
      const answer = await post(user, 'create', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return ticketConsumableSchema.parse(answer.body);
    };
    type Part = { ticketConsumableId: number; quantity: number; salesPrice: number | null };
    /** An update of `part` sending it as it is but for `changes`. */
    const line = (part: Part, changes = {}) => ({
      ticketConsumableId: part.ticketConsumableId,
      type: 'PART',
      displayName: 'Filter',
      quantity: part.quantity,
      salesPrice: part.salesPrice,
      ...changes,
    });
    const rowOf = async (ticketConsumableId: number) =>
      (
        await db()
          .select()
          .from(ticketConsumables)
          .where(eq(ticketConsumables.ticketConsumableId, ticketConsumableId))
      )[0];
    const refusedUnchanged = async (part: Part, rule: string) => {
      const before = await rowOf(part.ticketConsumableId);
      await expect403(() => post(adminA, 'update', line(part, { quantity: 999 })), 'body.quantity', rule);
      await expect403(
        () => post(adminA, 'update', line(part, { displayName: 'Gold' })),
        'body.displayName',
        rule,
      );
      const id = { ticketConsumableId: part.ticketConsumableId };
      await expect403(() => post(adminA, 'delete', id), 'body.ticketConsumableId', rule);
      expect(await rowOf(part.ticketConsumableId)).toEqual(before);
    };

    // The customer's own unpriced part on an open ticket stays theirs to change and remove.
    const own = await create(adminA, null);
    expect((await post(adminA, 'update', line(own, { quantity: 3 }))).status).toBe(200);
    expect((await post(adminA, 'delete', { ticketConsumableId: own.ticketConsumableId })).status).toBe(200);

    // Priced by the provider (0 included): refused to the customer, the provider's staff still change it.
    for (const salesPrice of [40, 0])
      await refusedUnchanged(await create(technician, salesPrice), PROVIDER_ONLY.pricedConsumable);
    const priced = await create(technician, 40);
    expect((await post(technician, 'update', line(priced, { quantity: 5 }))).status).toBe(200);
    expect((await post(technician, 'delete', { ticketConsumableId: priced.ticketConsumableId })).status).toBe(
      200,
    );

    // PENDING_SALES_ORDER is not past it: the customer's unpriced part is still theirs.
    ticketOf(await call.update(technician, { ticketId, isBillable: true }));
    const pending = await create(adminA, null);
    expect((await post(adminA, 'update', line(pending, { quantity: 4 }))).status).toBe(200);
    // Past PENDING_SALES_ORDER (the sales order created, then closed) every part is the provider's.
    for (const state of ['SALES_ORDER_CREATED', 'SALES_ORDER_CLOSED']) {
      await db().update(tickets).set({ netSuiteBillingState: state }).where(eq(tickets.ticketId, ticketId));
      await refusedUnchanged({ ...pending, quantity: 4 }, PROVIDER_ONLY.billedConsumable);
    }
    expect((await post(technician, 'update', line(pending, { quantity: 6 }))).status).toBe(200);
    expect(
      (await post(technician, 'delete', { ticketConsumableId: pending.ticketConsumableId })).status,
    ).toBe(200);
  });

  it("refuses an external user adding or removing another company's people, the provider's staff above all", async () => {
    const ticketId = await customerTicket();
    const { adminA, operatorA, adminB, technician, providerAdmin } = fleet.users;
    const person = (userId: number, relationTypeEnumValue: number) => ({
      ticketId,
      userId,
      relationTypeEnumValue,
    });
    ticketOf(await call.addUser(technician, person(technician.userId, OWNER)));
    ticketOf(await call.addUser(technician, person(providerAdmin.userId, WORKER)));
    for (const [user, relation] of [
      [technician, OWNER],
      [providerAdmin, WORKER],
      // Not on the ticket, or in no company the caller sees: the same answer, so ids tell nothing.
      [adminB, WORKER],
      [{ userId: 987_654 }, WORKER],
    ] as const) {
      await expect403(
        () => call.removeUser(adminA, person(user.userId, relation)),
        'body.userId',
        PROVIDER_ONLY.otherCompanyPeople,
      );
      await expect403(
        () => call.addUser(adminA, person(user.userId, relation)),
        'body.userId',
        PROVIDER_ONLY.otherCompanyPeople,
      );
    }
    await expect403(
      () =>
        call.create(adminA, {
          companyId: fleet.companyA.companyId,
          title: 'Send Tom',
          assetIds: [fleet.ids.unitA1],
          users: [{ userId: technician.userId, relationTypeEnumValue: WORKER }],
        }),
      'body.users',
      PROVIDER_ONLY.otherCompanyPeople,
    );

    // The picker offers them only their own company's people; the provider's staff, anyone who may read it.
    const offered = async (user: typeof adminA) =>
      assignableOf(await call.assignable(user, { ticketId })).map((candidate) => candidate.userId);
    expect((await offered(adminA)).sort()).toEqual([adminA.userId, operatorA.userId].sort());
    expect(await offered(technician)).toEqual(expect.arrayContaining([technician.userId, operatorA.userId]));

    // Their own company's people they add and remove; the provider's staff change anyone.
    ticketOf(await call.addUser(adminA, person(operatorA.userId, REQUESTER)));
    ticketOf(await call.removeUser(adminA, person(operatorA.userId, REQUESTER)));
    ticketOf(await call.addUser(technician, person(adminA.userId, REQUESTER)));
    const after = ticketOf(await call.removeUser(providerAdmin, person(technician.userId, OWNER)));
    expect(after.users.map((user) => [user.userId, user.relationTypeEnumValue])).toEqual([
      [adminA.userId, REQUESTER],
      [providerAdmin.userId, WORKER],
    ]);
  });
});
