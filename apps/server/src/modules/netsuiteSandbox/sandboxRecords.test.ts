import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import {
  expectNetsuiteError,
  locationId,
  readPage,
  sandboxCaller,
  type SandboxCaller,
} from './sandboxTestKit.ts';

let server: TestServer;
let sandbox: SandboxCaller;
const RECORDS = '/services/rest/record/v1';

beforeAll(async () => {
  server = await startTestServer();
  sandbox = sandboxCaller(server);
});
afterAll(async () => {
  await server.close();
});

const recordSchema = z.record(z.string(), z.unknown());
async function getRecord(path: string) {
  const response = await sandbox.rest('GET', `${RECORDS}/${path}`);
  expect(response.status).toBe(200);
  return recordSchema.parse(await response.json());
}

const orderSchema = z.object({
  id: z.string(),
  tranId: z.string(),
  externalId: z.string().optional(),
  entity: z.object({ id: z.string() }),
  job: z.object({ id: z.string(), refName: z.string() }).nullable(),
  memo: z.string().nullable(),
  otherRefNum: z.string().nullable(),
  status: z.object({ id: z.string(), refName: z.string() }),
  total: z.number(),
  lastModifiedDate: z.string(),
  item: z.object({
    items: z.array(
      z.object({
        line: z.number(),
        item: z.object({ id: z.string() }),
        quantity: z.number(),
        rate: z.number(),
        amount: z.number(),
        isClosed: z.boolean(),
      }),
    ),
  }),
});

/** The internal ids of a seeded customer's first project and of two seeded items. */
async function seededRefs() {
  const customer = await getRecord('customer/10451');
  const [job] = (
    await readPage(
      await sandbox.suiteql(
        `SELECT id FROM job WHERE customer = 10451 AND entityid = '2026 Service Agreement'`,
      ),
    )
  ).items;
  const part = await getRecord('inventoryItem/eid:PRT-10001');
  const labour = await getRecord('serviceSaleItem/eid:LABOR-FIELD');
  return {
    customerId: z.string().parse(customer.id),
    jobId: z.string().parse(job?.id),
    partId: z.string().parse(part.id),
    labourId: z.string().parse(labour.id),
  };
}

describe('seeded records', () => {
  it('holds a customer per demo company, project trees named with their parents, parts and services', async () => {
    const customer = await getRecord('customer/10451');
    expect(customer).toMatchObject({ id: '10451', entityId: 'Northwind Data Centers', isInactive: false });
    expect(customer.links).toEqual([{ rel: 'self', href: `${sandbox.base}${RECORDS}/customer/10451` }]);

    const rows = (
      await readPage(
        await sandbox.suiteql(`SELECT fullname, parent FROM job WHERE customer = 10451 ORDER BY fullname`),
      )
    ).items;
    expect(rows.map((row) => row.fullname)).toContain(
      'Northwind Data Centers : Northwind Ashburn : 2026 Service Agreement',
    );
    const grandchild = await getRecord(
      `job/${z.string().parse((await readPage(await sandbox.suiteql(`SELECT id FROM job WHERE fullname = 'Northwind Data Centers : Northwind Dallas : 2026 Repairs and Call-outs'`))).items[0]?.id)}`,
    );
    expect(grandchild).toMatchObject({
      entityId: '2026 Repairs and Call-outs',
      parent: { refName: 'Northwind Dallas' },
      customer: { id: '10451', refName: 'Northwind Data Centers' },
    });

    const parts = await readPage(await sandbox.rest('GET', `${RECORDS}/inventoryItem?limit=5`));
    expect(parts.totalResults).toBeGreaterThanOrEqual(55);
    const part = await getRecord('inventoryItem/eid:PRT-10010');
    expect(part).toMatchObject({ itemId: 'PRT-10010', manufacturer: 'Copeland', mpn: 'ZP122KCE-TFD' });
    expect(part).toHaveProperty('totalQuantityOnHand');
    expect(part).toHaveProperty('basePrice');
    const services = await readPage(await sandbox.rest('GET', `${RECORDS}/serviceSaleItem`));
    expect(services.totalResults).toBeGreaterThanOrEqual(15);
    expect(await getRecord('serviceSaleItem/eid:LABOR-TRAVEL')).toMatchObject({ itemId: 'LABOR-TRAVEL' });
  });
});

