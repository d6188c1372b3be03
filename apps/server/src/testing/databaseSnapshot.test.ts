import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/database.ts';
import { companies } from '../platform/db/schema.ts';
import { databaseFingerprint } from './databaseFingerprint.ts';
import { snapshotDatabase, type DatabaseSnapshot } from './databaseSnapshot.ts';
import { buildCompany } from './factories.ts';
import { openTestDatabase, postgresAvailable, type TestDatabaseKind } from './testServer.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe.each(kinds)('a snapshot of a seeded database on %s', (kind) => {
  let database: Database;
  let snapshot: DatabaseSnapshot;
  let seeded: { companyId: number };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    seeded = await buildCompany(database.db, { name: 'Seeded' });
    snapshot = await snapshotDatabase(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('puts back changed and deleted rows, removes added ones, and hands out the same ids again', async () => {
    const { db } = database;
    const before = await databaseFingerprint(db);
    const added = await buildCompany(db, { name: 'Added by a test' });
    await db.update(companies).set({ name: 'Renamed' }).where(eq(companies.companyId, seeded.companyId));
    expect(await databaseFingerprint(db)).not.toEqual(before);

    await snapshot.restore();
    expect(await databaseFingerprint(db)).toEqual(before);
    // The sequences went back too: the next company gets the id the one added above had.
    expect((await buildCompany(db, { name: 'Added again' })).companyId).toBe(added.companyId);

    await db.delete(companies).where(eq(companies.companyId, seeded.companyId));
    await snapshot.restore();
    expect(await databaseFingerprint(db)).toEqual(before);
  });
});
