import type { z } from 'zod';
import { findUnstorableValue, logRecordInputSchema } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { DeviceLogEntry } from '../../platform/timeseries/deviceLogStore.ts';
// The checks of telemetry points, for the same reasons (a time before 2000 is almost always epoch seconds).
import { schemaReason, tsReason, writableAssets } from '../telemetry/ingestChecks.ts';

export interface ResolvedLogRecords {
  entries: DeviceLogEntry[];
  rejected: { index: number; reason: string }[];
}

/**
 * Validates each raw record on its own (the contract router leaves batch items to the handler, so that one bad
 * record is refused alone), then keeps those for assets the writer may write: the same rule as telemetry, the
 * writer's companies. Missing, deleted and another company's assets read alike ('Asset 12 not found').
 */
export async function resolveLogRecords(
  db: DbOrTx,
  records: readonly unknown[],
  companies: 'ALL' | number[],
): Promise<ResolvedLogRecords> {
  const now = Date.now();
  const rejected: ResolvedLogRecords['rejected'] = [];
  const parsed: { index: number; record: z.infer<typeof logRecordInputSchema> }[] = [];
  records.forEach((raw, index) => {
    const unstorable = findUnstorableValue(raw, []);
    if (unstorable) {
      const field = unstorable.path.join('.');
      rejected.push({ index, reason: field ? `${field}: ${unstorable.message}` : unstorable.message });
      return;
    }
    const result = logRecordInputSchema.safeParse(raw);
    if (!result.success) {
      rejected.push({ index, reason: schemaReason(result.error, 'Invalid record') });
      return;
    }
    const reason = tsReason(result.data.ts, now);
    if (reason) rejected.push({ index, reason });
    else parsed.push({ index, record: result.data });
  });

  const writable = await writableAssets(
    db,
    [...new Set(parsed.map(({ record }) => record.assetId))],
    companies,
  );
  const entries: DeviceLogEntry[] = [];
  for (const { index, record } of parsed) {
    if (!writable.has(record.assetId)) {
      rejected.push({ index, reason: `Asset ${record.assetId} not found` });
      continue;
    }
    entries.push({
      assetId: record.assetId,
      ts: record.ts,
      level: record.level,
      source: record.source,
      message: record.message,
      fields: record.fields ?? {},
    });
  }
  rejected.sort((a, b) => a.index - b.index);
  return { entries, rejected };
}
