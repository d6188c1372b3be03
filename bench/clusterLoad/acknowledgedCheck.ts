import type { ClickHouseClient } from '@clickhouse/client';
import { z } from 'zod';
import { RAW_TABLE } from '../../apps/server/src/platform/timeseries/sql/pointSql.ts';

const rowSchema = z.object({ asset_id: z.number(), ts: z.coerce.number(), metrics: z.coerce.number() });

/**
 * Whether every acknowledged batch (unit → the timestamps of its acknowledged batches) is stored whole: each of
 * its unit's metrics at its timestamp, in the cluster's ClickHouse database. Points are counted, batch by batch.
 * (The ids are written into the text: Debian's ClickHouse 18.16 has no query parameters.)
 */
export async function checkAcknowledged(
  clickhouse: ClickHouseClient,
  database: string,
  acked: Readonly<Record<string, readonly number[]>>,
  fleet: { unitIds: readonly number[]; aliases: readonly string[] },
): Promise<{ expected: number; found: number; missing: string[] }> {
  const result = await clickhouse.query({
    query: `SELECT asset_id, ts, uniqExact(metric_id) AS metrics FROM ${database}.${RAW_TABLE}
      WHERE asset_id IN (${fleet.unitIds.map((id) => String(Math.trunc(id))).join(', ')}) GROUP BY asset_id, ts`,
    format: 'JSONEachRow',
  });
  const stored = new Map<string, number>();
  for (const row of z.array(rowSchema).parse(await result.json()))
    stored.set(`${row.asset_id}@${row.ts}`, row.metrics);
  const perBatch = fleet.aliases.length;
  let expected = 0;
  let found = 0;
  const missing: string[] = [];
  for (const [unit, times] of Object.entries(acked)) {
    for (const ts of times) {
      expected += perBatch;
      const metrics = stored.get(`${unit}@${ts}`) ?? 0;
      found += Math.min(metrics, perBatch);
      if (metrics < perBatch)
        missing.push(`unit ${unit} at ${new Date(ts).toISOString()} (${metrics} of ${perBatch})`);
    }
  }
  return { expected, found, missing };
}

const partsRowSchema = z.object({
  table: z.string(),
  rows: z.coerce.number(),
  bytes: z.coerce.number(),
});

/** Each table's rows and bytes on disk (active parts): the store's cost per point and per rollup row. */
export async function tableSizes(
  clickhouse: ClickHouseClient,
  database: string,
): Promise<z.infer<typeof partsRowSchema>[]> {
  // A name kept to letters, digits and underscores by the caller: 18.16 has no query parameters.
  if (!/^\w+$/.test(database)) throw new Error(`Not a database name: ${database}`);
  const result = await clickhouse.query({
    query: `SELECT table, sum(rows) AS rows, sum(bytes_on_disk) AS bytes FROM system.parts
      WHERE database = '${database}' AND active GROUP BY table ORDER BY table`,
    format: 'JSONEachRow',
  });
  return z.array(partsRowSchema).parse(await result.json());
}
