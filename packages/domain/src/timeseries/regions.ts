/** A stretch of time in which a series has data: first and last point, inclusive. */
export interface DataRegion {
  from: number;
  to: number;
}

/** One occupied slot (`intDiv(ts, gap)`) with its first and last point, as the stores return them, by slot. */
export interface OccupiedSlot {
  slot: number;
  firstTs: number;
  lastTs: number;
}

/**
 * Joins occupied slots into regions: two neighbouring slots belong to one region when the distance between the
 * last point of one and the first of the next is at most `minGapMs`. Slots are `minGapMs` wide, so an empty slot in
 * between already means a gap, and the stores only need a GROUP BY (ClickHouse 18.16 has no window functions).
 */
export function regionsFromSlots(slots: readonly OccupiedSlot[], minGapMs: number): DataRegion[] {
  const regions: DataRegion[] = [];
  let current: DataRegion | null = null;
  let previousSlot = Number.NaN;
  for (const slot of slots) {
    if (current && slot.slot === previousSlot + 1 && slot.firstTs - current.to <= minGapMs) {
      current.to = slot.lastTs;
    } else {
      current = { from: slot.firstTs, to: slot.lastTs };
      regions.push(current);
    }
    previousSlot = slot.slot;
  }
  return regions;
}
