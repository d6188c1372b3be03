import { useId, useMemo, useState } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFilter, IconFilterFilled, IconSearch } from '@tabler/icons-react';

export interface SetFilterOption {
  value: string;
  label: string;
}

/**
 * A column's set filter (ag-grid's is Enterprise-only, so the grid has its own): the values a column may take,
 * those chosen, and what to do when the choice changes. Every value chosen means no filter; none chosen means no
 * row matches (the page says so rather than asking the server).
 */
export interface SetFilterDef {
  options: readonly SetFilterOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /**
   * Spec: the option list has an optional display limit with a 'Show All Results' toggle. At most this many
   * options are listed until the toggle is on (a search narrows them first); null lists every option. Left out:
   * DEFAULT_DISPLAY_LIMIT.
   */
  displayLimit?: number | null;
}

/** Past this many options a list is long enough to scan slowly: the rest wait behind 'Show All Results'. */
export const DEFAULT_DISPLAY_LIMIT = 50;

/** True when the filter narrows the rows: some value is left out. */
export function isSetFilterActive(filter: SetFilterDef): boolean {
  return filter.options.some((option) => !filter.selected.includes(option.value));
}

const SEARCH_FROM = 8;

/**
 * The filter button of a column header and its popover: a searchable checkbox list with Select all and Select
 * none. The button is filled and marked while the filter narrows the rows, and says so to screen readers.
 */
export function SetFilterButton({ column, filter }: { column: string; filter: SetFilterDef }) {
  const [opened, setOpened] = useState(false);
  const active = isSetFilterActive(filter);
  const Icon = active ? IconFilterFilled : IconFilter;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      {/* The button is the popover's target, not the Indicator around it: aria-expanded belongs on the button. */}
      <Indicator disabled={!active} size={7} offset={3} color="blue">
        <Popover.Target>
          <ActionIcon
            size="sm"
            variant={active ? 'light' : 'subtle'}
            color={active ? 'blue' : 'gray'}
            aria-label={`Filter ${column}${active ? `, ${filter.selected.length} of ${filter.options.length} chosen` : ''}`}
            aria-expanded={opened}
            onClick={() => setOpened((open) => !open)}
          >
            <Icon size={14} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs">
        <SetFilterList column={column} filter={filter} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** The list itself: also what a phone shows, where the table's headers are not drawn. */
export function SetFilterList({ column, filter }: { column: string; filter: SetFilterDef }) {
  const [search, setSearch] = useState('');
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  const needle = search.trim().toLowerCase();
  const shown = useMemo(
    () => filter.options.filter((option) => option.label.toLowerCase().includes(needle)),
    [filter.options, needle],
  );
  const limit = filter.displayLimit === undefined ? DEFAULT_DISPLAY_LIMIT : filter.displayLimit;
  const limited = limit !== null && shown.length > limit;
  const listed = limited && !showAll ? shown.slice(0, limit) : shown;
  const chosen = new Set(filter.selected);
  const set = (values: Iterable<string>) =>
    // In the options' order, so that the URL and the request read the same whatever order they were clicked in.
    filter.onChange(
      filter.options.map((option) => option.value).filter((value) => new Set(values).has(value)),
    );
  return (
    <Stack gap={6} w={240} role="group" aria-label={`${column} filter`}>
      {filter.options.length >= SEARCH_FROM && (
        <TextInput
          size="xs"
          placeholder="Search"
          aria-label={`Search ${column} values`}
          aria-controls={listId}
          leftSection={<IconSearch size={12} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      <Group gap={4} grow>
        <Button
          size="compact-xs"
          variant="default"
          // With a search, 'all' means all that match it, added to what was chosen.
          onClick={() => set([...chosen, ...shown.map((option) => option.value)])}
        >
          Select all
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => {
            const hidden = new Set(shown.map((option) => option.value));
            set([...chosen].filter((value) => !hidden.has(value)));
          }}
        >
          Select none
        </Button>
      </Group>
      <ScrollArea.Autosize mah={260} type="auto" id={listId}>
        <Stack gap={6} py={4}>
          {listed.map((option) => (
            <Checkbox
              key={option.value}
              size="xs"
              label={option.label}
              checked={chosen.has(option.value)}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.currentTarget.checked) next.add(option.value);
                else next.delete(option.value);
                set(next);
              }}
            />
          ))}
          {shown.length === 0 && (
            <Text size="xs" c="dimmed">
              No value matches the search.
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
      {limited && (
        <Stack gap={2}>
          <Switch
            size="xs"
            label="Show All Results"
            checked={showAll}
            onChange={(event) => setShowAll(event.currentTarget.checked)}
          />
          {!showAll && (
            // Select all still takes every match, listed or not: the note says the list is longer than shown.
            <Text size="xs" c="dimmed">
              {`Listing ${limit} of ${shown.length}; search to narrow.`}
            </Text>
          )}
        </Stack>
      )}
      <Text size="xs" c="dimmed" aria-live="polite">
        {filter.selected.length === filter.options.length
          ? 'All values shown'
          : `${filter.selected.length} of ${filter.options.length} chosen`}
      </Text>
    </Stack>
  );
}
