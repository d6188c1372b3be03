import { logLevels, type LogLevel, type SharedView } from '@kelvin/contract';
import { isRecord, loadsAsDraft, savedRange, type TimeRange, type ViewUser } from '@kelvin/domain';

/** Schema of the logs shared views this console writes (context LOGS). */
export const LOGS_VIEW_SCHEMA = 'v1';

/** The logs screen's filter: what a LOGS shared view carries, and what the screen shows. */
export interface LogsFilter {
  /** A relative range label ('Last 1 Hour') or 'Custom'. */
  rangeDisplay: string;
  /** The range resolved when it was chosen (a relative one moves on only when refreshed). */
  range: TimeRange;
  levels: LogLevel[];
  sources: string[];
  search: string;
}

/** A LOGS view's data: the filter, its range and the asset only when the view includes them (as diagnose's). */
export interface LogsViewData {
  rangeDisplay: string;
  fromDate: string | null;
  toDate: string | null;
  levels: LogLevel[];
  sources: string[];
  search: string;
  includeTimeRange: boolean;
  includeAssets: boolean;
  assetId: number | null;
}

const isLevel = (value: unknown): value is LogLevel => logLevels.some((level) => level === value);
const isText = (value: unknown): value is string => typeof value === 'string';

/** Any stored data as a valid view: unknown levels, odd types and bad dates are dropped, not trusted. */
export function readLogsView(data: unknown): LogsViewData {
  const raw = isRecord(data) ? data : {};
  const date = (value: unknown) => (isText(value) && value !== '' ? value : null);
  return {
    rangeDisplay: isText(raw.rangeDisplay) ? raw.rangeDisplay : 'Last 1 Hour',
    fromDate: date(raw.fromDate),
    toDate: date(raw.toDate),
    levels: Array.isArray(raw.levels) ? raw.levels.filter(isLevel) : [],
    sources: Array.isArray(raw.sources) ? raw.sources.filter(isText) : [],
    search: isText(raw.search) ? raw.search : '',
    includeTimeRange: raw.includeTimeRange === true,
    includeAssets: raw.includeAssets === true,
    assetId: typeof raw.assetId === 'number' && Number.isSafeInteger(raw.assetId) ? raw.assetId : null,
  };
}

/** What a save stores for the filter on screen. */
export function logsViewData(
  filter: LogsFilter,
  options: { includeTimeRange: boolean; includeAssets: boolean; assetId: number },
): LogsViewData {
  return {
    rangeDisplay: filter.rangeDisplay,
    fromDate: new Date(filter.range.from).toISOString(),
    toDate: new Date(filter.range.to).toISOString(),
    levels: filter.levels,
    sources: filter.sources,
    search: filter.search,
    includeTimeRange: options.includeTimeRange,
    includeAssets: options.includeAssets,
    assetId: options.includeAssets ? options.assetId : null,
  };
}

export interface LogsSelection {
  selectedViewId: number | null;
  filter: LogsFilter;
  /** What the selected view carries besides the filter; a save keeps it. */
  includes: { includeTimeRange: boolean; includeAssets: boolean };
}

/**
 * Opening a LOGS view, by the spec's selection rules for shared views: its filter replaces the screen's, the range
 * only when the view includes it (a relative one from now), and it loads as a draft (nothing selected) when it is
 * provisional, another user's personal view, another company's published view, or deleted.
 */
export function selectLogsView(
  current: LogsSelection,
  view: SharedView,
  user: ViewUser,
  now: number,
): { selection: LogsSelection; assetId: number | null } {
  const data = readLogsView(view.data);
  const range = data.includeTimeRange ? savedRange(data, now) : null;
  const filter: LogsFilter = {
    ...current.filter,
    levels: data.levels,
    sources: data.sources,
    search: data.search,
    ...(range ? { range: range.range, rangeDisplay: range.rangeDisplay } : {}),
  };
  return {
    selection: {
      selectedViewId: loadsAsDraft(view, user) ? null : view.sharedViewId,
      filter,
      includes: { includeTimeRange: data.includeTimeRange, includeAssets: data.includeAssets },
    },
    assetId: data.includeAssets ? data.assetId : null,
  };
}
