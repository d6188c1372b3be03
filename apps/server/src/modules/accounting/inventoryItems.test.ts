import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inventoryPartExternalSchema,
  inventoryPartSchema,
  inventoryServiceSchema,
  netsuitePagedSchema,
  netsuiteProjectSchema,
} from '@kelvin/contract';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { NETSUITE_NOT_CONNECTED } from './accountingConnection.ts';
import { buildAccountingUsers } from './accountingTestKit.ts';

const rawPage = z.object({ items: z.array(z.record(z.string(), z.unknown())), totalResults: z.number() });
const parts = netsuitePagedSchema(inventoryPartSchema);
const services = netsuitePagedSchema(inventoryServiceSchema);
const projects = netsuitePagedSchema(netsuiteProjectSchema);
const partCosts = ['totalQuantityOnHand', 'costEstimate', 'averageCost', 'lastPurchasePrice'];
const serviceCosts = ['costEstimate', 'averageCost', 'lastPurchasePrice'];

describe('inventory items, service items and projects from NetSuite (the sandbox)', () => {
  let server: TestServer;
  let world: Awaited<ReturnType<typeof buildAccountingUsers>>;
  let api: ReturnType<typeof apiAs>;
  type Who = keyof typeof world.users;
  const as = (who: Who, path: string, body: unknown) => api(world.users[who], 'POST', path, body);
  const ok = async (who: Who, path: string, body: unknown) => {
    const answer = await as(who, path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    server = await startTestServer();
    world = await buildAccountingUsers(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  it('pages parts 20 at a time with every column for provider staff', async () => {
    const first = parts.parse(await ok('technician', '/netsuite.inventoryItems.list', {}));
    expect(first.items).toHaveLength(20);
    expect(first).toMatchObject({ offset: 0, limit: 20, hasMore: true });
    expect(first.totalResults).toBeGreaterThan(20);
    for (const part of first.items) {
      expect(part.totalQuantityOnHand).not.toBeNull();
      expect(part.costEstimate).not.toBeNull();
      expect(part.basePrice).toBeGreaterThan(0);
    }
    const second = parts.parse(await ok('technician', '/netsuite.inventoryItems.list', { offset: 20 }));
    const ids = new Set(first.items.map((part) => part.id));
    expect(second.items.some((part) => ids.has(part.id))).toBe(false);
  });

  it('narrows parts by every search word over item id, name, MPN and manufacturer', async () => {
    const all = parts.parse(await ok('providerAdmin', '/netsuite.inventoryItems.list', { limit: 100 }));
    const sample = all.items.find((part) => part.manufacturer !== null);
    if (sample?.manufacturer === null || sample === undefined)
      throw new Error('the sandbox has no manufacturer');
    const word = sample.manufacturer.split(' ')[0] ?? '';
    const found = parts.parse(
      await ok('providerAdmin', '/netsuite.inventoryItems.list', { search: word.toLowerCase() }),
    );
    expect(found.totalResults).toBeGreaterThan(0);
    expect(found.totalResults).toBeLessThan(all.totalResults);
    for (const part of found.items)
      expect(`${part.itemId} ${part.displayName} ${part.mpn} ${part.manufacturer}`.toUpperCase()).toContain(
        word.toUpperCase(),
      );
    const byItemId = parts.parse(
      await ok('providerAdmin', '/netsuite.inventoryItems.list', { search: sample.itemId }),
    );
    expect(byItemId.items.map((part) => part.id)).toContain(sample.id);
    const none = parts.parse(
      await ok('providerAdmin', '/netsuite.inventoryItems.list', { search: "zz'q%none" }),
    );
    expect(none).toMatchObject({ items: [], totalResults: 0 });
  });

  it('leaves quantity and costs out of an external user’s raw answer, not only null', async () => {
    const raw = rawPage.parse(await ok('customerReader', '/netsuite.inventoryItems.list', {}));
    expect(raw.items).toHaveLength(20);
    for (const item of raw.items) {
      for (const key of partCosts) expect(Object.keys(item)).not.toContain(key);
      expect(inventoryPartExternalSchema.strict().safeParse(item).success).toBe(true);
    }
    const rawServices = rawPage.parse(await ok('customerReader', '/netsuite.serviceSalesItems.list', {}));
    expect(rawServices.items.length).toBeGreaterThan(0);
    for (const item of rawServices.items)
      for (const key of serviceCosts) expect(Object.keys(item)).not.toContain(key);
    const one = z.record(z.string(), z.unknown()).parse(
      await ok('customerReader', '/netsuite.inventoryItems.get', {
        netSuiteInternalId: Number(raw.items[0]?.id),
      }),
    );
    expect(Object.keys(one).filter((key) => partCosts.includes(key))).toEqual([]);
    const service = z.record(z.string(), z.unknown()).parse(
      await ok('customerReader', '/netsuite.serviceSalesItems.get', {
        netSuiteInternalId: Number(rawServices.items[0]?.id),
      }),
    );
    expect(Object.keys(service).filter((key) => serviceCosts.includes(key))).toEqual([]);
    expect(service.basePrice).toEqual(expect.any(Number));
  });

  it('reads services with costs for provider staff, the two labour items among them', async () => {
    const page = services.parse(
      await ok('technician', '/netsuite.serviceSalesItems.list', { search: 'labor' }),
    );
    expect(page.items.map((service) => service.itemId)).toEqual(
      expect.arrayContaining(['LABOR-FIELD', 'LABOR-TRAVEL']),
    );
    const field = page.items.find((service) => service.itemId === 'LABOR-FIELD');
    expect(field?.costEstimate).not.toBeUndefined();
    const one = inventoryServiceSchema.parse(
      await ok('technician', '/netsuite.serviceSalesItems.get', { netSuiteInternalId: field?.id }),
    );
    expect(one).toEqual(field);
  });

  it('gets one part by internal id, and 404 for an id that is not a part', async () => {
    const first = parts.parse(await ok('technician', '/netsuite.inventoryItems.list', { limit: 1 })).items[0];
    const one = inventoryPartSchema.parse(
      await ok('technician', '/netsuite.inventoryItems.get', { netSuiteInternalId: first?.id }),
    );
    expect(one).toEqual(first);
    const missing = await as('technician', '/netsuite.inventoryItems.get', {
      netSuiteInternalId: 2_000_000_000,
    });
    expect(missing.status).toBe(404);
    const service = services.parse(await ok('technician', '/netsuite.serviceSalesItems.list', { limit: 1 }))
      .items[0];
    expect(
      (await as('technician', '/netsuite.inventoryItems.get', { netSuiteInternalId: service?.id })).status,
    ).toBe(404);
  });

  it('refuses inventory without netsuite:read and bad paging', async () => {
    expect((await as('customerOperator', '/netsuite.inventoryItems.list', {})).status).toBe(403);
    expect(
      (await as('customerOperator', '/netsuite.serviceSalesItems.get', { netSuiteInternalId: 1 })).status,
    ).toBe(403);
    expect((await as('technician', '/netsuite.inventoryItems.list', { limit: 101 })).status).toBe(400);
    expect((await as('technician', '/netsuite.inventoryItems.list', { offset: -1 })).status).toBe(400);
    expect(
      (await as('technician', '/netsuite.inventoryItems.get', { netSuiteInternalId: '1 OR 1=1' })).status,
    ).toBe(400);
  });

  it("lists projects as 'Parent : Name', searched over the whole chain, for netsuite:manage only", async () => {
    const all = projects.parse(await ok('providerAdmin', '/netsuite.projects.list', {}));
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items.length).toBeLessThanOrEqual(20);
    const nested = all.items.find((project) => project.name.includes(' : '));
    if (nested === undefined) throw new Error('no project with a parent');
    expect(nested.name.endsWith(nested.entityId)).toBe(true);
    const top = nested.name.split(' : ')[0] ?? '';
    const found = projects.parse(await ok('providerAdmin', '/netsuite.projects.list', { fuzzySearch: top }));
    expect(found.items.length).toBeGreaterThan(0);
    for (const project of found.items) expect(project.name.toUpperCase()).toContain(top.toUpperCase());
    for (const who of ['technician', 'customerReader'] as const)
      expect((await as(who, '/netsuite.projects.list', {})).status).toBe(403);
  });
});

describe('a real NetSuite account nobody has signed in to', () => {
  let server: TestServer;
  let world: Awaited<ReturnType<typeof buildAccountingUsers>>;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        NETSUITE_ACCOUNT_ID: '1234567_SB1',
        NETSUITE_CLIENT_ID: 'cid',
        NETSUITE_CLIENT_SECRET: 'secret',
      },
    });
    world = await buildAccountingUsers(server.database.db);
  });
  afterAll(() => server.close());

  it('answers 409 with what to do, and starts authorization at the account’s own page', async () => {
    const api = apiAs(server);
    const answer = await api(world.users.technician, 'POST', '/netsuite.inventoryItems.list', {});
    expect(answer.status).toBe(409);
    expect(errorOf(answer).message).toBe(NETSUITE_NOT_CONNECTED);
    const start = await api(world.users.providerAdmin, 'POST', '/netsuite.authorization.start', {});
    expect(z.object({ authorizationUrl: z.string() }).parse(start.body).authorizationUrl).toMatch(
      /^https:\/\/1234567-sb1\.app\.netsuite\.com\/app\/login\/oauth2\/authorize\.nl\?response_type=code&client_id=cid&/,
    );
  });
});
