import {
  billingStates,
  ticketGroupings,
  ticketSortProperties,
  type BillingState,
  type TicketGrouping,
  type TicketListFilter,
} from '@kelvin/contract';
import { coreEnumValue, TICKET_STATUSES, type TicketStatus } from '@kelvin/domain';
import type { PagedTableSort } from '../../../shared/ui/PagedTable.tsx';
import { parseSortParam, writeSortParam } from '../../../shared/ui/sortParam.ts';

export const ticketViews = ['table', 'lanes', 'groups'] as const;
export type TicketView = (typeof ticketViews)[number];

/**
 * What a tickets list shows, as kept in the URL's search params so that a list can be shared and a reload
 * restores it. Sets hold what is chosen; null company ids means every company.
 */
export interface TicketListState {
  view: TicketView;
  statuses: TicketStatus[];
  billingStates: BillingState[];
  companyIds: number[] | null;
  search: string;
  sort: PagedTableSort;
  /** From 0 (the URL says page=1 for the first). */
  page: number;
  /** The group view's grouping; null: none (the spec's default). */
  groupBy: TicketGrouping | null;
}

/** Spec (section 3, Other): statuses new, inProgress, onHold, needsDispatch, scheduled, resolved. */
export const DEFAULT_TICKET_STATUSES: readonly TicketStatus[] = [
  'new',
  'inProgress',
  'onHold',
  'needsDispatch',
  'scheduled',
  'resolved',
];
export const DEFAULT_TICKET_SORT: PagedTableSort = { property: 'created_at', direction: 'DESC' };

export const defaultTicketListState = (): TicketListState => ({
  view: 'table',
  statuses: [...DEFAULT_TICKET_STATUSES],
  billingStates: [...billingStates],
  companyIds: null,
  search: '',
  sort: DEFAULT_TICKET_SORT,
  page: 0,
  groupBy: null,
});

const ALL = 'all';
const NONE = 'none';

function pick<T extends string>(known: readonly T[], value: string | null): T | undefined {
  return known.find((candidate) => candidate === value);
}

/** A set param: absent means the default, 'all' and 'none' say so, else the known values it names in order. */
function parseSet<T extends string>(raw: string | null, known: readonly T[], fallback: readonly T[]): T[] {
  if (raw === null) return [...fallback];
  if (raw === ALL) return [...known];
  if (raw === NONE || raw === '') return [];
  const named = new Set(raw.split(','));
  return known.filter((value) => named.has(value));
}

function writeSet(values: readonly string[], known: readonly string[], fallback: readonly string[]) {
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((value) => b.includes(value));
  if (same(values, fallback)) return undefined;
  if (same(values, known)) return ALL;
  if (values.length === 0) return NONE;
  return known.filter((value) => values.includes(value)).join(',');
}

/** Reads the state from search params; anything unknown or malformed falls back to the default. */
export function parseTicketListState(params: URLSearchParams): TicketListState {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const company = params.get('company');
  return {
    view: pick(ticketViews, params.get('view')) ?? 'table',
    statuses: parseSet(params.get('status'), TICKET_STATUSES, DEFAULT_TICKET_STATUSES),
    billingStates: parseSet(params.get('billing'), billingStates, billingStates),
    companyIds:
      company === null
        ? null
        : company === NONE
          ? []
          : [
              ...new Set(
                company
                  .split(',')
                  .map((id) => Number.parseInt(id, 10))
                  .filter((id) => Number.isSafeInteger(id) && id > 0),
              ),
            ],
    search: params.get('q') ?? '',
    sort: parseSortParam(params.get('sort'), ticketSortProperties) ?? DEFAULT_TICKET_SORT,
    page: Number.isSafeInteger(page) && page > 1 ? page - 1 : 0,
    groupBy: pick(ticketGroupings, params.get('group')) ?? null,
  };
}

/** The state as search params; defaults are left out, so the plain list's address stays /user/tickets. */
export function writeTicketListState(state: TicketListState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | undefined) => {
    if (value !== undefined) params.set(key, value);
  };
  set('view', state.view === 'table' ? undefined : state.view);
  set('status', writeSet(state.statuses, TICKET_STATUSES, DEFAULT_TICKET_STATUSES));
  set('billing', writeSet(state.billingStates, billingStates, billingStates));
  set(
    'company',
    state.companyIds === null ? undefined : state.companyIds.length === 0 ? NONE : state.companyIds.join(','),
  );
  set('q', state.search.trim() === '' ? undefined : state.search);
  set(
    'sort',
    state.sort.property === DEFAULT_TICKET_SORT.property &&
      state.sort.direction === DEFAULT_TICKET_SORT.direction
      ? undefined
      : writeSortParam(state.sort),
  );
  set('page', state.page === 0 ? undefined : String(state.page + 1));
  set('group', state.groupBy ?? undefined);
  return params;
}

export const statusValue = (status: TicketStatus): number => coreEnumValue('ticketStatus', status) ?? -1;

/**
 * The server's filter for the state, or null when a set filter has nothing chosen (no ticket can match, so
 * nothing is asked). A set with everything chosen is left out: the spec's 'all'.
 */
export function ticketListFilter(
  state: TicketListState,
  extra: TicketListFilter = {},
): TicketListFilter | null {
  if (state.statuses.length === 0 || state.billingStates.length === 0 || state.companyIds?.length === 0)
    return null;
  const filter: TicketListFilter = {};
  if (state.statuses.length < TICKET_STATUSES.length) filter.statusIds = state.statuses.map(statusValue);
  if (state.billingStates.length < billingStates.length)
    filter.netSuiteBillingStates = [...state.billingStates];
  if (state.companyIds !== null) filter.companyIds = [...state.companyIds];
  const search = state.search.trim();
  if (search !== '') filter.search = search;
  // The scope (an asset, a group) wins: a status group lists its status whatever the status filter says.
  return { ...filter, ...extra };
}

/** Spec (section 9): search debounce 400 ms. */
export const SEARCH_DEBOUNCE_MS = 400;
