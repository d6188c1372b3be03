import type { PointColumns } from '../timeSeriesStore.ts';
import { TILE_MS } from './duckDbTiles.ts';

/**
 * One batch's M4 tiles with their rollup partials, as columns in the stage-tiles table's order. BIGINT columns are
 * held as doubles (exact below 2^53; the appender casts them).
 */
export interface TilePartials {
  assetIds: Int32Array<ArrayBuffer>;
  metricIds: Int32Array<ArrayBuffer>;
  tiles: Float64Array<ArrayBuffer>;
  firstTs: Float64Array<ArrayBuffer>;
  firstValues: Float64Array<ArrayBuffer>;
  lastTs: Float64Array<ArrayBuffer>;
  lastValues: Float64Array<ArrayBuffer>;
  minTs: Float64Array<ArrayBuffer>;
  minValues: Float64Array<ArrayBuffer>;
  maxTs: Float64Array<ArrayBuffer>;
  maxValues: Float64Array<ArrayBuffer>;
  maxStatuses: Int32Array<ArrayBuffer>;
  sums: Float64Array<ArrayBuffer>;
  counts: Float64Array<ArrayBuffer>;
  sumSquares: Float64Array<ArrayBuffer>;
}

/** The columns of TilePartials in the stage-tiles table's column order. */
export function tilePartialColumns(p: TilePartials): (Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer>)[] {
  return [
    p.assetIds,
    p.metricIds,
    p.tiles,
    p.firstTs,
    p.firstValues,
    p.lastTs,
    p.lastValues,
    p.minTs,
    p.minValues,
    p.maxTs,
    p.maxValues,
    p.maxStatuses,
    p.sums,
    p.counts,
    p.sumSquares,
  ];
}

/**
 * Which tile each point falls in, numbered in order of first appearance, and how many there are. A batch is mostly
 * runs of one series in time order, so the key is looked up only where a run changes tile.
 */
function numberTiles(columns: PointColumns): { tileOf: Int32Array; count: number } {
  const { assetIds, metricIds, timestamps } = columns;
  const tileOf = new Int32Array(timestamps.length);
  const numbers = new Map<string, number>();
  let asset = Number.NaN;
  let metric = Number.NaN;
  let tile = Number.NaN;
  let current = -1;
  for (let index = 0; index < timestamps.length; index++) {
    const pointAsset = assetIds[index] ?? 0;
    const pointMetric = metricIds[index] ?? 0;
    const pointTile = Math.floor((timestamps[index] ?? 0) / TILE_MS);
    if (pointAsset !== asset || pointMetric !== metric || pointTile !== tile) {
      asset = pointAsset;
      metric = pointMetric;
      tile = pointTile;
      const key = `${asset}:${metric}:${tile}`;
      current = numbers.get(key) ?? numbers.size;
      if (current === numbers.size) numbers.set(key, current);
    }
    tileOf[index] = current;
  }
  return { tileOf, count: numbers.size };
}

/**
 * A batch's tile rows, computed in JS when the batch arrives rather than by the writer's transaction: grouping in
 * SQL was a quarter of the writer's time per point, and here it runs while the writer commits the previous group.
 * The same rules as the SQL tiles (tileRowsSql): first and last by time, and of equal extremes the earliest.
 */
export function tilePartials(columns: PointColumns): TilePartials {
  const { tileOf, count } = numberTiles(columns);
  const p = emptyPartials(count);
  const { assetIds, metricIds, timestamps, values, statuses } = columns;
  for (let index = 0; index < timestamps.length; index++) {
    const at = tileOf[index] ?? 0;
    const ts = timestamps[index] ?? 0;
    const value = values[index] ?? 0;
    const status = statuses[index] ?? 0;
    if (p.counts[at] === 0) {
      p.assetIds[at] = assetIds[index] ?? 0;
      p.metricIds[at] = metricIds[index] ?? 0;
      p.tiles[at] = Math.floor(ts / TILE_MS);
      p.firstTs[at] = p.lastTs[at] = p.minTs[at] = p.maxTs[at] = ts;
      p.firstValues[at] = p.lastValues[at] = p.minValues[at] = p.maxValues[at] = value;
      p.maxStatuses[at] = status;
    } else {
      if (ts < (p.firstTs[at] ?? 0)) {
        p.firstTs[at] = ts;
        p.firstValues[at] = value;
      }
      if (ts >= (p.lastTs[at] ?? 0)) {
        p.lastTs[at] = ts;
        p.lastValues[at] = value;
      }
      const min = p.minValues[at] ?? 0;
      if (value < min || (value === min && ts < (p.minTs[at] ?? 0))) {
        p.minValues[at] = value;
        p.minTs[at] = ts;
      }
      const max = p.maxValues[at] ?? 0;
      if (value > max || (value === max && ts < (p.maxTs[at] ?? 0))) {
        p.maxValues[at] = value;
        p.maxTs[at] = ts;
      }
      if (status > (p.maxStatuses[at] ?? 0)) p.maxStatuses[at] = status;
    }
    p.counts[at] = (p.counts[at] ?? 0) + 1;
    p.sums[at] = (p.sums[at] ?? 0) + value;
    p.sumSquares[at] = (p.sumSquares[at] ?? 0) + value * value;
  }
  return p;
}

function emptyPartials(capacity: number): TilePartials {
  const doubles = (): Float64Array<ArrayBuffer> => new Float64Array(capacity);
  return {
    assetIds: new Int32Array(capacity),
    metricIds: new Int32Array(capacity),
    tiles: doubles(),
    firstTs: doubles(),
    firstValues: doubles(),
    lastTs: doubles(),
    lastValues: doubles(),
    minTs: doubles(),
    minValues: doubles(),
    maxTs: doubles(),
    maxValues: doubles(),
    maxStatuses: new Int32Array(capacity),
    sums: doubles(),
    counts: doubles(),
    sumSquares: doubles(),
  };
}
