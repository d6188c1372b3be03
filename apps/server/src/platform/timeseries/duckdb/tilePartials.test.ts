import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import type { PointColumns } from '../timeSeriesStore.ts';
import { TILE_MS, tileRowsSql } from './duckDbTiles.ts';
import { tilePartialColumns, tilePartials } from './tilePartials.ts';

/** A seeded generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Points of three series over a few tiles, shuffled (late and interleaved), with values from a small set so that
 * extremes tie often. Each series' timestamps are distinct, as the first and last point are otherwise ambiguous.
 */
function shuffledPoints(seed: number): PointColumns {
  const next = random(seed);
  const rows: [number, number, number, number, number][] = [];
  for (const [assetId, metricId] of [
    [1, 1],
    [1, 2],
    [7, 1],
  ] as const) {
    const taken = new Set<number>();
    for (let count = 0; count < 120; count++) {
      const ts = 1_700_000_000_000 + Math.floor(next() * 5 * TILE_MS);
      if (taken.has(ts)) continue;
      taken.add(ts);
      rows.push([assetId, metricId, ts, Math.floor(next() * 4) / 2, Math.floor(next() * 3)]);
    }
  }
  for (let index = rows.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    const held = rows[index];
    const swapped = rows[other];
    if (held && swapped) [rows[index], rows[other]] = [swapped, held];
  }
  return {
    assetIds: Int32Array.from(rows, (row) => row[0]),
    metricIds: Int32Array.from(rows, (row) => row[1]),
    timestamps: Float64Array.from(rows, (row) => row[2]),
    values: Float64Array.from(rows, (row) => row[3]),
    statuses: Int32Array.from(rows, (row) => row[4]),
  };
}

/** Tile rows of the JS partials as plain numbers, sorted like tileRowsSql's. */
function jsTiles(columns: PointColumns): number[][] {
  const partialColumns = tilePartialColumns(tilePartials(columns));
  const count = partialColumns[0]?.length ?? 0;
  const rows = Array.from({ length: count }, (_, row) =>
    partialColumns.map((column) => column[row] ?? Number.NaN),
  );
  return rows.sort(
    (a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0) || (a[2] ?? 0) - (b[2] ?? 0),
  );
}

async function sqlTiles(columns: PointColumns): Promise<number[][]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(
    'CREATE TABLE p (asset_id INTEGER, metric_id INTEGER, ts BIGINT, value DOUBLE, status INTEGER)',
  );
  const appender = await connection.createAppender('p');
  for (let index = 0; index < columns.timestamps.length; index++) {
    appender.appendInteger(columns.assetIds[index] ?? 0);
    appender.appendInteger(columns.metricIds[index] ?? 0);
    appender.appendBigInt(BigInt(columns.timestamps[index] ?? 0));
    appender.appendDouble(columns.values[index] ?? 0);
    appender.appendInteger(columns.statuses[index] ?? 0);
    appender.endRow();
  }
  appender.closeSync();
  // The partials' sums in the same column order as tilePartialColumns.
  const reader = await connection.runAndReadAll(`SELECT t.*, s.s, s.c, s.q FROM (${tileRowsSql('p')}) AS t
    JOIN (SELECT asset_id, metric_id, ts // ${TILE_MS} AS tile, sum(value) AS s, count(*) AS c,
      sum(value * value) AS q FROM p GROUP BY ALL) AS s USING (asset_id, metric_id, tile)
    ORDER BY asset_id, metric_id, tile`);
  connection.closeSync();
  return reader.getRows().map((row) => row.map(Number));
}

describe('tilePartials', () => {
  it('computes the tiles the SQL tile rows define, ties and late points included', async () => {
    for (const seed of [1, 2, 3, 4]) {
      const columns = shuffledPoints(seed);
      const expected = await sqlTiles(columns);
      expect(expected.length).toBeGreaterThan(10);
      expect(jsTiles(columns)).toEqual(expected);
    }
  });

  it('gives a series that returns to a tile after another series one row for that tile', () => {
    const columns: PointColumns = {
      assetIds: Int32Array.from([1, 1, 2, 1]),
      metricIds: Int32Array.from([5, 5, 5, 5]),
      timestamps: Float64Array.from([1_000, 2_000, 1_000, 3_000]),
      values: Float64Array.from([4, 2, 9, 2]),
      statuses: Int32Array.from([0, 1, 0, 0]),
    };
    expect(jsTiles(columns)).toEqual([
      // asset, metric, tile, first, last, min (earliest of the tied 2s), max, status, sum, count, sum of squares
      [1, 5, 0, 1_000, 4, 3_000, 2, 2_000, 2, 1_000, 4, 1, 8, 3, 24],
      [2, 5, 0, 1_000, 9, 1_000, 9, 1_000, 9, 1_000, 9, 0, 9, 1, 81],
    ]);
  });
});
