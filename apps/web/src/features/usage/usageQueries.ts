import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

export const USAGE_RANGES = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 12 months' },
] as const;
export type UsageRange = (typeof USAGE_RANGES)[number]['value'];

const DAY_MS = 86_400_000;

/** The whole UTC days a range covers, ending today: the server counts by UTC day. */
export function rangeDays(range: UsageRange, now: number): { from: string; to: string } {
  const to = new Date(now).toISOString().slice(0, 10);
  const from = new Date(now - (Number(range) - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** The range is resolved to days when asked (a page left open over midnight moves with the next refresh). */
export function useUsage(range: UsageRange, companyIds: readonly number[]) {
  return useQuery({
    queryKey: ['analytics', 'usage', range, companyIds],
    queryFn: ({ signal }) =>
      apiCall(contract.analyticsUsage, {
        body: {
          ...rangeDays(range, Date.now()),
          ...(companyIds.length > 0 ? { companyIds: [...companyIds] } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useClientErrors(range: UsageRange) {
  return useQuery({
    queryKey: ['analytics', 'clientErrors', range],
    queryFn: ({ signal }) =>
      apiCall(contract.clientErrorsList, {
        body: { from: rangeDays(range, Date.now()).from },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
