import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ticketConsumableSchema } from '@kelvin/contract';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import {
  buildTicketFixture,
  expectRefused,
  ticketEvents,
  ticketUpdatedAt,
  type TicketFixture,
} from './ticketCommentsTestKit.ts';

const listSchema = z.object({ content: z.array(ticketConsumableSchema) });
type User = { identityId: string };

describe('ticket consumable calls', () => {
  let server: TestServer;
  let fx: TicketFixture;
  let api: ReturnType<typeof apiAs>;
  const db = () => server.database.db;

  const create = async (user: User, body: Record<string, unknown>) => {
    const answer = await api(user, 'POST', '/tickets.consumables.create', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return ticketConsumableSchema.parse(answer.body);
  };
  const list = async (user: User, ticketIds: number[]) => {
    const answer = await api(user, 'POST', '/tickets.consumables.list', { ticketIds });
    expect(answer.status).toBe(200);
    return listSchema.parse(answer.body).content;
  };

  beforeAll(async () => {
    server = await startTestServer();
    fx = await buildTicketFixture(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  it('adds parts and services, lists them by ticket ids with content, and records each write', async () => {
    const before = await ticketUpdatedAt(db(), fx.ids.ticketA);
    const part = await create(fx.users.technician, {
      ticketId: fx.ids.ticketA,
      type: 'PART',
      displayName: 'Compressor contactor',
      itemId: 'INV-4411',
      quantity: 2,
      salesPrice: 84.5,
    });
    const service = await create(fx.users.technician, {
      ticketId: fx.ids.ticketA,
      type: 'SERVICE',
      displayName: 'Call-out',
      quantity: 1,
      salesPrice: null,
    });
    expect(part).toMatchObject({ type: 'PART', quantity: 2, salesPrice: 84.5, itemId: 'INV-4411' });
    expect(service).toMatchObject({ salesPrice: null, itemId: null });
    // Provider staff set prices (a customer may not): the Bravo part is entered by the technician.
    const other = await create(fx.users.technician, {
      ticketId: fx.ids.ticketB,
      type: 'PART',
      displayName: 'Filter',
      quantity: 4,
      salesPrice: 0,
    });
    const rows = await list(fx.users.providerAdmin, [fx.ids.ticketA, fx.ids.ticketB]);
    expect(rows.map((row) => row.ticketConsumableId)).toEqual([
      part.ticketConsumableId,
      service.ticketConsumableId,
      other.ticketConsumableId,
    ]);
    expect(await ticketUpdatedAt(db(), fx.ids.ticketA)).not.toEqual(before);
    expect((await ticketEvents(db(), fx.ids.ticketA)).map((event) => event.name)).toEqual([
      'tickets.consumables.create',
      'tickets.consumables.create',
    ]);
  });

  it('updates and deletes, each recorded in the ticket history', async () => {
    const row = await create(fx.users.adminA, {
      ticketId: fx.ids.ticketA,
      type: 'PART',
      displayName: 'Belt',
      quantity: 1,
      salesPrice: null,
    });
    const updated = await api(fx.users.technician, 'POST', '/tickets.consumables.update', {
      ticketConsumableId: row.ticketConsumableId,
      type: 'PART',
      displayName: 'Drive belt B-52',
      quantity: 3,
      salesPrice: 12.25,
    });
    expect(ticketConsumableSchema.parse(updated.body)).toMatchObject({
      displayName: 'Drive belt B-52',
      quantity: 3,
      salesPrice: 12.25,
    });
    const deleted = await api(fx.users.technician, 'POST', '/tickets.consumables.delete', {
      ticketConsumableId: row.ticketConsumableId,
    });
    expect(deleted.status).toBe(200);
    expect(
      (await list(fx.users.technician, [fx.ids.ticketA])).map((item) => item.ticketConsumableId),
    ).not.toContain(row.ticketConsumableId);
    const events = await ticketEvents(db(), fx.ids.ticketA);
    expect(events.slice(-2)).toMatchObject([
      { name: 'tickets.consumables.update', data: { salesPrice: 12.25, quantity: 3 } },
      { name: 'tickets.consumables.delete', actorUserId: fx.users.technician.userId },
    ]);
  });

  it("answers 404 for another company's ticket or consumable, and for an external user's INTERNAL ticket", async () => {
    const bravo = await create(fx.users.technician, {
      ticketId: fx.ids.ticketB,
      type: 'SERVICE',
      displayName: 'Inspection',
      quantity: 1,
      salesPrice: 90,
    });
    await expectRefused(
      db(),
      () =>
        api(fx.users.adminA, 'POST', '/tickets.consumables.list', {
          ticketIds: [fx.ids.ticketA, fx.ids.ticketB],
        }),
      404,
    );
    await expectRefused(
      db(),
      () => api(fx.users.adminA, 'POST', '/tickets.consumables.list', { ticketIds: [fx.ids.internalA] }),
      404,
    );
    const body = { type: 'PART', displayName: 'x', quantity: 1, salesPrice: 1 };
    await expectRefused(
      db(),
      () =>
        api(fx.users.adminA, 'POST', '/tickets.consumables.create', { ticketId: fx.ids.ticketB, ...body }),
      404,
    );
    await expectRefused(
      db(),
      () =>
        api(fx.users.adminA, 'POST', '/tickets.consumables.update', {
          ticketConsumableId: bravo.ticketConsumableId,
          ...body,
        }),
      404,
      'Consumable not found.',
    );
    await expectRefused(
      db(),
      () =>
        api(fx.users.adminA, 'POST', '/tickets.consumables.delete', {
          ticketConsumableId: bravo.ticketConsumableId,
        }),
      404,
    );
  });

  it('refuses bad input naming the field, a reader without tickets:write, and a frozen ticket', async () => {
    const good = { ticketId: fx.ids.ticketA, type: 'PART', displayName: 'Fuse', quantity: 1, salesPrice: 3 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, type: 'LABOUR' }, 'type'],
      [{ ...good, displayName: ' ' }, 'displayName'],
      [{ ...good, quantity: 0 }, 'quantity'],
      [{ ...good, salesPrice: -1 }, 'salesPrice'],
      [{ ...good, salesPrice: 'free' }, 'salesPrice'],
      [{ ticketId: fx.ids.ticketA, type: 'PART', displayName: 'Fuse', quantity: 1 }, 'salesPrice'],
    ];
    for (const [body, field] of cases) {
      const answer = await expectRefused(
        db(),
        () => api(fx.users.technician, 'POST', '/tickets.consumables.create', body),
        400,
      );
      expect(JSON.stringify(errorOf(answer))).toContain(field);
    }
    await expectRefused(
      db(),
      () => api(fx.users.technician, 'POST', '/tickets.consumables.list', { ticketIds: [] }),
      400,
    );
    await expectRefused(
      db(),
      () => api(fx.users.operatorA, 'POST', '/tickets.consumables.create', good),
      403,
    );
    await expectRefused(
      db(),
      () =>
        api(fx.users.technician, 'POST', '/tickets.consumables.create', {
          ...good,
          ticketId: fx.ids.frozenA,
        }),
      409,
      'This ticket is frozen: unfreeze it before changing it.',
    );
    // A reader may still list.
    expect(await list(fx.users.operatorA, [fx.ids.ticketA])).not.toHaveLength(0);
  });
});
