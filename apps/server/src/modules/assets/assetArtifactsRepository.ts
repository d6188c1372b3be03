import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assetArtifacts } from '../../platform/db/schema.ts';

export type ArtifactRow = typeof assetArtifacts.$inferSelect;

/** An asset's artifacts, newest first, optionally of one type. */
export async function artifactsOf(
  db: DbOrTx,
  assetId: number,
  artifactType: string | undefined,
  limit?: number,
) {
  const query = db
    .select()
    .from(assetArtifacts)
    .where(
      and(
        eq(assetArtifacts.assetId, assetId),
        artifactType === undefined ? undefined : eq(assetArtifacts.artifactType, artifactType),
      ),
    )
    .orderBy(desc(assetArtifacts.createdAt), desc(assetArtifacts.assetArtifactIndexId));
  return limit === undefined ? query : query.limit(limit);
}

export async function findArtifact(
  db: DbOrTx,
  assetArtifactIndexId: number,
): Promise<ArtifactRow | undefined> {
  const [row] = await db
    .select()
    .from(assetArtifacts)
    .where(eq(assetArtifacts.assetArtifactIndexId, assetArtifactIndexId));
  return row;
}

export async function insertArtifact(
  db: DbOrTx,
  values: typeof assetArtifacts.$inferInsert,
): Promise<ArtifactRow> {
  const [row] = await db.insert(assetArtifacts).values(values).returning();
  if (!row) throw new Error('The artifact was not recorded.');
  return row;
}
