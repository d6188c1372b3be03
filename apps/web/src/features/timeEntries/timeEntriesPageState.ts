import { timeEntrySortProperties } from '@kelvin/contract';
import type { PagedTableSort } from '../../shared/ui/PagedTable.tsx';
import { parseSortParam, writeSortParam } from '../../shared/ui/sortParam.ts';
import { useAddressState, type AddressStateCodec } from '../../shared/routing/useAddressState.ts';

/** The page's filters as its inputs hold them: ids as strings, dates as yyyy-MM-dd or ''. */
export interface TimeEntryFilters {
  userIds: string[];
  ticketIds: string[];
  companyIds: string[];
  laborCodeValues: string[];
  from: string;
  to: string;
}

export interface TimeEntriesPageState {
  filters: TimeEntryFilters;
  /** From 0; the address counts from 1. */
  page: number;
  /** undefined: the server's order, newest date first. */
  sort: PagedTableSort | undefined;
}

export const NO_TIME_ENTRY_FILTERS: TimeEntryFilters = {
  userIds: [],
  ticketIds: [],
  companyIds: [],
  laborCodeValues: [],
  from: '',
  to: '',
};

/** Filter → search param; labor code values may be -1 (the enum's 'universal'), ids never. */
const LISTS = [
  ['userIds', 'user', /^[1-9]\d{0,9}$/],
  ['ticketIds', 'ticket', /^[1-9]\d{0,9}$/],
  ['companyIds', 'company', /^[1-9]\d{0,9}$/],
  ['laborCodeValues', 'labor', /^-?\d{1,4}$/],
] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseList(value: string | null, pattern: RegExp): string[] {
  if (value === null) return [];
  return [...new Set(value.split(',').filter((part) => pattern.test(part)))];
}

/** Reads the page's state from its address; anything malformed is left out rather than refused. */
export function parseTimeEntriesState(params: URLSearchParams): TimeEntriesPageState {
  const filters = { ...NO_TIME_ENTRY_FILTERS };
  for (const [key, param, pattern] of LISTS) filters[key] = parseList(params.get(param), pattern);
  const date = (param: string) => {
    const value = params.get(param) ?? '';
    return DATE.test(value) ? value : '';
  };
  filters.from = date('from');
  filters.to = date('to');
  const page = Number(params.get('page'));
  return {
    filters,
    page: Number.isSafeInteger(page) && page > 1 ? page - 1 : 0,
    sort: parseSortParam(params.get('sort'), timeEntrySortProperties),
  };
}

/** The state as search params, defaults left out, so the plain page's address stays tickets/timeEntry. */
export function writeTimeEntriesState(state: TimeEntriesPageState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, param] of LISTS) {
    if (state.filters[key].length > 0) params.set(param, state.filters[key].join(','));
  }
  if (state.filters.from) params.set('from', state.filters.from);
  if (state.filters.to) params.set('to', state.filters.to);
  if (state.sort) params.set('sort', writeSortParam(state.sort));
  if (state.page > 0) params.set('page', String(state.page + 1));
  return params;
}

const timeEntriesAddress: AddressStateCodec<TimeEntriesPageState> = {
  parse: parseTimeEntriesState,
  write: writeTimeEntriesState,
  apply: (state, change) => ({ ...state, page: 0, ...change }),
};

/** The time entries page's filters, page and sort in the address; a change of filters or sort goes to page 1. */
export function useTimeEntriesPageState(): [
  TimeEntriesPageState,
  (change: Partial<TimeEntriesPageState>) => void,
] {
  return useAddressState(timeEntriesAddress);
}
