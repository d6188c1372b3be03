import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetRecentUnits,
  recordVisit,
  RECENT_UNITS_KEY,
  RECENT_UNITS_MAX,
  restoreRecentUnits,
  useRecentUnitsStore,
} from './recentUnitsStore.ts';

afterEach(() => forgetRecentUnits());

describe('recently viewed units', () => {
  it('moves a visited unit to the front, once, and keeps the newest few', () => {
    for (let assetId = 1; assetId <= RECENT_UNITS_MAX + 2; assetId++) recordVisit(assetId, assetId);
    recordVisit(5, 100);
    const ids = useRecentUnitsStore.getState().visits.map((visit) => visit.assetId);
    expect(ids[0]).toBe(5);
    expect(ids).toHaveLength(RECENT_UNITS_MAX);
    expect(new Set(ids).size).toBe(RECENT_UNITS_MAX);
    expect(ids).not.toContain(1);
  });

  it('keeps them in session and local storage, drops bad entries on the way in, and forgets on sign-out', () => {
    recordVisit(4, 10);
    expect(localStorage.getItem(RECENT_UNITS_KEY)).toContain('"assetId":4');
    expect(
      restoreRecentUnits({
        visits: [{ assetId: 4, visitedAt: 1 }, { assetId: 'x' }, null, { assetId: 2.5, visitedAt: 1 }],
      }),
    ).toEqual({ visits: [{ assetId: 4, visitedAt: 1 }] });
    forgetRecentUnits();
    expect(useRecentUnitsStore.getState().visits).toEqual([]);
    expect(localStorage.getItem(RECENT_UNITS_KEY)).toBeNull();
    expect(sessionStorage.getItem(RECENT_UNITS_KEY)).toBeNull();
  });
});
