import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionPlan } from '@kelvin/contract';
import { contract } from '../../../shared/api/endpoints.ts';
import { apiCall } from '../../../shared/api/index.ts';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';

export const subscriptionsKey = ['subscriptions'] as const;
export const COMPANIES_PAGE_SIZE = 25;
export const UNITS_PAGE_SIZE = 25;

export interface CompanyListFilter {
  search: string;
  plan: SubscriptionPlan | null;
}

export function useSubscriptionsSummary() {
  return useQuery({
    queryKey: [...subscriptionsKey, 'summary'],
    queryFn: ({ signal }) => apiCall(contract.subscriptionsSummary, { body: {}, signal }),
  });
}

export function useCompanySubscriptions(filter: CompanyListFilter, pageNumber: number) {
  const search = filter.search.trim();
  return useQuery({
    queryKey: [...subscriptionsKey, 'companies', search, filter.plan, pageNumber],
    queryFn: ({ signal }) =>
      apiCall(contract.subscriptionsCompaniesList, {
        body: {
          ...(search === '' ? {} : { search }),
          ...(filter.plan === null ? {} : { plan: filter.plan }),
          pageableQuery: { type: 'PAGED', pageSize: COMPANIES_PAGE_SIZE, pageNumber, sort: [] },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUnitSubscriptions(companyId: number, pageNumber: number) {
  return useQuery({
    queryKey: [...subscriptionsKey, 'units', companyId, pageNumber],
    queryFn: ({ signal }) =>
      apiCall(contract.subscriptionsAssetsList, {
        body: {
          companyId,
          pageableQuery: { type: 'PAGED', pageSize: UNITS_PAGE_SIZE, pageNumber, sort: [] },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Changes of plans (provider staff); every count and list of plans is read again after one. */
export function useSubscriptionChanges() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: subscriptionsKey });
    // The current user's answer carries their company's plan.
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
  return {
    setCompany: useMutation({
      mutationFn: (body: { companyId: number; subscription: SubscriptionPlan }) =>
        apiCall(contract.subscriptionsCompaniesSet, { body }),
      onSuccess: refresh,
    }),
    setUnits: useMutation({
      mutationFn: (body: { assetIds: number[]; subscription: SubscriptionPlan | null }) =>
        apiCall(contract.subscriptionsAssetsSet, { body }),
      onSuccess: refresh,
    }),
  };
}