describe('collections', () => {
  it('page with NetSuite links: next and last while there is more, previous and first after the first page', async () => {
    const first = await readPage(await sandbox.rest('GET', `${RECORDS}/inventoryItem?limit=10`));
    const total = first.totalResults;
    expect(first).toMatchObject({ count: 10, hasMore: true, offset: 0 });
    expect(first.links.map((link) => link.rel)).toEqual(['next', 'last', 'self']);
    expect(first.links[0]?.href).toBe(`${sandbox.base}${RECORDS}/inventoryitem?limit=10&offset=10`);
    const item = z
      .strictObject({ links: z.array(z.object({ rel: z.string(), href: z.string() })), id: z.string() })
      .parse(first.items[0]);
    expect(item.id).toMatch(/^\d+$/);
    expect(item.links).toEqual([{ rel: 'self', href: `${sandbox.base}${RECORDS}/inventoryitem/${item.id}` }]);

    const lastOffset = Math.floor((total - 1) / 10) * 10;
    expect(first.links[1]?.href).toContain(`offset=${lastOffset}`);
    const last = await readPage(
      await sandbox.rest('GET', `${RECORDS}/inventoryItem?limit=10&offset=${lastOffset}`),
    );
    expect(last.hasMore).toBe(false);
    expect(last.count).toBe(total - lastOffset);
    expect(last.links.map((link) => link.rel)).toEqual(['previous', 'first', 'self']);

    const ids = new Set<unknown>();
    for (let offset = 0; offset < total; offset += 10)
      for (const item of (
        await readPage(await sandbox.rest('GET', `${RECORDS}/inventoryItem?limit=10&offset=${offset}`))
      ).items)
        ids.add(item.id);
    expect(ids.size).toBe(total);
  });

  it('refuses a limit above 1000, an unknown type and a bad query', async () => {
    await expectNetsuiteError(
      await sandbox.rest('GET', `${RECORDS}/customer?limit=1001`),
      400,
      'INVALID_PARAMETER',
    );
    await expectNetsuiteError(await sandbox.rest('GET', `${RECORDS}/vendor`), 400, 'INVALID_PARAMETER');
    await expectNetsuiteError(
      await sandbox.rest('GET', `${RECORDS}/customer?q=drop table`),
      400,
      'INVALID_PARAMETER',
    );
  });

  it('filters with q: field IS value', async () => {
    const page = await readPage(
      await sandbox.rest(
        'GET',
        `${RECORDS}/customer?q=${encodeURIComponent('entityId IS "Fjord Colocation"')}`,
      ),
    );
    expect(page.items.map((item) => item.id)).toEqual(['10472']);
  });
});

