import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { oidcPayloads } from '../../platform/db/schema.ts';
import { openTestDatabase, postgresAvailable, type TestDatabaseKind } from '../../testing/testServer.ts';
import { OidcPayloadAdapter, deleteExpiredOidcPayloads } from './oidcAdapter.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe.each(kinds)('oidc-provider adapter on %s', (kind) => {
  let database: Database;
  let time = Date.UTC(2025, 0, 1, 12);
  const now = () => new Date(time);
  const adapter = (model: string) => new OidcPayloadAdapter(database.db, model, { now });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('stores, finds and replaces a payload per model', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'kelvin|a' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'kelvin|a' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'kelvin|a' });
    // The same id under another model is another row.
    expect(await adapter('Interaction').find('s1')).toBeUndefined();

    await sessions.upsert('s1', { uid: 'u2', accountId: 'kelvin|b' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u2', accountId: 'kelvin|b' });
    expect(await sessions.findByUid('u1')).toBeUndefined();
    expect(await sessions.find('missing')).toBeUndefined();
  });

  it('finds by user code', async () => {
    const codes = adapter('DeviceCode');
    await codes.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g0' }, 60);
    expect(await codes.findByUserCode('ABCD-EFGH')).toMatchObject({ grantId: 'g0' });
    expect(await codes.findByUserCode('ZZZZ-ZZZZ')).toBeUndefined();
  });

  it('marks a payload consumed with the time of consumption', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    expect(await codes.find('c1')).not.toHaveProperty('consumed');
    await codes.consume('c1');
    expect(await codes.find('c1')).toEqual({ grantId: 'g1', consumed: Math.floor(time / 1000) });
  });

  it('destroys a payload', async () => {
    const grants = adapter('Grant');
    await grants.upsert('g-destroy', { accountId: 'kelvin|a' }, 60);
    await grants.destroy('g-destroy');
    expect(await grants.find('g-destroy')).toBeUndefined();
  });

  it("revokes a grant's payloads of its own model only", async () => {
    const codes = adapter('AuthorizationCode');
    const tokens = adapter('AccessToken');
    await codes.upsert('c2', { grantId: 'g2' }, 60);
    await codes.upsert('c3', { grantId: 'g2' }, 60);
    await codes.upsert('c4', { grantId: 'other' }, 60);
    await tokens.upsert('t2', { grantId: 'g2' }, 60);

    await codes.revokeByGrantId('g2');
    expect(await codes.find('c2')).toBeUndefined();
    expect(await codes.find('c3')).toBeUndefined();
    expect(await codes.find('c4')).toEqual({ grantId: 'other' });
    expect(await tokens.find('t2')).toEqual({ grantId: 'g2' });
  });

  it('treats expired payloads as absent and sweeps them', async () => {
    const interactions = adapter('Interaction');
    await interactions.upsert('i1', { uid: 'iu1' }, 10);
    await interactions.upsert('i2', { uid: 'iu2' }, 3600);
    time += 9_000;
    expect(await interactions.find('i1')).toEqual({ uid: 'iu1' });
    time += 1_000;
    expect(await interactions.find('i1')).toBeUndefined();
    expect(await interactions.findByUid('iu1')).toBeUndefined();
    expect(await interactions.find('i2')).toEqual({ uid: 'iu2' });

    await deleteExpiredOidcPayloads(database.db, now());
    const ids = (await database.db.select({ id: oidcPayloads.id }).from(oidcPayloads)).map((row) => row.id);
    expect(ids).not.toContain('i1');
    expect(ids).toContain('i2');
  });
});
