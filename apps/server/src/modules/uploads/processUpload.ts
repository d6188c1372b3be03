import { and, eq } from 'drizzle-orm';
import { grantedValues } from '@kelvin/domain';
import type { CompanyScope } from '../../http/authorize.ts';
import type { Db } from '../../platform/db/database.ts';
import { users } from '../../platform/db/schema.ts';
import type { FileStore } from '../../platform/files/fileStore.ts';
import type { PointResolver, ResolvedPoint } from '../telemetry/pointResolver.ts';
import type { PointWriter } from '../telemetry/pointWriter.ts';
import { loadPermissions } from '../users/permissionsRepository.ts';
import type { ParsedPoint } from './assetDataFormat.ts';
import { UploadRejected } from './assetDataLines.ts';
import { readAssetData } from './assetDataReader.ts';
import { UPLOAD_PERMISSION, type FileAttachmentRow } from './uploadsRepository.ts';

export interface UploadProcessorDeps {
  db: Db;
  files: FileStore;
  resolver: PointResolver;
  writer: PointWriter;
}

export interface ProcessOptions {
  signal: AbortSignal;
  /** Called between chunks, so that the row is seen as alive while a long file is written. */
  heartbeat: () => Promise<void>;
  /** Points per resolve and write call; also the unit of the batch ids, so it must not change between runs. */
  chunkSize?: number;
  /** Up to this many resolved points are kept from the checking pass and written without reading again. */
  memoryPoints?: number | undefined;
}

export const UPLOAD_CHUNK_POINTS = 10_000;
const MEMORY_POINTS = 500_000;

/** Stopped on purpose (server closing): the row goes back to be scheduled, not to ERROR. */
export class ProcessingAborted extends Error {
  override readonly name = 'ProcessingAborted';
}

/** The batch id of one chunk: derived from the request id, so a restart re-sends the same ids. */
export const uploadBatchId = (requestId: string, chunk: number) => `upload:${requestId}:${chunk}`;

/**
 * The companies whose assets the uploader may load data into, as of now: a user removed or stripped of the
 * permission since uploading cannot have the file ingested.
 */
async function writerScope(db: Db, upload: FileAttachmentRow): Promise<CompanyScope> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.userId, upload.userId), eq(users.isDeleted, false)));
  if (!user) throw new UploadRejected('The user who uploaded the file no longer exists.');
  const permissions = await loadPermissions(db, user.userId, user.companyId);
  const values = grantedValues(permissions, UPLOAD_PERMISSION, 'companyId');
  return values === 'ALL' ? 'ALL' : values.map(Number).filter(Number.isInteger);
}

async function resolveChunk(
  resolver: PointResolver,
  chunk: readonly ParsedPoint[],
  companies: CompanyScope,
): Promise<ResolvedPoint[]> {
  const { resolved, rejected } = await resolver.resolve(
    chunk.map((parsed) => parsed.point),
    { companies },
  );
  const first = rejected[0];
  if (first) {
    // The first problem, by line: fixing the file goes top to bottom, and the next upload names the next one.
    const line = chunk[first.index]?.line ?? 0;
    throw new UploadRejected(`Line ${line}: ${first.reason.replace(/\.$/, '')}.`);
  }
  return resolved.map((entry) => entry.point);
}

async function openFile(files: FileStore, key: string) {
  if ((await files.size(key)) === undefined)
    throw new UploadRejected('The uploaded file is missing from storage.');
  return files.read(key);
}

/**
 * All or nothing: a first pass reads, parses and resolves the whole file without storing anything, so a bad
 * line anywhere fails the file before any point is written. Small files keep their resolved points from that
 * pass; large ones are read a second time to write, chunk by chunk, so memory stays flat. Each chunk is written
 * with a batch id from the request id, so a restart mid-file re-sends chunks that are already stored and the
 * writer skips them. Answers the number of points stored.
 */
export async function processUpload(
  deps: UploadProcessorDeps,
  upload: FileAttachmentRow,
  options: ProcessOptions,
): Promise<number> {
  const chunkSize = options.chunkSize ?? UPLOAD_CHUNK_POINTS;
  const memoryLimit = options.memoryPoints ?? MEMORY_POINTS;
  const companies = await writerScope(deps.db, upload);
  const checkpoint = async () => {
    if (options.signal.aborted) throw new ProcessingAborted('Processing was stopped.');
    await options.heartbeat();
  };

  let total = 0;
  let kept: ResolvedPoint[][] | undefined = [];
  for await (const chunk of readAssetData(await openFile(deps.files, upload.filepath), chunkSize)) {
    const resolved = await resolveChunk(deps.resolver, chunk, companies);
    total += resolved.length;
    if (kept && total <= memoryLimit) kept.push(resolved);
    else kept = undefined;
    await checkpoint();
  }
  if (total === 0) throw new UploadRejected('The file holds no data points.');

  let index = 0;
  const write = async (points: ResolvedPoint[]) => {
    await deps.writer.write(points, { batchId: uploadBatchId(upload.requestId, index) });
    index += 1;
    await checkpoint();
  };
  if (kept) {
    for (const points of kept) await write(points);
  } else {
    for await (const chunk of readAssetData(await openFile(deps.files, upload.filepath), chunkSize)) {
      // The catalogue could change between the passes; such a file fails with the points written so far kept.
      await write(await resolveChunk(deps.resolver, chunk, companies));
    }
  }
  return total;
}
