import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetNoteSchema, UNSTORABLE_MESSAGES } from '@kelvin/contract';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from '../modules/assets/assetsTestFixture.ts';
import { changedTables, databaseFingerprint } from '../testing/databaseFingerprint.ts';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../testing/testServer.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const NUL = 'bad\u0000text';
const LONE_SURROGATE = 'bad\uD83Dtext';

interface Case {
  call: string;
  method: string;
  path: (fleet: AssetFleet, noteId: number) => string;
  /** A valid body with `bad` at `field` ('{bad}' in a field stands for the bad text as a key). */
  body: (fleet: AssetFleet, bad: string, noteId: number) => unknown;
  field: string;
}

const userFields = (bad: Partial<Record<string, string>>) => ({
  name: 'Grace Hopper',
  email: `grace-${Math.random().toString(36).slice(2, 8)}@example.test`,
  ...bad,
});
const companyFields = (bad: Partial<Record<string, string>>) => ({
  name: 'Fabrikam Cooling',
  netSuiteCustomerInternalId: 'NS-1',
  subscription: 'OBSERVABILITY',
  ...bad,
});

// The calls and fields that answered 500 when a NUL reached the database (issue 9).
const cases: Case[] = [
  {
    call: 'users.create',
    method: 'POST',
    path: () => '/users.create',
    body: (f, bad) => ({ ...userFields({ name: bad }), companyId: f.companyA.companyId }),
    field: 'body.name',
  },
  ...(['name', 'role', 'primaryPhone'] as const).map((field): Case => ({
    call: `users.update (${field})`,
    method: 'PUT',
    path: () => '/users.update',
    body: (f, bad) => ({ ...userFields({ [field]: bad }), userId: f.users.operatorA.userId }),
    field: `body.${field}`,
  })),
  {
    call: 'companies.create',
    method: 'POST',
    path: () => '/companies.create',
    body: (_f, bad) => companyFields({ name: bad }),
    field: 'body.name',
  },
  {
    call: 'companies.update',
    method: 'POST',
    path: () => '/companies.update',
    body: (f, bad) => ({
      ...companyFields({ netSuiteCustomerInternalId: bad }),
      companyId: f.companyA.companyId,
    }),
    field: 'body.netSuiteCustomerInternalId',
  },
  {
    call: 'POST /api/companies',
    method: 'POST',
    path: () => '/companies',
    body: (_f, bad) => companyFields({ name: bad }),
    field: 'body.name',
  },
  ...(['name', 'netSuiteCustomerInternalId'] as const).map((field): Case => ({
    call: `PUT /api/companies/{companyId} (${field})`,
    method: 'PUT',
    path: (f) => `/companies/${f.companyA.companyId}`,
    body: (_f, bad) => companyFields({ [field]: bad }),
    field: `body.${field}`,
  })),
  {
    call: 'PUT /api/assets/{id}',
    method: 'PUT',
    path: (f) => `/assets/${f.ids.unitA1}`,
    body: (_f, bad) => ({ name: bad }),
    field: 'body.name',
  },
  ...(['name', 'value'] as const).map((field): Case => ({
    call: `PUT /api/assets/{id}/properties (${field})`,
    method: 'PUT',
    path: (f) => `/assets/${f.ids.unitA1}/properties`,
    body: (_f, bad) => [
      { name: 'model', value: 'CW-400' },
      { name: 'serial', value: 'S-1', [field]: bad },
    ],
    field: `body.1.${field}`,
  })),
  {
    call: 'assets.create',
    method: 'POST',
    path: () => '/assets.create',
    body: (f, bad) => ({
      companyId: f.companyA.companyId,
      assetTypeId: 4,
      parentAssetId: f.ids.hallA1,
      name: bad,
    }),
    field: 'body.name',
  },
  {
    call: 'assets.update (metadata value)',
    method: 'POST',
    path: () => '/assets.update',
    body: (f, bad) => ({ assetId: f.ids.unitA1, metadata: { site: { rack: [1, bad] } } }),
    field: 'body.metadata.site.rack.1',
  },
  {
    call: 'assets.update (metadata key)',
    method: 'POST',
    path: () => '/assets.update',
    body: (f, bad) => ({ assetId: f.ids.unitA1, metadata: { [bad]: 1 } }),
    field: 'body.metadata.{bad}',
  },
  {
    call: 'assets.notes.create',
    method: 'POST',
    path: () => '/assets.notes.create',
    body: (f, bad) => ({ assetId: f.ids.unitA1, note: bad }),
    field: 'body.note',
  },
  {
    call: 'assets.notes.update',
    method: 'POST',
    path: () => '/assets.notes.update',
    body: (_f, bad, noteId) => ({ assetNoteId: noteId, note: bad }),
    field: 'body.note',
  },
];

describe.each(kinds)('text that cannot be stored, on %s', (kind) => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  let noteId = 0;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
    const note = await api(fleet.users.providerAdmin, 'POST', '/assets.notes.create', {
      assetId: fleet.ids.unitA1,
      note: 'Filters changed',
    });
    expect(note.status).toBe(200);
    noteId = assetNoteSchema.parse(note.body).assetNoteId;
  });
  afterAll(() => server.close());

  describe.each([
    ['a NUL character', NUL, UNSTORABLE_MESSAGES.nul],
    ['an unpaired surrogate', LONE_SURROGATE, UNSTORABLE_MESSAGES.surrogate],
  ])('holding %s', (_label, bad, message) => {
    it.each(cases)('$call is refused with a 400 naming $field, and nothing is written', async (c) => {
      const before = await databaseFingerprint(server.database.db);
      const answer = await api(
        fleet.users.providerAdmin,
        c.method,
        c.path(fleet, noteId),
        c.body(fleet, bad, noteId),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      const envelope = errorOf(answer);
      // A bad object key is named as the key itself.
      const field = c.field.replace('{bad}', bad);
      expect(envelope.details).toContainEqual({ field, message });
      expect(envelope.message).toContain(field);
      expect(changedTables(before, await databaseFingerprint(server.database.db))).toEqual([]);
    });
  });

  it('a valid body with the same fields is stored (the refusals above are about the text alone)', async () => {
    const answer = await api(fleet.users.providerAdmin, 'POST', '/assets.update', {
      assetId: fleet.ids.unitA1,
      metadata: { site: { rack: [1, 'bad text with emoji \uD83D\uDE00'] } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it('a query string holding a NUL is refused naming the parameter', async () => {
    const answer = await api(
      fleet.users.providerAdmin,
      'GET',
      `/coreEnums?enumName=${encodeURIComponent(NUL)}`,
    );
    expect(answer.status).toBe(400);
    expect(errorOf(answer).details).toContainEqual({
      field: 'query.enumName',
      message: UNSTORABLE_MESSAGES.nul,
    });
  });
});
