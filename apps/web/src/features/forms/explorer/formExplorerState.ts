import { formInstanceSortProperties } from '@kelvin/contract';
import { explorerTimeWindow, parseCompanyFilter } from '@kelvin/domain';
import type { PagedTableSort } from '../../../shared/ui/PagedTable.tsx';
import { parseSortParam, writeSortParam } from '../../../shared/ui/sortParam.ts';
import { useAddressState, type AddressStateCodec } from '../../../shared/routing/useAddressState.ts';

/** The properties the explorer sorts by on the server. */
export const FORM_EXPLORER_SORT_PROPERTIES = formInstanceSortProperties;

/** Spec: the explorer's Date column sorts descending by default. */
export const DEFAULT_FORM_EXPLORER_SORT: PagedTableSort = { property: 'date', direction: 'DESC' };

export interface FormExplorerState {
  /** null: every company the user may see (no filter); [] chooses none. */
  companyIds: number[] | null;
  /** yyyy-MM-dd or ''. */
  from: string;
  to: string;
  /** From 0; the address counts from 1. */
  page: number;
  sort: PagedTableSort;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NO_COMPANY = 'none';

/**
 * Spec: company filter values are parsed as integers. A set filter holds strings; only whole positive numbers
 * survive, anything else is dropped rather than sent.
 */
export function parseCompanyIds(values: readonly string[]): number[] {
  return [...new Set(parseCompanyFilter(values).filter((id) => Number.isSafeInteger(id) && id > 0))];
}

/** Reads the explorer's state from its address; anything malformed is left out rather than refused. */
export function parseFormExplorerState(params: URLSearchParams): FormExplorerState {
  const company = params.get('company');
  const date = (param: string) => {
    const value = params.get(param) ?? '';
    return DATE.test(value) ? value : '';
  };
  const page = Number(params.get('page'));
  return {
    companyIds: company === null ? null : company === NO_COMPANY ? [] : parseCompanyIds(company.split(',')),
    from: date('from'),
    to: date('to'),
    page: Number.isSafeInteger(page) && page > 1 ? page - 1 : 0,
    sort: parseSortParam(params.get('sort'), FORM_EXPLORER_SORT_PROPERTIES) ?? DEFAULT_FORM_EXPLORER_SORT,
  };
}

/** The state as search params, defaults left out, so the plain page's address stays tickets/formExplorer. */
export function writeFormExplorerState(state: FormExplorerState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.companyIds !== null)
    params.set('company', state.companyIds.length === 0 ? NO_COMPANY : state.companyIds.join(','));
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  const { property, direction } = state.sort;
  if (property !== DEFAULT_FORM_EXPLORER_SORT.property || direction !== DEFAULT_FORM_EXPLORER_SORT.direction)
    params.set('sort', writeSortParam(state.sort));
  if (state.page > 0) params.set('page', String(state.page + 1));
  return params;
}

/** Local midnight of a yyyy-MM-dd date as an instant. */
function localMidnight(date: string, addDays = 0): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + addDays);
}

/**
 * The dates as the call's time window: from the start of From to the end of To (the whole last day), in the
 * browser's zone. Spec: the date filter applies only when from is earlier than to; otherwise there is none.
 */
export function timeWindowOf(from: string, to: string): { from: string; to: string } | undefined {
  if (!from || !to) return undefined;
  return explorerTimeWindow(localMidnight(from).toISOString(), localMidnight(to, 1).toISOString());
}

const formExplorerAddress: AddressStateCodec<FormExplorerState> = {
  parse: parseFormExplorerState,
  write: writeFormExplorerState,
  apply: (state, change) => ({ ...state, page: 0, ...change }),
};

/** The explorer's filters, page and sort in the address; a change of filters or sort goes back to page 1. */
export function useFormExplorerState(): [FormExplorerState, (change: Partial<FormExplorerState>) => void] {
  return useAddressState(formExplorerAddress);
}
