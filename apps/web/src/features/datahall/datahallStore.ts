import { isRecord } from '@kelvin/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { sessionThenLocal } from '../diagnose/diagnoseStore.ts';

export const DATAHALL_STATE_KEY = 'kelvin.datahall';

/** Spec: the data hall screen has state of its own; ours is the metric shown on each unit and the last hall. */
export interface DatahallState {
  metricId: number | null;
  /** Where datahall/ without an id opens: the hall looked at last. */
  lastDatahallId: number | null;
}

const DEFAULT_DATAHALL_STATE: DatahallState = { metricId: null, lastDatahallId: null };

const idOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;

export function restoreDatahallState(saved: unknown): DatahallState {
  const raw = isRecord(saved) ? saved : {};
  return { metricId: idOrNull(raw.metricId), lastDatahallId: idOrNull(raw.lastDatahallId) };
}

/** Kept per tab and per browser like the other screens' state (spec: session and local storage). */
export const useDatahallStore = create<DatahallState>()(
  persist(() => DEFAULT_DATAHALL_STATE, {
    name: DATAHALL_STATE_KEY,
    storage: createJSONStorage(() => sessionThenLocal(sessionStorage, localStorage)),
    version: 1,
    merge: (saved) => restoreDatahallState(saved),
  }),
);

export function updateDatahall(change: Partial<DatahallState>): void {
  useDatahallStore.setState((state) => ({ ...state, ...change }));
}

/** On sign-out: the next user of this browser does not open this user's hall. */
export function forgetDatahallState(): void {
  useDatahallStore.setState(DEFAULT_DATAHALL_STATE);
  useDatahallStore.persist.clearStorage();
}
