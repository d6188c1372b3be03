import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INVENTORY_PAGE_SIZE } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { CACHE_TTL_MS } from '@kelvin/domain';
import { apiCall } from '../../shared/api/index.ts';

export type InventoryKind = 'parts' | 'services';

/** Spec 9: inventory page size 20 and cache block 20: each page is one block, fetched once and kept. */
export const INVENTORY_CACHE_BLOCK = INVENTORY_PAGE_SIZE;

export const inventoryKey = ['netsuite', 'inventory'] as const;

function blockOf(pageNumber: number) {
  const offset =
    Math.floor((pageNumber * INVENTORY_PAGE_SIZE) / INVENTORY_CACHE_BLOCK) * INVENTORY_CACHE_BLOCK;
  return { offset, limit: INVENTORY_CACHE_BLOCK };
}

/**
 * One page of parts or services: its block of 20 rows asked from the server once per search and kept for the
 * cache's lifetime, so paging back and forth does not ask again; the previous page stays while the next loads.
 */
export function useInventoryPage(kind: InventoryKind, search: string, pageNumber: number) {
  const block = blockOf(pageNumber);
  const body = { ...block, ...(search === '' ? {} : { search }) };
  return useQuery({
    queryKey: [...inventoryKey, kind, search, block.offset],
    queryFn: ({ signal }) =>
      kind === 'parts'
        ? apiCall(contract.netsuiteInventoryItemsList, { body, signal })
        : apiCall(contract.netsuiteServiceSalesItemsList, { body, signal }),
    placeholderData: keepPreviousData,
    staleTime: CACHE_TTL_MS,
    // Not connected (409) or refused by NetSuite (502) will not change by asking again at once.
    retry: false,
  });
}
