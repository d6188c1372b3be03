import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { findUnstorableValue, logRecordInputSchema } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assets } from '../../platform/db/schema.ts';
import type { DeviceLogEntry } from '../../platform/timeseries/deviceLogStore.ts';

export interface ResolvedLogRecords {
  entries: DeviceLogEntry[];
  rejected: { index: number; reason: string }[];
}

/**
 * The time rule of telemetry points (pointResolver.ts), for the same reasons: before 2000 is almost always epoch
 * seconds sent as milliseconds, and more than a day ahead is a unit's clock error that would top every page.
 */
const EARLIEST_TS = Date.UTC(2000, 0, 1);
const MAX_FUTURE_MS = 24 * 3_600_000;

function timeReason(ts: number, now: number): string | null {
  if (ts < EARLIEST_TS)
    return 'ts must be epoch milliseconds (this looks like seconds or a date before 2000)';
  if (ts > now + MAX_FUTURE_MS) return 'ts is more than a day in the future';
  return null;
}

/** The first schema problem as one sentence naming the field. */
function schemaReason(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid record';
  const field = issue.path.map(String).join('.');
  if (field === 'ts') return 'ts must be epoch milliseconds (a non-negative integer)';
  if (issue.code === 'unrecognized_keys')
    return `Unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Undeleted assets among `assetIds` in the writer's companies. */
async function writableAssets(
  db: DbOrTx,
  assetIds: readonly number[],
  companies: 'ALL' | number[],
): Promise<Set<number>> {
  if (assetIds.length === 0 || (companies !== 'ALL' && companies.length === 0)) return new Set();
  const rows = await db
    .select({ assetId: assets.assetId, companyId: assets.companyId })
    .from(assets)
    .where(and(inArray(assets.assetId, [...assetIds]), eq(assets.isDeleted, false)));
  return new Set(
    rows.filter((row) => companies === 'ALL' || companies.includes(row.companyId)).map((row) => row.assetId),
  );
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
      rejected.push({ index, reason: schemaReason(result.error) });
      return;
    }
    const reason = timeReason(result.data.ts, now);
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
