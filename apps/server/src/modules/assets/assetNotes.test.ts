import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetNoteSchema } from '@kelvin/contract';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import {
  apiAs,
  buildAssetFleet,
  errorOf,
  eventsFor,
  expectRefusedUnchanged as refusedUnchanged,
  type ApiAnswer,
  type AssetFleet,
} from './assetsTestFixture.ts';

describe('asset notes', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  const expectRefusedUnchanged = (call: () => Promise<ApiAnswer>, status: number) =>
    refusedUnchanged(db(), call, status);

  const createNote = async (note: string) => {
    const answer = await api(fleet.users.adminA, 'POST', '/assets.notes.create', {
      assetId: fleet.ids.unitA1,
      note,
    });
    return assetNoteSchema.parse(answer.body);
  };

  it('creates, lists newest first, updates and deletes notes, with events on the asset', async () => {
    const { users, ids: a } = fleet;
    const first = await createNote('Replaced the filter.');
    const second = await createNote('  Fan 2 noisy.  ');
    expect(second).toMatchObject({
      assetId: a.unitA1,
      userId: users.adminA.userId,
      userName: 'Ada Alpha',
      note: 'Fan 2 noisy.',
    });

    const listed = z
      .array(assetNoteSchema)
      .parse((await api(users.operatorA, 'POST', '/assets.notes.list', { assetId: a.unitA1 })).body);
    expect(listed.map((note) => note.assetNoteId)).toEqual([second.assetNoteId, first.assetNoteId]);

    const updated = await api(users.providerAdmin, 'POST', '/assets.notes.update', {
      assetNoteId: first.assetNoteId,
      note: 'Replaced both filters.',
    });
    expect(assetNoteSchema.parse(updated.body).note).toBe('Replaced both filters.');
    expect(
      (await api(users.adminA, 'POST', '/assets.notes.delete', { assetNoteId: second.assetNoteId })).body,
    ).toEqual({
      ok: true,
    });
    const after = z
      .array(assetNoteSchema)
      .parse((await api(users.adminA, 'POST', '/assets.notes.list', { assetId: a.unitA1 })).body);
    expect(after.map((note) => note.note)).toEqual(['Replaced both filters.']);
    expect((await eventsFor(db(), a.unitA1)).map((event) => event.name)).toEqual([
      'assets.notes.create',
      'assets.notes.create',
      'assets.notes.update',
      'assets.notes.delete',
    ]);
  });

  it('refuses another company: list and create are 404, update and delete 404; nothing changes', async () => {
    const { users, ids: a } = fleet;
    const note = await createNote('Private to Alpha.');
    await expectRefusedUnchanged(
      () => api(users.adminB, 'POST', '/assets.notes.list', { assetId: a.unitA1 }),
      404,
    );
    await expectRefusedUnchanged(
      () => api(users.adminB, 'POST', '/assets.notes.create', { assetId: a.unitA1, note: 'x' }),
      404,
    );
    await expectRefusedUnchanged(
      () => api(users.adminB, 'POST', '/assets.notes.update', { assetNoteId: note.assetNoteId, note: 'x' }),
      404,
    );
    await expectRefusedUnchanged(
      () => api(users.adminB, 'POST', '/assets.notes.delete', { assetNoteId: note.assetNoteId }),
      404,
    );
  });

  it('refuses an operator without assets:write (403) and a note outside their access group (404)', async () => {
    const { users, ids: a } = fleet;
    await expectRefusedUnchanged(
      () => api(users.operatorA, 'POST', '/assets.notes.create', { assetId: a.unitA1, note: 'x' }),
      403,
    );
    await expectRefusedUnchanged(
      () => api(users.operatorA, 'POST', '/assets.notes.list', { assetId: a.unitA3 }),
      404,
    );
    await expectRefusedUnchanged(
      () => api(users.adminA, 'POST', '/assets.notes.update', { assetNoteId: 999999, note: 'x' }),
      404,
    );
  });

  it('refuses bad input naming the field', async () => {
    const { users, ids: a } = fleet;
    const empty = await expectRefusedUnchanged(
      () => api(users.adminA, 'POST', '/assets.notes.create', { assetId: a.unitA1, note: '   ' }),
      400,
    );
    expect(errorOf(empty).message).toContain('body.note');
    expect(errorOf(await api(users.adminA, 'POST', '/assets.notes.list', {})).message).toContain(
      'body.assetId',
    );
    expect(
      errorOf(await api(users.adminA, 'POST', '/assets.notes.update', { assetNoteId: 1 })).message,
    ).toContain('body.note');
    expect(
      errorOf(await api(users.adminA, 'POST', '/assets.notes.delete', { assetNoteId: 'one' })).message,
    ).toContain('body.assetNoteId');
  });
});
