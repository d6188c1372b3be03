import type { ClickHouseClient } from '@clickhouse/client';
import type { PointRows, SlotRows } from '../queryExecution.ts';

/**
 * Numeric result rows as columns, read from TabSeparated text. JSONEachRow with a schema check per row took
 * longer than the query itself for a chart (80 k rows of M4: 64-bit integers arrive quoted, each one matched by
 * a regular expression); numbers in tab-separated text need only `Number` and a check that each is one.
 */
export async function selectNumberColumns(
  client: ClickHouseClient,
  sql: string,
  columnCount: number,
): Promise<number[][]> {
  const text = await (await client.query({ query: sql, format: 'TabSeparated' })).text();
  const columns = Array.from({ length: columnCount }, (): number[] => []);
  let start = 0;
  while (start < text.length) {
    const lineEnd = text.indexOf('\n', start);
    const end = lineEnd < 0 ? text.length : lineEnd;
    for (let column = 0; column < columnCount; column++) {
      const fieldEnd = column === columnCount - 1 ? end : text.indexOf('\t', start);
      if (fieldEnd < 0 || fieldEnd > end)
        throw new Error(`ClickHouse row has too few columns: ${text.slice(start, end)}`);
      const field = text.slice(start, fieldEnd);
      const value = Number(field);
      if (field === '' || Number.isNaN(value)) throw new Error(`ClickHouse returned a non-number: ${field}`);
      columns[column]?.push(value);
      start = fieldEnd + 1;
    }
    start = end + 1;
  }
  return columns;
}

/** Rows of asset_id, metric_id, ts, value, status, in that order. */
export async function selectPointRows(client: ClickHouseClient, sql: string): Promise<PointRows> {
  const [assetIds = [], metricIds = [], timestamps = [], values = [], statuses = []] =
    await selectNumberColumns(client, sql, 5);
  return { assetIds, metricIds, timestamps, values, statuses };
}

/** Rows of asset_id, metric_id, slot, first_ts, last_ts, in that order. */
export async function selectSlotRows(client: ClickHouseClient, sql: string): Promise<SlotRows> {
  const [assetIds = [], metricIds = [], slots = [], firstTs = [], lastTs = []] = await selectNumberColumns(
    client,
    sql,
    5,
  );
  return {
    assetIds,
    metricIds,
    slots: slots.map((slot, index) => ({ slot, firstTs: firstTs[index] ?? 0, lastTs: lastTs[index] ?? 0 })),
  };
}

/** Bytes of one RowBinary row of asset_id Int32, metric_id Int32, ts Int64, value Float64, status Int32. */
const POINT_ROW_BYTES = 28;

/**
 * Rows of asset_id, metric_id, ts, value, status as RowBinary, for reads of millions of points (a cache loading a
 * day of 20 series): fixed-width rows decoded in place, with no text and no string per number.
 */
export async function selectPointRowsBinary(client: ClickHouseClient, sql: string): Promise<PointRows> {
  const { stream } = await client.exec({ query: `${sql}\nFORMAT RowBinary` });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    if (!Buffer.isBuffer(chunk)) throw new Error('ClickHouse RowBinary answer is not binary');
    chunks.push(chunk);
  }
  const data = Buffer.concat(chunks);
  if (data.length % POINT_ROW_BYTES !== 0)
    throw new Error(`ClickHouse RowBinary answer of ${data.length} bytes`);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const rows: PointRows = { assetIds: [], metricIds: [], timestamps: [], values: [], statuses: [] };
  for (let offset = 0; offset < data.length; offset += POINT_ROW_BYTES) {
    rows.assetIds.push(view.getInt32(offset, true));
    rows.metricIds.push(view.getInt32(offset + 4, true));
    // Epoch milliseconds are below 2^53: the high word times 2^32 plus the unsigned low word is exact.
    rows.timestamps.push(view.getInt32(offset + 12, true) * 2 ** 32 + view.getUint32(offset + 8, true));
    rows.values.push(view.getFloat64(offset + 16, true));
    rows.statuses.push(view.getInt32(offset + 24, true));
  }
  return rows;
}
