import { useEffect, useRef, useState } from 'react';
import { Button, Group, SegmentedControl, Stack, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLayoutKanban, IconList, IconPlus, IconSearch, IconStack2, IconX } from '@tabler/icons-react';
import { usePermissionScope } from '../../../shared/session/permissionScope.ts';
import { NewTicketDialog } from './NewTicketDialog.tsx';
import {
  defaultTicketListState,
  DEFAULT_TICKET_SORT,
  SEARCH_DEBOUNCE_MS,
  ticketViews,
  type TicketListState,
} from './ticketListState.ts';
import { isFiltered, TICKETS_WRITE } from './ticketListText.ts';
import { TicketGroupsView } from './TicketGroupsView.tsx';
import { TicketsTable } from './TicketsTable.tsx';
import { TicketSwimLanes } from './TicketSwimLanes.tsx';
import { useTicketCompanies } from './useTicketCompanies.ts';
import { useTicketListState, type TicketListChange } from './useTicketListState.ts';

const EMPTY_HINT =
  'No open or resolved tickets. Use New ticket to open one, or choose Closed in the Status filter to see closed ones.';

const VIEW_OPTIONS = [
  { value: 'table', label: 'Table', icon: IconList },
  { value: 'lanes', label: 'Swim lanes', icon: IconLayoutKanban },
  { value: 'groups', label: 'Groups', icon: IconStack2 },
] as const;

/**
 * Route tickets: every ticket the user may read as a table (default), swim lanes by status or groups, filtered,
 * searched, sorted and paged by the server, with all of it in the address so that a list can be shared.
 */
export function TicketsListPage() {
  const [state, change] = useTicketListState();
  const companies = useTicketCompanies();
  const scope = usePermissionScope();
  const writable = companies.filter((company) => scope.forCompany(TICKETS_WRITE, company.companyId));
  const [creating, setCreating] = useState(false);
  const narrowed =
    isFiltered(state) ||
    state.sort.property !== DEFAULT_TICKET_SORT.property ||
    state.sort.direction !== DEFAULT_TICKET_SORT.direction;

  return (
    <Stack gap="sm">
      {/*
        One row for the title, the search, the views and New ticket on a laptop (a second row cost the table two
        of its 20 rows on a 900 px screen); on a phone they wrap, the search on a row of its own.
      */}
      <Group justify="space-between" align="center" gap="sm">
        <Group
          gap="md"
          align="center"
          style={{ flex: '1 1 480px', rowGap: 'var(--mantine-spacing-xs)' }}
          wrap="wrap"
        >
          <Title order={1}>Tickets</Title>
          <SearchBox value={state.search} onSearch={(search) => change({ search })} />
          {narrowed && (
            <Button
              variant="subtle"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() =>
                change({ ...defaultTicketListState(), view: state.view, groupBy: state.groupBy })
              }
            >
              Reset filters
            </Button>
          )}
        </Group>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label="View"
            value={state.view}
            onChange={(value) =>
              change({ view: ticketViews.find((view) => view === value) ?? 'table', page: 0 })
            }
            data={VIEW_OPTIONS.map(({ value, label, icon: Icon }) => ({
              value,
              label: (
                <Group gap={6} wrap="nowrap" justify="center">
                  <Icon size={16} aria-hidden />
                  <span>{label}</span>
                </Group>
              ),
            }))}
          />
          {writable.length > 0 && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              New ticket
            </Button>
          )}
        </Group>
      </Group>
      <TicketsView state={state} change={change} companies={companies} />
      <NewTicketDialog opened={creating} onClose={() => setCreating(false)} companies={writable} />
    </Stack>
  );
}

function TicketsView({
  state,
  change,
  companies,
}: {
  state: TicketListState;
  change: (change: TicketListChange) => void;
  companies: ReturnType<typeof useTicketCompanies>;
}) {
  if (state.view === 'lanes') return <TicketSwimLanes state={state} emptyHint={EMPTY_HINT} />;
  if (state.view === 'groups')
    return <TicketGroupsView state={state} onChange={change} companies={companies} emptyHint={EMPTY_HINT} />;
  return (
    <TicketsTable
      state={state}
      onChange={change}
      companies={companies}
      emptyHint={EMPTY_HINT}
      columnsKey="tickets"
    />
  );
}

/** Text search over title, description and comments, sent once typing pauses. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const sent = useRef(value);
  useEffect(() => {
    if (debounced.trim() === sent.current.trim()) return;
    sent.current = debounced;
    onSearch(debounced);
  }, [debounced, onSearch]);
  // A reset or another address puts its words in the box; our own search coming back does not.
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  return (
    <TextInput
      aria-label="Search tickets"
      placeholder="Search title, description and comments"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      w={{ base: '100%', sm: 320 }}
      rightSection={
        text !== '' ? (
          <Button variant="subtle" size="compact-xs" onClick={() => setText('')} aria-label="Clear search">
            <IconX size={12} aria-hidden />
            <VisuallyHidden>Clear search</VisuallyHidden>
          </Button>
        ) : undefined
      }
    />
  );
}
