import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNTING_LIST_PAGE_SIZE,
  PROJECT_SEARCH_PAGE_SIZE,
  type OutputOf,
  type SalesOrdersTab,
} from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';
import type { PagedTableSort } from '../../shared/ui/PagedTable.tsx';

export const ordersKey = ['salesOrders'] as const;

const EMPTY_PAGE: OutputOf<typeof contract.salesOrdersList> = {
  content: [],
  pageable: { totalSize: 0, pageSize: ACCOUNTING_LIST_PAGE_SIZE, pageNumber: 0 },
};

/**
 * One server page of an orders tab, 20 a page (spec: 'Accounting list page size'). `companyIds` null: every
 * company; an empty list: no rows, without asking.
 */
export function useOrdersTab(
  tab: SalesOrdersTab,
  pageNumber: number,
  companyIds: readonly number[] | null,
  sort: PagedTableSort | undefined,
) {
  return useQuery({
    queryKey: [
      ...ordersKey,
      'list',
      tab,
      pageNumber,
      companyIds === null ? 'all' : [...companyIds].sort(),
      sort ?? null,
    ],
    queryFn: ({ signal }) =>
      companyIds !== null && companyIds.length === 0
        ? Promise.resolve(EMPTY_PAGE)
        : apiCall(contract.salesOrdersList, {
            body: {
              tab,
              filter: companyIds === null ? {} : { companyIds: [...companyIds] },
              pageableQuery: {
                type: 'PAGED',
                pageSize: ACCOUNTING_LIST_PAGE_SIZE,
                pageNumber,
                sort: sort ? [sort] : [],
              },
            },
            signal,
          }),
    placeholderData: keepPreviousData,
  });
}

/** The order a ticket would get, with the user's NetSuite token when there is one (else the server's connection). */
export function useOrderPreview(ticketId: number, accessToken: string | null) {
  return useQuery({
    queryKey: [...ordersKey, 'preview', ticketId],
    queryFn: ({ signal }) =>
      apiCall(contract.salesOrdersPreview, {
        body: { ticketId, ...(accessToken === null ? {} : { netSuiteAccessToken: accessToken }) },
        signal,
      }),
  });
}

/** NetSuite projects for the Process dialog: 20 a page, searched over the 'Parent : Name' chain. */
export function useProjects(search: string, pageNumber: number) {
  return useQuery({
    queryKey: ['netsuite', 'projects', search, pageNumber],
    queryFn: ({ signal }) =>
      apiCall(contract.netsuiteProjectsList, {
        body: {
          limit: PROJECT_SEARCH_PAGE_SIZE,
          offset: pageNumber * PROJECT_SEARCH_PAGE_SIZE,
          ...(search === '' ? {} : { fuzzySearch: search }),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

type CreateBody = Parameters<typeof createOrder>[0];

function createOrder(body: {
  netSuiteAccessToken: string;
  ticketId: number;
  netSuiteProjectId: number;
  memo?: string;
  purchaseOrderNumber?: string;
  startDate?: string;
  endDate?: string;
}) {
  return apiCall(contract.netsuiteTicketsSalesOrdersCreate, { body });
}

/** The sales order calls; each refreshes every orders tab (a ticket moves between them). */
export function useOrderMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ordersKey });
  return {
    create: useMutation({ mutationFn: (body: CreateBody) => createOrder(body), onSuccess: refresh }),
    remove: useMutation({
      mutationFn: (body: { netSuiteAccessToken: string; ticketId: number }) =>
        apiCall(contract.netsuiteTicketsSalesOrdersDelete, { body }),
      onSuccess: refresh,
    }),
    close: useMutation({
      mutationFn: (body: { netSuiteAccessToken: string; ticketId: number }) =>
        apiCall(contract.netsuiteTicketsSalesOrdersClose, { body }),
      onSuccess: refresh,
    }),
    reconcile: useMutation({
      mutationFn: (body: { netSuiteAccessToken?: string }) =>
        apiCall(contract.salesOrdersReconcile, { body }),
      onSuccess: refresh,
    }),
  };
}
