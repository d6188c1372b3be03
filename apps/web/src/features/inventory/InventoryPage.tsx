import { useState } from 'react';
import { Button, Group, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPackage, IconRefresh, IconSearch, IconTool } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { INVENTORY_PAGE_SIZE, NETSUITE_SEARCH_MAX } from '@kelvin/contract';
import { isExternalUser } from '@kelvin/domain';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { PagedTable, pageRange } from '../../shared/ui/PagedTable.tsx';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { isNetsuiteNotConnected, NetsuiteNotConnected } from '../accounting/NetsuiteNotConnected.tsx';
import { InventoryCard, partColumns, serviceColumns, type InventoryRow } from './inventoryColumns.tsx';
import { inventoryKey, useInventoryPage, type InventoryKind } from './inventoryQueries.ts';

/** Spec 9: the search is applied 400 ms after the last keystroke. */
export const INVENTORY_SEARCH_DEBOUNCE_MS = 400;

const isKind = (value: string | null): value is InventoryKind => value === 'parts' || value === 'services';

/** Global Consumables (spec 2, Inventory page): Parts and Services from NetSuite, searched and server-paged. */
export function InventoryPage() {
  const [kind, setKind] = useState<InventoryKind>('parts');
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), INVENTORY_SEARCH_DEBOUNCE_MS);
  const [pages, setPages] = useState<Record<InventoryKind, number>>({ parts: 0, services: 0 });
  const [searchedFor, setSearchedFor] = useState(search);
  // A new search starts both tabs from their first page (set during render: no page of the old search flashes).
  if (searchedFor !== search) {
    setSearchedFor(search);
    setPages({ parts: 0, services: 0 });
  }
  const me = useCurrentUser().data;
  // Until the user is known, columns are drawn as for an external user: costs never flash for one.
  const external = me === undefined || isExternalUser(me.user);
  const queryClient = useQueryClient();
  const refreshing = useInventoryPage(kind, search, pages[kind]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Global Consumables</Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void queryClient.invalidateQueries({ queryKey: inventoryKey })}
          loading={refreshing.isFetching && !refreshing.isPending}
        >
          Refresh
        </Button>
      </Group>
      <TextInput
        label="Search"
        placeholder="Item, name, MPN or manufacturer"
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={NETSUITE_SEARCH_MAX}
        value={searchText}
        onChange={(event) => setSearchText(event.currentTarget.value)}
        maw={420}
      />
      <Tabs value={kind} onChange={(value) => isKind(value) && setKind(value)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="parts" leftSection={<IconPackage size={16} aria-hidden />}>
            Parts
          </Tabs.Tab>
          <Tabs.Tab value="services" leftSection={<IconTool size={16} aria-hidden />}>
            Services
          </Tabs.Tab>
        </Tabs.List>
        {(['parts', 'services'] as const).map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            <InventoryGrid
              kind={tab}
              search={search}
              external={external}
              pageNumber={pages[tab]}
              onPageChange={(pageNumber) => setPages((current) => ({ ...current, [tab]: pageNumber }))}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function InventoryGrid({
  kind,
  search,
  external,
  pageNumber,
  onPageChange,
}: {
  kind: InventoryKind;
  search: string;
  external: boolean;
  pageNumber: number;
  onPageChange: (pageNumber: number) => void;
}) {
  const page = useInventoryPage(kind, search, pageNumber);
  const label = kind === 'parts' ? 'Parts' : 'Services';
  const rows: InventoryRow[] | undefined = page.isError ? [] : page.data?.items;
  const totalSize = page.data?.totalResults;
  if (page.isError && isNetsuiteNotConnected(page.error))
    return <NetsuiteNotConnected error={page.error} returnTo="/user/inventory" />;
  return (
    <Stack>
      {page.isError && (
        <QueryError label={label.toLowerCase()} error={page.error} onRetry={() => void page.refetch()} />
      )}
      <PagedTable
        label={label}
        columns={kind === 'parts' ? partColumns(external) : serviceColumns(external)}
        rows={rows}
        rowKey={(row) => row.id}
        totalSize={totalSize}
        pageSize={INVENTORY_PAGE_SIZE}
        pageNumber={pageNumber}
        onPageChange={onPageChange}
        fetching={page.isPlaceholderData}
        countLabel={(n) => pageRange(pageNumber, INVENTORY_PAGE_SIZE, n)}
        minWidth={external ? 640 : 1100}
        cardsBelow="48em"
        card={(row) => <InventoryCard row={row} external={external} />}
        empty={
          search === ''
            ? `NetSuite has no active ${label.toLowerCase()}. Items added in NetSuite show here.`
            : `No ${label.toLowerCase()} match '${search}'. Try fewer or other words.`
        }
      />
    </Stack>
  );
}
