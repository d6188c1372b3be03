import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { formInstanceSortProperties } from '@kelvin/contract';
import { explorerTimeWindow, parseCompanyFilter } from '@kelvin/domain';
import type { PagedTableSort } from '../../../shared/ui/PagedTable.tsx';
import { parseSortParam, writeSortParam } from '../../../shared/ui/sortParam.ts';

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

/**
 * The explorer's filters, page and sort in the address, so that a filtered view can be shared and a reload keeps
 * it. A change of filters or sort goes back to the first page; changes replace the history entry.
 */
export function useFormExplorerState(): [FormExplorerState, (change: Partial<FormExplorerState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseFormExplorerState(params), [params]);
  // The router's functional update reads the address of the last render, so two changes before the next render
  // (From, then To, filled at once) lost the first: each change builds on the last one written instead.
  const written = useRef(params);
  useEffect(() => {
    written.current = params;
  }, [params]);
  const change = useCallback(
    (next: Partial<FormExplorerState>) => {
      const merged = writeFormExplorerState({
        ...parseFormExplorerState(written.current),
        page: 0,
        ...next,
      });
      written.current = merged;
      setParams(merged, { replace: true });
    },
    [setParams],
  );
  return [state, change];
}
