import { useEffect } from 'react';
import { isRecord } from '@kelvin/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { sessionThenLocal } from '../diagnose/diagnoseStore.ts';

export const RECENT_UNITS_KEY = 'kelvin.recentUnits';
/** How many the dashboard lists: enough to find the way back, few enough to read at a glance. */
export const RECENT_UNITS_MAX = 8;

export interface RecentVisit {
  assetId: number;
  /** Epoch ms. */
  visitedAt: number;
}

interface RecentUnitsState {
  visits: RecentVisit[];
}

export function restoreRecentUnits(saved: unknown): RecentUnitsState {
  const raw = isRecord(saved) && Array.isArray(saved.visits) ? saved.visits : [];
  const visits = raw.filter(
    (visit): visit is RecentVisit =>
      isRecord(visit) &&
      typeof visit.assetId === 'number' &&
      Number.isSafeInteger(visit.assetId) &&
      typeof visit.visitedAt === 'number',
  );
  return { visits: visits.slice(0, RECENT_UNITS_MAX) };
}

/** The assets opened under devices/{assetId}, newest first, kept per browser like the screens' state. */
export const useRecentUnitsStore = create<RecentUnitsState>()(
  persist(() => ({ visits: [] }), {
    name: RECENT_UNITS_KEY,
    storage: createJSONStorage(() => sessionThenLocal(sessionStorage, localStorage)),
    version: 1,
    merge: (saved) => restoreRecentUnits(saved),
  }),
);

/** A visit moves the asset to the front; the oldest beyond the limit drop off. */
export function recordVisit(assetId: number, now = Date.now()): void {
  useRecentUnitsStore.setState(({ visits }) => ({
    visits: [{ assetId, visitedAt: now }, ...visits.filter((visit) => visit.assetId !== assetId)].slice(
      0,
      RECENT_UNITS_MAX,
    ),
  }));
}

/** Records a visit each time the page opens another asset. */
export function useRecordRecentUnit(assetId: number | undefined): void {
  useEffect(() => {
    if (assetId !== undefined) recordVisit(assetId);
  }, [assetId]);
}

/** On sign-out: the next user of this browser does not see which units this one looked at. */
export function forgetRecentUnits(): void {
  useRecentUnitsStore.setState({ visits: [] });
  useRecentUnitsStore.persist.clearStorage();
}
