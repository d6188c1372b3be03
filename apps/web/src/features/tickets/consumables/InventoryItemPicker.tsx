import { useState } from 'react';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NETSUITE_SEARCH_MAX, type TicketConsumableType } from '@kelvin/contract';
import { contract } from '../../../shared/api/endpoints.ts';
import { apiCall } from '../../../shared/api/index.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';

/** Spec 9: the inventory's search debounce. */
export const PICKER_SEARCH_DEBOUNCE_MS = 400;
/** How many matches the picker offers at once: a search narrows the rest. */
const PICKER_LIMIT = 20;

/** What a picked inventory item fills in the consumable form. */
export interface PickedInventoryItem {
  itemId: string;
  displayName: string;
  basePrice: number | null;
}

interface Option {
  value: string;
  label: string;
  item: PickedInventoryItem;
}

const optionLabel = (item: { itemId: string; displayName: string | null }) =>
  item.displayName ? `${item.itemId} · ${item.displayName}` : item.itemId;

function useInventoryMatches(type: TicketConsumableType, search: string) {
  return useQuery({
    queryKey: ['netsuite', 'inventory', 'picker', type, search],
    queryFn: async ({ signal }): Promise<Option[]> => {
      const body = { limit: PICKER_LIMIT, offset: 0, ...(search === '' ? {} : { search }) };
      const page =
        type === 'PART'
          ? await apiCall(contract.netsuiteInventoryItemsList, { body, signal })
          : await apiCall(contract.netsuiteServiceSalesItemsList, { body, signal });
      return page.items.map((item) => ({
        value: String(item.id),
        label: optionLabel(item),
        item: {
          itemId: item.itemId,
          displayName: item.displayName ?? item.itemId,
          basePrice: item.basePrice,
        },
      }));
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Picks a part or service from NetSuite's inventory (the ticket's consumable type decides which list), searched on
 * the server 400 ms after the last keystroke; the choice fills item number, name and sales price.
 */
export function InventoryItemPicker({
  type,
  onPick,
}: {
  type: TicketConsumableType;
  onPick: (item: PickedInventoryItem) => void;
}) {
  const [searchValue, setSearchValue] = useState('');
  const [picked, setPicked] = useState<Option | null>(null);
  const [search] = useDebouncedValue(searchValue.trim(), PICKER_SEARCH_DEBOUNCE_MS);
  // After a pick the box shows the option's label: that is not a new search.
  const searching = picked === null || search !== picked.label;
  const matches = useInventoryMatches(type, searching ? search : '');
  const options = matches.data ?? [];
  const data =
    picked !== null && !options.some((option) => option.value === picked.value)
      ? [picked, ...options]
      : options;

  return (
    <Select
      label={type === 'PART' ? 'Pick from inventory' : 'Pick a service item'}
      description={
        matches.isError
          ? `Inventory is not available: ${errorMessage(matches.error)} Enter the item by hand below.`
          : 'Search NetSuite by item number or name; the choice fills the fields below.'
      }
      placeholder="Search items"
      searchable
      clearable
      maxLength={NETSUITE_SEARCH_MAX}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={matches.isFetching ? <Loader size="xs" aria-label="Searching inventory" /> : undefined}
      data={data.map(({ value, label }) => ({ value, label }))}
      // The server already searched: every option it answered is shown.
      filter={({ options: all }) => all}
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      value={picked?.value ?? null}
      onChange={(value) => {
        const option = data.find((candidate) => candidate.value === value) ?? null;
        setPicked(option);
        if (option !== null) onPick(option.item);
      }}
      nothingFoundMessage={
        matches.isFetching ? 'Searching…' : 'No items match. Enter the item by hand below.'
      }
      comboboxProps={{ withinPortal: true }}
    />
  );
}
