import { DEFAULT_RANGE_LABEL, isRecord, isRelativeRange, MAX_DIAGNOSE_ASSETS } from '@kelvin/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { sessionThenLocal } from '../diagnose/diagnoseStore.ts';
import type { RangeChoice } from '../diagnose/TimeRangePicker.tsx';

export const COMPARE_STATE_KEY = 'kelvin.deviceCompare';
/** As on the diagnose screen: past twelve, a chart's lines and the table's columns can no longer be told apart. */
export const MAX_COMPARE_UNITS = MAX_DIAGNOSE_ASSETS;
export const MIN_COMPARE_UNITS = 2;
/** One chart each, and one live path per unit and metric: past twenty the page stops being a comparison. */
export const MAX_COMPARE_METRICS = 20;

export interface CompareUnitsState {
  /** The units compared, the first the reference the others are measured against. */
  assetIds: number[];
  metricIds: number[];
  range: RangeChoice;
}

const ids = (value: unknown): number[] =>
  Array.isArray(value)
    ? [...new Set(value.filter((id): id is number => Number.isSafeInteger(id) && id > 0))]
    : [];

function restoreRange(value: unknown): RangeChoice {
  if (isRecord(value) && value.kind === 'relative' && typeof value.label === 'string') {
    if (isRelativeRange(value.label)) return { kind: 'relative', label: value.label };
  }
  if (isRecord(value) && value.kind === 'absolute') {
    const { from, to } = value;
    if (typeof from === 'number' && typeof to === 'number' && Number.isFinite(from) && to > from) {
      return { kind: 'absolute', from, to };
    }
  }
  return { kind: 'relative', label: DEFAULT_RANGE_LABEL };
}

/** Whatever storage holds, as a valid state: unknown ids dropped, at most the limits, the default hour otherwise. */
export function restoreCompareState(saved: unknown): CompareUnitsState {
  const raw = isRecord(saved) ? saved : {};
  return {
    assetIds: ids(raw.assetIds).slice(0, MAX_COMPARE_UNITS),
    metricIds: ids(raw.metricIds).slice(0, MAX_COMPARE_METRICS),
    range: restoreRange(raw.range),
  };
}

/**
 * The comparison, kept per tab and per browser like the diagnose screen's (spec: state is saved to session and
 * local storage), so that a reload or a new tab finds the same units.
 */
export const useCompareUnitsStore = create<CompareUnitsState>()(
  persist(() => restoreCompareState(undefined), {
    name: COMPARE_STATE_KEY,
    storage: createJSONStorage(() => sessionThenLocal(sessionStorage, localStorage)),
    version: 1,
    merge: (saved) => restoreCompareState(saved),
  }),
);

export function updateCompareUnits(change: Partial<CompareUnitsState>): void {
  useCompareUnitsStore.setState(change);
}

/** On sign-out: the next user of this browser does not find this user's units. */
export function forgetCompareState(): void {
  useCompareUnitsStore.persist.clearStorage();
  useCompareUnitsStore.setState(restoreCompareState(undefined));
}

export type ToggleResult = { assetIds: number[] } | { refused: string };

/** Adds a unit at the end or takes it out; a thirteenth is refused with the reason. */
export function toggleCompareUnit(assetIds: readonly number[], assetId: number): ToggleResult {
  if (assetIds.includes(assetId)) return { assetIds: assetIds.filter((id) => id !== assetId) };
  if (assetIds.length >= MAX_COMPARE_UNITS) {
    return { refused: `At most ${MAX_COMPARE_UNITS} units are compared together.` };
  }
  return { assetIds: [...assetIds, assetId] };
}

/** Makes a unit the reference: first, the others keeping their order. */
export function makeReference(assetIds: readonly number[], assetId: number): number[] {
  return assetIds.includes(assetId) ? [assetId, ...assetIds.filter((id) => id !== assetId)] : [...assetIds];
}
