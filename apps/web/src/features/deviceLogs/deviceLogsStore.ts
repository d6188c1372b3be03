import { create } from 'zustand';
import type { SharedView } from '@kelvin/contract';
import {
  DEFAULT_RANGE_LABEL,
  resolveRelativeRange,
  savedRange,
  type TimeRange,
  type ViewUser,
} from '@kelvin/domain';
import { selectLogsView, type LogsFilter, type LogsSelection } from './logsView.ts';

export interface DeviceLogsState extends LogsSelection {
  /** Following new records as they arrive (live tail). */
  tail: boolean;
}

export function defaultLogsFilter(now: number): LogsFilter {
  return {
    rangeDisplay: DEFAULT_RANGE_LABEL,
    range: resolveRelativeRange(DEFAULT_RANGE_LABEL, now),
    levels: [],
    sources: [],
    search: '',
  };
}

/**
 * The logs tab's filter, kept while the user moves between units and tabs (a unit's logs are usually read next to
 * another's). Not persisted: a saved view is how a filter is kept.
 */
export const useDeviceLogsStore = create<DeviceLogsState>()(() => ({
  selectedViewId: null,
  filter: defaultLogsFilter(Date.now()),
  includes: { includeTimeRange: false, includeAssets: false },
  tail: false,
}));

export function updateLogsFilter(change: (filter: LogsFilter) => LogsFilter): void {
  useDeviceLogsStore.setState((state) => ({ filter: change(state.filter) }));
}

/** A range chosen now: a relative label resolved from now, or an absolute range ('Custom'). */
export function withRange(filter: LogsFilter, rangeDisplay: string, range: TimeRange): LogsFilter {
  return { ...filter, rangeDisplay, range };
}

/** A relative range moved on to now; an absolute one stays. */
export function refreshedRange(filter: LogsFilter, now: number): LogsFilter {
  if (filter.rangeDisplay === 'Custom') return filter;
  const { range, rangeDisplay } = savedRange({ rangeDisplay: filter.rangeDisplay }, now);
  return { ...filter, range, rangeDisplay };
}

export function setLogsTail(tail: boolean): void {
  useDeviceLogsStore.setState((state) => ({
    tail,
    // A relative range moves on to now when the tail stops, so that the list still holds what the tail showed.
    filter: tail ? state.filter : refreshedRange(state.filter, Date.now()),
  }));
}

export function hasNarrowingFilters(filter: LogsFilter): boolean {
  return filter.levels.length > 0 || filter.sources.length > 0 || filter.search.trim() !== '';
}

/**
 * Opens a LOGS view (from the views menu or a link): its filter by the selection rules, and where it shows: its
 * unit's logs when it includes the unit, otherwise the logs of `currentAssetId`, or the device picker.
 */
export function openLogsView(
  view: SharedView,
  user: ViewUser,
  currentAssetId?: number,
): { navigateTo: string } {
  const { selection, assetId } = selectLogsView(useDeviceLogsStore.getState(), view, user, Date.now());
  useDeviceLogsStore.setState(selection);
  const target = assetId ?? currentAssetId;
  return { navigateTo: target === undefined ? '/user/devices' : `/user/devices/${target}/logs` };
}
