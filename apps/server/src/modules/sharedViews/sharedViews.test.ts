import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sharedViewSchema, sharedViewSummarySchema, SHARED_VIEW_DATA_MAX_BYTES } from '@kelvin/contract';
import { changedTables, databaseFingerprint } from '../../testing/databaseFingerprint.ts';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { countEvents } from '../users/adminTestKit.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const summaries = z.array(sharedViewSummarySchema);

describe.each(kinds)('shared views on %s', (kind) => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  type Who = keyof AssetFleet['users'];
  const as = (who: Who, path: string, body: unknown) => api(fleet.users[who], 'POST', path, body);

  const insert = async (who: Who, fields: Record<string, unknown>) => {
    const answer = await as(who, '/sharedViews.insert', {
      name: 'Supply air, hall 1',
      context: 'DIAGNOSE',
      schema: 'v4',
      data: { rangeDisplay: 'Last 1 Hour', selectedAssets: [fleet.ids.unitA1] },
      ...fields,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return sharedViewSchema.parse(answer.body);
  };
  const status = async (who: Who, sharedViewId: number) =>
    (await as(who, '/sharedViews.get', { sharedViewId })).status;
  const listed = async (who: Who, types?: string[]) => {
    const answer = await as(who, '/sharedViews.list', {
      contexts: ['DIAGNOSE'],
      ...(types ? { types } : {}),
    });
    expect(answer.status).toBe(200);
    return summaries.parse(answer.body).map((view) => view.sharedViewId);
  };
  /** A call that must be refused with `code` and leave every table as it was. */
  const refusedUnchanged = async (code: number, call: () => ReturnType<typeof as>) => {
    const before = await databaseFingerprint(server.database.db);
    const answer = await call();
    expect(answer.status, JSON.stringify(answer.body)).toBe(code);
    expect(changedTables(before, await databaseFingerprint(server.database.db))).toEqual([]);
    return errorOf(answer);
  };

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
    // Tokens are minted on first use, which writes a provider session: done here, outside the fingerprints.
    for (const who of ['operatorA', 'adminA', 'adminB', 'providerAdmin'] as const) {
      expect((await as(who, '/sharedViews.list', { contexts: ['DIAGNOSE'] })).status).toBe(200);
    }
  });
  afterAll(() => server.close());

  it('saves a view in the caller’s company with its data, an event, and defaults for what was left out', async () => {
    const events = await countEvents(server.database.db, { name: 'sharedViews.insert' });
    const view = await insert('operatorA', { type: 'PERSONAL' });
    expect(view).toMatchObject({
      creatorId: fleet.users.operatorA.userId,
      creatorName: 'Otto Alpha',
      companyId: fleet.companyA.companyId,
      type: 'PERSONAL',
      context: 'DIAGNOSE',
      description: '',
      isDeleted: false,
      data: { rangeDisplay: 'Last 1 Hour' },
    });
    expect(view.externalId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await countEvents(server.database.db, { name: 'sharedViews.insert' })).toBe(events + 1);
    const bare = await as('operatorA', '/sharedViews.insert', { name: 'Bare', data: {} });
    expect(sharedViewSchema.parse(bare.body)).toMatchObject({
      type: 'PROVISIONAL',
      context: 'NONE',
      schema: 'v0',
    });
  });

  it('shows a personal view only to its creator, a published one only within its company', async () => {
    const personal = await insert('operatorA', { type: 'PERSONAL' });
    const published = await insert('operatorA', { type: 'PUBLISHED' });
    expect(await status('operatorA', personal.sharedViewId)).toBe(200);
    expect(await status('adminA', personal.sharedViewId)).toBe(404);
    expect(await status('providerAdmin', personal.sharedViewId)).toBe(404);
    expect(await status('adminA', published.sharedViewId)).toBe(200);
    expect(await status('adminB', published.sharedViewId)).toBe(404);
    expect(await listed('operatorA')).toEqual(
      expect.arrayContaining([personal.sharedViewId, published.sharedViewId]),
    );
    const adminA = await listed('adminA');
    expect(adminA).toContain(published.sharedViewId);
    expect(adminA).not.toContain(personal.sharedViewId);
    expect(await listed('adminB')).not.toContain(published.sharedViewId);
  });

  it('opens a provisional view by id within its company but never lists it for selection', async () => {
    const provisional = await insert('operatorA', { type: 'PROVISIONAL' });
    expect(await status('adminA', provisional.sharedViewId)).toBe(200);
    expect(await status('adminB', provisional.sharedViewId)).toBe(404);
    expect(await listed('adminA', ['PROVISIONAL', 'PUBLISHED'])).not.toContain(provisional.sharedViewId);
    expect(await listed('operatorA')).not.toContain(provisional.sharedViewId);
    expect(await listed('operatorA', ['PROVISIONAL'])).toContain(provisional.sharedViewId);
    const byExternal = await as('adminA', '/sharedViews.getByExternalId', {
      externalId: provisional.externalId,
    });
    expect(sharedViewSchema.parse(byExternal.body).sharedViewId).toBe(provisional.sharedViewId);
  });

  it('sets and unsets global only with sharedViews:setGlobal, on views the curator can see', async () => {
    await refusedUnchanged(403, () =>
      as('operatorA', '/sharedViews.insert', { name: 'Everyone', type: 'GLOBAL', data: {} }),
    );
    const customers = await insert('operatorA', { type: 'PUBLISHED' });
    await refusedUnchanged(403, () =>
      as('adminA', '/sharedViews.setGlobal', { sharedViewId: customers.sharedViewId }),
    );
    // Provider staff curate global views from what they can see: a customer's published view is not theirs to spread.
    await refusedUnchanged(404, () =>
      as('providerAdmin', '/sharedViews.setGlobal', { sharedViewId: customers.sharedViewId }),
    );
    const provider = await insert('providerAdmin', { type: 'PUBLISHED' });
    expect(await status('adminB', provider.sharedViewId)).toBe(404);
    const global = await as('providerAdmin', '/sharedViews.setGlobal', {
      sharedViewId: provider.sharedViewId,
    });
    expect(sharedViewSchema.parse(global.body).type).toBe('GLOBAL');
    expect(await status('adminB', provider.sharedViewId)).toBe(200);
    expect(await listed('adminB')).toContain(provider.sharedViewId);
    // A global view is read by everyone but changed only by its creator and its curators.
    const change = {
      sharedViewId: provider.sharedViewId,
      name: 'Mine now',
      type: 'GLOBAL',
      context: 'DIAGNOSE',
      data: {},
    };
    await refusedUnchanged(403, () => as('adminB', '/sharedViews.update', change));
    const unset = await as('providerAdmin', '/sharedViews.unsetGlobal', {
      sharedViewId: provider.sharedViewId,
    });
    expect(sharedViewSchema.parse(unset.body).type).toBe('PUBLISHED');
    expect(await status('adminB', provider.sharedViewId)).toBe(404);
  });

  it('lets only the creator change or delete a view; a deleted view still opens, as deleted', async () => {
    const view = await insert('operatorA', { type: 'PUBLISHED' });
    const change = {
      sharedViewId: view.sharedViewId,
      name: 'Renamed',
      type: 'PUBLISHED',
      context: 'DIAGNOSE',
      data: {},
    };
    await refusedUnchanged(403, () => as('adminA', '/sharedViews.update', change));
    await refusedUnchanged(404, () => as('adminB', '/sharedViews.update', change));
    await refusedUnchanged(404, () =>
      as('adminB', '/sharedViews.delete', { sharedViewId: view.sharedViewId }),
    );
    const renamed = await as('operatorA', '/sharedViews.update', { ...change, schema: 'v4' });
    expect(sharedViewSchema.parse(renamed.body)).toMatchObject({ name: 'Renamed', data: {} });
    expect((await as('operatorA', '/sharedViews.delete', { sharedViewId: view.sharedViewId })).status).toBe(
      200,
    );
    expect(await listed('operatorA')).not.toContain(view.sharedViewId);
    const opened = await as('adminA', '/sharedViews.get', { sharedViewId: view.sharedViewId });
    expect(sharedViewSchema.parse(opened.body).isDeleted).toBe(true);
    await refusedUnchanged(404, () => as('operatorA', '/sharedViews.update', change));
  });

  it('refuses bad input naming the field, and log views without assets:logs:read', async () => {
    const field = async (body: unknown, path = '/sharedViews.insert') =>
      (await refusedUnchanged(400, () => as('operatorA', path, body))).details?.map((detail) => detail.field);
    expect(await field({ name: '  ', data: {} })).toEqual(['body.name']);
    expect(await field({ name: 'x', data: { big: 'x'.repeat(SHARED_VIEW_DATA_MAX_BYTES) } })).toEqual([
      'body.data',
    ]);
    expect(await field({ name: 'x', data: {}, type: 'SECRET' })).toEqual(['body.type']);
    expect(await field({ name: 'x', data: {}, schema: 'four' })).toEqual(['body.schema']);
    expect(await field({ name: 'x', data: [] })).toEqual(['body.data']);
    expect(await field({ externalId: 'not-a-uuid' }, '/sharedViews.getByExternalId')).toEqual([
      'body.externalId',
    ]);
    expect(await field({ contexts: [] }, '/sharedViews.list')).toEqual(['body.contexts']);
    await refusedUnchanged(403, () =>
      as('operatorA', '/sharedViews.insert', { name: 'Logs', context: 'LOGS', data: {} }),
    );
    expect(await status('operatorA', 2_147_483_647)).toBe(404);
  });
});
