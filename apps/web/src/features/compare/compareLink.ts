import { MAX_COMPARE_METRICS, MAX_COMPARE_UNITS, type CompareUnitsState } from './compareUnitsStore.ts';

/** What a link to the page asks for: units and metrics, each only when the link names them. */
export interface CompareLinkRequest {
  assetIds?: number[];
  metricIds?: number[];
  /** How many units the link named: past MAX_COMPARE_UNITS only the first ones are kept. */
  unitsNamed: number;
}

function idList(text: string | null): number[] | undefined {
  if (text === null) return undefined;
  const parsed = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,15}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(parsed)];
}

/** Reads ?assetIds=1,2&metricIds=7,8 (ids that are not positive integers are left out); null when neither is given. */
export function parseCompareLink(params: URLSearchParams): CompareLinkRequest | null {
  const assetIds = idList(params.get('assetIds'));
  const metricIds = idList(params.get('metricIds'));
  if (assetIds === undefined && metricIds === undefined) return null;
  return {
    ...(assetIds ? { assetIds: assetIds.slice(0, MAX_COMPARE_UNITS) } : {}),
    ...(metricIds ? { metricIds: metricIds.slice(0, MAX_COMPARE_METRICS) } : {}),
    unitsNamed: assetIds?.length ?? 0,
  };
}

/** The query of a link that opens this comparison (the range stays with the browser, as on the diagnose screen). */
export function compareLinkQuery(state: Pick<CompareUnitsState, 'assetIds' | 'metricIds'>): string {
  const params = new URLSearchParams();
  if (state.assetIds.length > 0) params.set('assetIds', state.assetIds.join(','));
  if (state.metricIds.length > 0) params.set('metricIds', state.metricIds.join(','));
  // Commas are safe in a query and read better in an address than %2C.
  return params.toString().replaceAll('%2C', ',');
}
