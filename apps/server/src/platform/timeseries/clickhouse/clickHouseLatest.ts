import type { ClickHouseClient } from '@clickhouse/client';
import { z } from 'zod';
import { latestReadings } from '../latestReadings.ts';
import type { PointRows } from '../queryExecution.ts';
import { DETAILS_TABLE, type DetailRow } from '../readingDetails.ts';
import { detailValues } from './clickHouseIngestRows.ts';
import { clickHouseDialect } from '../sql/dialect.ts';
import type { LatestReading, ReadingDetail } from '../timeSeriesStore.ts';

// 64-bit integers come back quoted in JSON; all of ours fit a double exactly.
const numeric = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i)
    .transform(Number),
]);
const detailRow = z.object({
  asset_id: numeric,
  metric_id: numeric,
  ts: numeric,
  status: numeric,
  kind: numeric,
  number: numeric,
  text: z.string(),
  has_units: numeric,
  units: z.string(),
});

/** Inserts details without a batch id (one JSON row each; strings are escaped by the client, not spliced into SQL). */
export async function insertDetails(
  client: ClickHouseClient,
  details: readonly ReadingDetail[],
): Promise<void> {
  if (details.length === 0) return;
  await client.insert({ table: DETAILS_TABLE, values: details.map(detailValues), format: 'JSONEachRow' });
}

/**
 * `latest` on ClickHouse. There is no snapshot across queries: a point inserted between them may be missed, which
 * the caller tolerates (it also hears new points from the telemetry bus and keeps the newer).
 */
export function latestFromClickHouse(
  select: (sql: string) => Promise<unknown[]>,
  selectPoints: (sql: string) => Promise<PointRows>,
  since: number,
): Promise<LatestReading[]> {
  return latestReadings(
    {
      dialect: clickHouseDialect,
      selectPoints,
      selectDetails: async (sql): Promise<DetailRow[]> =>
        z
          .array(detailRow)
          .parse(await select(sql))
          .map((row) => ({
            assetId: row.asset_id,
            metricId: row.metric_id,
            ts: row.ts,
            status: row.status,
            kind: row.kind,
            number: row.number,
            text: row.text,
            hasUnits: row.has_units,
            units: row.units,
          })),
    },
    since,
  );
}
