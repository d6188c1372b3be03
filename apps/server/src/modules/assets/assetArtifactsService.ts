import { z } from 'zod';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import { notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { FileStore } from '../../platform/files/fileStore.ts';
import { artifactsOf, findArtifact, type ArtifactRow } from './assetArtifactsRepository.ts';
import { loadVisibleAsset, READ } from './assetsService.ts';

export const SYSTEM_METADATA_ARTIFACT = 'system-metadata';
const DOWNLOAD_URL_SECONDS = 300;

function presentArtifact(row: ArtifactRow) {
  return {
    assetArtifactIndexId: row.assetArtifactIndexId,
    assetId: row.assetId,
    artifactType: row.artifactType,
    fileName: row.fileName,
    contentType: row.contentType,
    fileSizeInBytes: row.fileSizeInBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listArtifacts(db: DbOrTx, auth: AuthContext, assetId: number, artifactType?: string) {
  await loadVisibleAsset(db, auth, READ, assetId);
  return (await artifactsOf(db, assetId, artifactType)).map(presentArtifact);
}

export async function artifactDownloadUrl(
  db: DbOrTx,
  files: FileStore,
  auth: AuthContext,
  assetArtifactIndexId: number,
) {
  requirePermission(auth, READ);
  const artifact = await findArtifact(db, assetArtifactIndexId);
  if (!artifact) throw notFound('Artifact not found.');
  await loadVisibleAsset(db, auth, READ, artifact.assetId).catch(() => {
    throw notFound('Artifact not found.');
  });
  const url = await files.signedUrl(artifact.filePath, {
    expiresInSeconds: DOWNLOAD_URL_SECONDS,
    downloadName: artifact.fileName,
    contentType: artifact.contentType,
  });
  return { url };
}

/** Stored metadata: a list of pairs, or an object of name → value (older agents). */
const pairsSchema = z.union([
  z.array(z.object({ name: z.string(), value: z.unknown() })),
  z
    .record(z.string(), z.unknown())
    .transform((record) => Object.entries(record).map(([name, value]) => ({ name, value }))),
]);

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Spec: the name/value pairs of the latest system-metadata artifact, and any error gives an empty list: the
 * asset panel shows "no metadata" rather than an error, and an invisible asset looks like one without metadata.
 */
export async function lastSystemMetadata(db: DbOrTx, auth: AuthContext, assetId: number) {
  try {
    await loadVisibleAsset(db, auth, READ, assetId);
    const [latest] = await artifactsOf(db, assetId, SYSTEM_METADATA_ARTIFACT, 1);
    if (!latest) return [];
    return pairsSchema.parse(latest.metadata).map(({ name, value }) => ({ name, value: asText(value) }));
  } catch {
    return [];
  }
}
