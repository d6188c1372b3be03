import { toDetailRow } from '../readingDetails.ts';
import type { PointColumns, ReadingDetail } from '../timeSeriesStore.ts';
import type { BatchRows } from './clickHouseBatches.ts';
import { INGEST_MARK, INGEST_TABLE } from './clickHouseSchema.ts';

const POINT_STRUCTURE = 'asset_id Int32, metric_id Int32, ts Int64, value Float64, status Int32';
const DETAIL_STRUCTURE =
  'asset_id Int32, metric_id Int32, ts Int64, status Int32, kind Int8, number Float64, text String, has_units UInt8, units String';

/** A telemetry batch for the batch log: points as TabSeparated (numbers only), details as JSON (escaped text). */
export function telemetryBatch(columns: PointColumns, details: readonly ReadingDetail[]): BatchRows {
  return {
    ingestTable: INGEST_TABLE,
    columns: [
      'mark',
      'asset_id',
      'metric_id',
      'ts',
      'value',
      'status',
      'kind',
      'number',
      'text',
      'has_units',
      'units',
    ],
    parts: [
      {
        name: 'points',
        structure: POINT_STRUCTURE,
        format: 'TabSeparated',
        data: () => pointsTabSeparated(columns),
        count: columns.timestamps.length,
        select: `${INGEST_MARK.point}, asset_id, metric_id, ts, value, status, 0, 0, '', 0, ''`,
      },
      {
        name: 'details',
        structure: DETAIL_STRUCTURE,
        format: 'JSONEachRow',
        data: () => details.map((detail) => `${JSON.stringify(detailValues(detail))}\n`).join(''),
        count: details.length,
        select: `${INGEST_MARK.detail}, asset_id, metric_id, ts, 0, status, kind, number, text, has_units, units`,
      },
    ],
  };
}

/** A detail as the details table's row. */
export function detailValues(detail: ReadingDetail) {
  const row = toDetailRow(detail);
  return {
    asset_id: row.assetId,
    metric_id: row.metricId,
    ts: row.ts,
    status: row.status,
    kind: row.kind,
    number: row.number,
    text: row.text,
    has_units: row.hasUnits,
    units: row.units,
  };
}

/** Points as TabSeparated rows: numbers only (checked finite, and integral where they must be). */
function pointsTabSeparated(columns: PointColumns): string {
  const lines = new Array<string>(columns.timestamps.length);
  for (let index = 0; index < columns.timestamps.length; index++) {
    lines[index] =
      `${columns.assetIds[index] ?? 0}\t${columns.metricIds[index] ?? 0}\t${columns.timestamps[index] ?? 0}\t${columns.values[index] ?? 0}\t${columns.statuses[index] ?? 0}\n`;
  }
  return lines.join('');
}
