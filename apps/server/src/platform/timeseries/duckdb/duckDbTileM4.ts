import { integerList, RAW_TABLE, type SeriesSelection } from '../sql/pointSql.ts';
import { FOLDED, FOLDED_COLUMNS, TILE_MS, TILES_TABLE, UNTILED_MS, UNTILED_TABLE } from './duckDbTiles.ts';

/** A series hour without tiles (see UNTILED_TABLE). */
export interface UntiledHour {
  assetId: number;
  metricId: number;
  hour: number;
}

/** Beyond this many columns per tile boundary, tiles barely reduce the rows and raw M4 is as fast. */
const MAX_PARTIAL_TILE_SHARE = 0.5;
/** Beyond this many untiled stretches, their predicate (a chain of ORs per row) costs more than tiles save. */
const MAX_UNTILED_RANGES = 64;

/** The untiled hours of a selection: asked first, so the M4 query can name them as plain ranges. */
export function untiledHoursSql(selection: SeriesSelection): string {
  return `SELECT asset_id, metric_id, hour FROM ${UNTILED_TABLE}
  WHERE asset_id IN (${integerList(selection.assetIds)}) AND metric_id IN (${integerList(selection.metricIds)})
    AND hour >= ${Math.floor(selection.from / UNTILED_MS)} AND hour <= ${Math.floor(selection.to / UNTILED_MS)}
  ORDER BY asset_id, metric_id, hour`;
}

/**
 * Tiles that a pixel column boundary cuts, plus those cut by `from` and `to`: only their raw points are read.
 * Column k starts at the first ts with floor((ts - from) * width / span) >= k, i.e. from + ceil(k * span / width).
 */
function partialTiles(from: number, to: number, width: number): number[] | null {
  const span = to - from;
  if (!Number.isSafeInteger(span * width)) return null;
  const wholeRange = Math.floor(to / TILE_MS) - Math.ceil(from / TILE_MS);
  // Columns narrower than tiles: nothing to gain, and a huge width must not cost a loop over its columns.
  if (wholeRange <= 0 || width > wholeRange) return null;
  const tiles = new Set<number>();
  const cut = (ts: number): void => {
    if (ts % TILE_MS !== 0) tiles.add(Math.floor(ts / TILE_MS));
  };
  cut(from);
  cut(to);
  for (let column = 1; column < width; column++) cut(from + Math.ceil((column * span) / width));
  if (tiles.size > wholeRange * MAX_PARTIAL_TILE_SHARE) return null;
  return [...tiles].sort((a, b) => a - b);
}

/** Untiled hours as per-series stretches of consecutive hours, in ms: [start, end). */
function untiledRanges(
  hours: readonly UntiledHour[],
): { assetId: number; metricId: number; start: number; end: number }[] {
  const ranges: { assetId: number; metricId: number; start: number; end: number }[] = [];
  for (const { assetId, metricId, hour } of hours) {
    const last = ranges.at(-1);
    const start = hour * UNTILED_MS;
    if (last?.assetId === assetId && last.metricId === metricId && last.end === start) last.end += UNTILED_MS;
    else ranges.push({ assetId, metricId, start, end: start + UNTILED_MS });
  }
  return ranges;
}

/**
 * Raw M4 (the same rows as `m4Sql` over raw points, repeats included) from whole tiles inside each pixel column
 * and raw points of the cut tiles and untiled hours only. Exact: a whole tile lies in one column, so folding its
 * first/last/min/max with the column's other tiles and points gives the column's own. Null when tiles would not
 * help (columns narrower than tiles, data too fragmented).
 */
export function tiledRawM4Sql(
  selection: SeriesSelection,
  width: number,
  untiled: readonly UntiledHour[],
): string | null {
  const { from, to } = selection;
  const cut = partialTiles(from, to, width);
  const ranges = untiledRanges(untiled);
  if (!cut || ranges.length > MAX_UNTILED_RANGES) return null;
  const column = (ts: string): string => `(${ts} - ${from}) * ${width} // ${to - from}`;
  const series = `asset_id IN (${integerList(selection.assetIds)}) AND metric_id IN (${integerList(selection.metricIds)})`;
  const inUntiled = (ts: string): string =>
    ranges
      .map(
        (range) =>
          `(asset_id = ${range.assetId} AND metric_id = ${range.metricId} AND ${ts} >= ${range.start} AND ${ts} < ${range.end})`,
      )
      .join(' OR ') || 'FALSE';
  const tileStart = `tile * ${TILE_MS}`;
  // Whole tiles by arithmetic (a NOT IN list is evaluated as a chain of comparisons per row: 0.27 s), cut
  // points by the list (an IN list becomes a hash semi-join: far cheaper than the arithmetic over every raw point).
  const wholeTiles = `SELECT asset_id, metric_id, ${column(tileStart)} AS px, first_ts, first_value,
      last_ts, last_value, min_ts, min_value, max_ts, max_value, max_status
    FROM ${TILES_TABLE}
    WHERE ${series} AND tile >= ${Math.ceil(from / TILE_MS)} AND tile < ${Math.floor(to / TILE_MS)}
      AND ${column(tileStart)} = ${column(`${tileStart} + ${TILE_MS - 1}`)} AND NOT (${inUntiled(tileStart)})`;
  const cutList = cut.length > 0 ? integerList(cut) : '-1';
  const rawPoints = `SELECT asset_id, metric_id, ${column('ts')} AS px, ts, value, ts, value, ts, value, ts, value, status
    FROM ${RAW_TABLE}
    WHERE ${series} AND ts >= ${from} AND ts < ${to} AND (ts // ${TILE_MS} IN (${cutList}) OR ${inUntiled('ts')})`;
  const columns = `SELECT asset_id, metric_id, ${FOLDED_COLUMNS} FROM (
    SELECT asset_id, metric_id, px, ${FOLDED}
    FROM (${wholeTiles} UNION ALL ${rawPoints}) AS u
    GROUP BY asset_id, metric_id, px
  ) AS f`;
  // Timestamps leave as DOUBLE (exact below 2^53): a BIGINT reaches JavaScript as a bigint, and converting
  // 80 k of them back to numbers was a fifth of the query.
  return `SELECT asset_id, metric_id, CAST(unnest([first_ts, last_ts, min_ts, max_ts]) AS DOUBLE) AS ts,
      unnest([first_value, last_value, min_value, max_value]) AS value, max_status AS status
    FROM (${columns}) AS c`;
}
