import { summarizeBlocks, type PointBlocks } from '@kelvin/domain';
import { describe, expect, it } from 'vitest';
import { emptyHeldPoints, splicePoints, type HeldPoints, type ReadPoints } from './clickHouseHeldPoints.ts';

const points = (timestamps: number[]): ReadPoints => ({
  timestamps,
  values: timestamps.map((ts) => Math.sin(ts / 7) * 10),
  statuses: timestamps.map((ts) => ts % 3),
});
const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from }, (_, index) => from + index);
const plain = (held: HeldPoints): ReadPoints => ({
  timestamps: [...held.timestamps.subarray(0, held.length)],
  values: [...held.values.subarray(0, held.length)],
  statuses: [...held.statuses.subarray(0, held.length)],
});
/** The whole blocks' summaries as computed from scratch. */
const expectBlocks = (held: HeldPoints): void => {
  const whole = Math.floor(held.length / 16);
  const fresh: PointBlocks = {
    minIndex: new Int32Array(whole),
    maxIndex: new Int32Array(whole),
    status: new Int32Array(whole),
  };
  summarizeBlocks(held, held.length, fresh);
  expect(held.blocks.minIndex.subarray(0, whole)).toEqual(fresh.minIndex);
  expect(held.blocks.maxIndex.subarray(0, whole)).toEqual(fresh.maxIndex);
  expect(held.blocks.status.subarray(0, whole)).toEqual(fresh.status);
};

describe('splicePoints', () => {
  it('appends a re-read newest stretch in place, leaving what an earlier version holds untouched', () => {
    const first = splicePoints(emptyHeldPoints(), [{ start: 0, end: 1000 }], points(range(0, 1000)));
    expect(plain(first)).toEqual(points(range(0, 1000)));
    const before = plain(first);
    // The newest stretch read again: the points held come back, new ones follow.
    const second = splicePoints(first, [{ start: 990, end: 1100 }], points(range(990, 1100)));
    expect(second.timestamps).toBe(first.timestamps);
    expect(plain(second)).toEqual(points(range(0, 1100)));
    expect(plain(first)).toEqual(before);
    expectBlocks(second);
  });

  it('writes new arrays when a late point lands among those held, or when room runs out', () => {
    const first = splicePoints(
      emptyHeldPoints(),
      [{ start: 0, end: 2000 }],
      points(range(0, 2000).filter((ts) => ts % 2 === 0)),
    );
    const before = plain(first);
    const late = points([...range(100, 200).filter((ts) => ts % 2 === 0), 151].sort((a, b) => a - b));
    const second = splicePoints(first, [{ start: 100, end: 200 }], late);
    expect(second.timestamps).not.toBe(first.timestamps);
    expect(plain(second)).toEqual(
      points([...range(0, 2000).filter((ts) => ts % 2 === 0), 151].sort((a, b) => a - b)),
    );
    expect(plain(first)).toEqual(before);
    expectBlocks(second);
    const grown = splicePoints(second, [{ start: 2000, end: 10_000 }], points(range(2000, 10_000)));
    expect(grown.length).toBe(second.length + 8000);
    expectBlocks(grown);
  });
});