describe('writes', () => {
  it('creates, reads, updates and deletes a customer and a project, by id and by eid', async () => {
    const created = await sandbox.rest('POST', `${RECORDS}/customer`, {
      body: { companyName: 'Test Cooling GmbH', externalId: 'test-customer-1' },
    });
    const customerId = locationId(created);
    expect(created.headers.get('location')).toBe(`${sandbox.base}${RECORDS}/customer/${customerId}`);
    expect(await getRecord('customer/eid:test-customer-1')).toMatchObject({
      id: customerId,
      entityId: 'Test Cooling GmbH',
      externalId: 'test-customer-1',
    });

    const jobId = locationId(
      await sandbox.rest('POST', `${RECORDS}/job`, {
        body: { entityId: 'Site Munich', parent: { id: customerId } },
      }),
    );
    const before = z.string().parse((await getRecord(`job/${jobId}`)).lastModifiedDate);
    expect(
      (
        await sandbox.rest('PATCH', `${RECORDS}/customer/eid:test-customer-1`, {
          body: { entityId: 'Test Cooling AG' },
        })
      ).status,
    ).toBe(204);
    const [row] = (await readPage(await sandbox.suiteql(`SELECT fullname FROM job WHERE id = ${jobId}`)))
      .items;
    expect(row?.fullname).toBe('Test Cooling AG : Site Munich');
    expect(await getRecord(`job/${jobId}`)).toMatchObject({ customer: { refName: 'Test Cooling AG' } });
    expect(z.string().parse((await getRecord(`job/${jobId}`)).lastModifiedDate) >= before).toBe(true);

    await expectNetsuiteError(
      await sandbox.rest('DELETE', `${RECORDS}/customer/${customerId}`),
      400,
      'USER_ERROR',
    );
    expect((await sandbox.rest('DELETE', `${RECORDS}/job/${jobId}`)).status).toBe(204);
    expect((await sandbox.rest('DELETE', `${RECORDS}/customer/${customerId}`)).status).toBe(204);
    await expectNetsuiteError(
      await sandbox.rest('GET', `${RECORDS}/customer/${customerId}`),
      404,
      'NONEXISTENT_ID',
    );
    await expectNetsuiteError(
      await sandbox.rest('GET', `${RECORDS}/customer/eid:nobody`),
      404,
      'NONEXISTENT_ID',
    );
  });

  it('moves a project to another parent, renaming its chain, and refuses a loop', async () => {
    const customerId = locationId(
      await sandbox.rest('POST', `${RECORDS}/customer`, { body: { companyName: 'Loop Test' } }),
    );
    const upper = locationId(
      await sandbox.rest('POST', `${RECORDS}/job`, {
        body: { entityId: 'Upper', parent: { id: customerId } },
      }),
    );
    const lower = locationId(
      await sandbox.rest('POST', `${RECORDS}/job`, { body: { entityId: 'Lower', parent: { id: upper } } }),
    );
    const fullname = async (id: string) =>
      (await readPage(await sandbox.suiteql(`SELECT fullname FROM job WHERE id = ${id}`))).items[0]?.fullname;
    expect(await fullname(lower)).toBe('Loop Test : Upper : Lower');
    const loop = await expectNetsuiteError(
      await sandbox.rest('PATCH', `${RECORDS}/job/${upper}`, { body: { parent: { id: lower } } }),
      400,
      'USER_ERROR',
    );
    expect(loop?.['o:errorPath']).toBe('parent');
    expect(
      (await sandbox.rest('PATCH', `${RECORDS}/job/${lower}`, { body: { parent: { id: customerId } } }))
        .status,
    ).toBe(204);
    expect(await fullname(lower)).toBe('Loop Test : Lower');
  });

  it('refuses what NetSuite refuses, naming the field', async () => {
    const missingParent = await expectNetsuiteError(
      await sandbox.rest('POST', `${RECORDS}/job`, { body: { entityId: 'Orphan' } }),
      400,
      'USER_ERROR',
    );
    expect(missingParent?.['o:errorPath']).toBe('parent');
    await expectNetsuiteError(
      await sandbox.rest('POST', `${RECORDS}/job`, {
        body: { entityId: 'Orphan', parent: { id: '999999' } },
      }),
      400,
      'USER_ERROR',
    );
    const unknownField = await expectNetsuiteError(
      await sandbox.rest('POST', `${RECORDS}/customer`, { body: { companyName: 'X', color: 'red' } }),
      400,
      'INVALID_CONTENT',
    );
    expect(unknownField?.['o:errorPath']).toBe('color');
    await expectNetsuiteError(
      await sandbox
        .rest('POST', `${RECORDS}/customer`, { body: { companyName: 'X', externalId: 'kelvin-dup' } })
        .then(() =>
          sandbox.rest('POST', `${RECORDS}/customer`, {
            body: { companyName: 'Y', externalId: 'kelvin-dup' },
          }),
        ),
      400,
      'USER_ERROR',
    );
    await expectNetsuiteError(
      await sandbox.rest('PUT', `${RECORDS}/customer/10451`, { body: {} }),
      400,
      'INVALID_PARAMETER',
    );
    await expectNetsuiteError(
      await sandbox.rest('PATCH', `${RECORDS}/job/999999`, { body: {} }),
      404,
      'NONEXISTENT_ID',
    );
  });
});

