import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database.ts';
import { fileAttachments, metrics } from '../../platform/db/schema.ts';
import type { TestServer } from '../../testing/testServer.ts';
import type { apiAs } from '../assets/assetsTestFixture.ts';

export const createdSchema = z.object({
  fileAttachmentId: z.number(),
  requestId: z.string(),
  uploadUrl: z.string(),
});

/** Two metrics of the catalogue for the upload tests: a number and a boolean. */
export async function buildUploadMetrics(db: DbOrTx) {
  const rows = await db
    .insert(metrics)
    .values([
      {
        alias: 'uploadTest.supplyAirTemperature',
        name: 'Supply Air Temperature',
        displayType: 'line',
        valueType: 'number',
        path: 'uploadTest/supplyAirTemperature',
        units: '°C',
      },
      {
        alias: 'uploadTest.fanRunning',
        name: 'Fan Running',
        displayType: 'step',
        valueType: 'boolean',
        path: 'uploadTest/fanRunning',
      },
    ])
    .returning();
  const [temperature, fan] = rows;
  if (!temperature || !fan) throw new Error('metrics not created');
  return { temperature, fan };
}

/** Registers an upload as `user` and answers the create call's body. */
export async function registerUpload(
  api: ReturnType<typeof apiAs>,
  user: { identityId: string },
  filename: string,
  fileSizeInBytes: number,
) {
  const answer = await api(user, 'POST', '/fileAttachments.createAssetDataAttachmentUploadSignedUrl', {
    filename,
    fileSizeInBytes,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return createdSchema.parse(answer.body);
}

export function putBytes(url: string, bytes: Buffer, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/gzip', ...headers },
    body: bytes,
  });
}

/** Registers and sends a file in one go, as the browser does. */
export async function upload(
  api: ReturnType<typeof apiAs>,
  user: { identityId: string },
  filename: string,
  bytes: Buffer,
) {
  const created = await registerUpload(api, user, filename, bytes.length);
  const response = await putBytes(created.uploadUrl, bytes);
  expect(response.status, await response.clone().text()).toBe(200);
  return created;
}

export const gz = (text: string) => gzipSync(Buffer.from(text, 'utf8'));

const FINAL = new Set(['INGESTED', 'ERROR']);

/** Waits until the job runner has finished with the upload, and answers its row. */
export async function settled(db: DbOrTx, fileAttachmentId: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db
      .select()
      .from(fileAttachments)
      .where(eq(fileAttachments.fileAttachmentId, fileAttachmentId));
    if (row && FINAL.has(row.status)) return row;
    if (Date.now() > deadline)
      throw new Error(`upload ${fileAttachmentId} still ${row?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The raw points stored for one asset and metric in the last day. */
export async function storedPoints(server: TestServer, assetId: number, metricId: number) {
  const now = Date.now();
  const [series] = await server.timeseries.query({
    assetIds: [assetId],
    metrics: [{ metricId, aggregation: 'RAW' }],
    from: now - 23 * 3_600_000,
    to: now + 3_600_000,
    intervalMs: 60_000,
  });
  return (series?.timestamps ?? []).map((ts, index) => ({ ts, value: series?.values[index] ?? null }));
}
