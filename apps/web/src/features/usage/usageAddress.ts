import type { AddressStateCodec } from '../../shared/routing/useAddressState.ts';
import { USAGE_RANGES, type UsageRange } from './usageQueries.ts';

export type UsageTab = 'activity' | 'errors';

export interface UsageState {
  range: UsageRange;
  companyIds: number[];
  tab: UsageTab;
}

const isRange = (value: string | null): value is UsageRange =>
  USAGE_RANGES.some((range) => range.value === value);

/** The usage page's range, companies and tab in its address (`?range=30&companies=3,4&tab=errors`). */
export const usageCodec: AddressStateCodec<UsageState> = {
  parse(params) {
    const range = params.get('range');
    return {
      range: isRange(range) ? range : '30',
      companyIds: (params.get('companies') ?? '')
        .split(',')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0),
      tab: params.get('tab') === 'errors' ? 'errors' : 'activity',
    };
  },
  write(state) {
    const params = new URLSearchParams();
    if (state.range !== '30') params.set('range', state.range);
    if (state.companyIds.length > 0) params.set('companies', state.companyIds.join(','));
    if (state.tab !== 'activity') params.set('tab', state.tab);
    return params;
  },
  apply: (state, change) => ({ ...state, ...change }),
};