describe('sales orders', () => {
  it('are made once by PUT on eid, closed by closing every line, and refuse changes once closed', async () => {
    const refs = await seededRefs();
    const order = (memo: string) => ({
      entity: { id: refs.customerId },
      job: { id: refs.jobId },
      memo,
      otherRefNum: 'PO-7781',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      item: {
        items: [
          { item: { id: refs.partId }, quantity: 2, rate: 1695 },
          { item: { id: refs.labourId }, quantity: 3.5 },
        ],
      },
    });
    const firstId = locationId(
      await sandbox.rest('PUT', `${RECORDS}/salesOrder/eid:kelvin-ticket-42`, { body: order('first') }),
    );
    const secondId = locationId(
      await sandbox.rest('PUT', `${RECORDS}/salesOrder/eid:kelvin-ticket-42`, { body: order('again') }),
    );
    expect(secondId).toBe(firstId);
    const orders = await readPage(
      await sandbox.suiteql(
        `SELECT id, tranid, status, foreigntotal FROM transaction WHERE externalid = 'kelvin-ticket-42'`,
      ),
    );
    expect(orders.totalResults).toBe(1);

    const stored = orderSchema.parse(await getRecord(`salesOrder/${firstId}`));
    expect(stored).toMatchObject({
      tranId: `SO-${firstId}`,
      externalId: 'kelvin-ticket-42',
      memo: 'again',
      otherRefNum: 'PO-7781',
      entity: { id: refs.customerId },
      status: { id: 'B', refName: 'Pending Fulfillment' },
      total: 2 * 1695 + 3.5 * 145,
    });
    expect(stored.job?.refName).toBe('Northwind Data Centers : Northwind Ashburn : 2026 Service Agreement');
    expect(stored.item.items.map((line) => [line.line, line.amount, line.isClosed])).toEqual([
      [1, 3390, false],
      [2, 507.5, false],
    ]);
    expect(orders.items[0]).toMatchObject({ tranid: `SO-${firstId}`, status: 'B', foreigntotal: '3897.5' });

    const close = {
      item: { items: stored.item.items.map((line) => ({ line: line.line, isClosed: true })) },
    };
    expect((await sandbox.rest('PATCH', `${RECORDS}/salesOrder/${firstId}`, { body: close })).status).toBe(
      204,
    );
    const closed = orderSchema.parse(await getRecord(`salesOrder/eid:kelvin-ticket-42`));
    expect(closed.status).toEqual({ id: 'H', refName: 'Closed' });
    expect(closed.total).toBe(stored.total);
    await expectNetsuiteError(
      await sandbox.rest('PATCH', `${RECORDS}/salesOrder/${firstId}`, { body: { memo: 'late' } }),
      400,
      'USER_ERROR',
    );
    await expectNetsuiteError(
      await sandbox.rest('PUT', `${RECORDS}/salesOrder/eid:kelvin-ticket-42`, { body: order('late') }),
      400,
      'USER_ERROR',
    );
  });

  it('need a customer, a line, existing items and a project of that customer; delete removes them', async () => {
    const refs = await seededRefs();
    const line = { item: { id: refs.partId }, quantity: 1 };
    const refusals: [unknown, string][] = [
      [{ item: { items: [line] } }, 'entity'],
      [{ entity: { id: refs.customerId }, item: { items: [] } }, 'item'],
      [
        { entity: { id: refs.customerId }, item: { items: [{ item: { id: '999999' }, quantity: 1 }] } },
        'item.items[0].item',
      ],
      [{ entity: { id: refs.customerId }, job: { id: '999999' }, item: { items: [line] } }, 'job'],
      [{ entity: { id: '10472' }, job: { id: refs.jobId }, item: { items: [line] } }, 'job'],
    ];
    for (const [body, path] of refusals) {
      const detail = await expectNetsuiteError(
        await sandbox.rest('POST', `${RECORDS}/salesOrder`, { body }),
        400,
        'USER_ERROR',
      );
      expect(detail?.['o:errorPath']).toBe(path);
    }
    // A project alone names its customer.
    const id = locationId(
      await sandbox.rest('POST', `${RECORDS}/salesOrder`, {
        body: { job: { id: refs.jobId }, item: { items: [line] } },
      }),
    );
    expect(orderSchema.parse(await getRecord(`salesOrder/${id}`)).entity.id).toBe(refs.customerId);
    await expectNetsuiteError(
      await sandbox.rest('DELETE', `${RECORDS}/job/${refs.jobId}`),
      400,
      'USER_ERROR',
    );
    expect((await sandbox.rest('DELETE', `${RECORDS}/salesOrder/${id}`)).status).toBe(204);
    await expectNetsuiteError(
      await sandbox.rest('GET', `${RECORDS}/salesOrder/${id}`),
      404,
      'NONEXISTENT_ID',
    );
  });
});
