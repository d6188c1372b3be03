import { useMemo, useState } from 'react';
import { Accordion, Badge, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { ticketGroupings, type TicketGrouping, type TicketListFilter } from '@kelvin/contract';
import { coreEnumKey, ticketStatusColor } from '@kelvin/domain';
import { QueryError } from '../../../shared/ui/QueryState.tsx';
import { useTicketGroups } from './ticketListQueries.ts';
import { ticketListFilter, type TicketListState } from './ticketListState.ts';
import { ticketsEmptyText, type TicketCompany } from './ticketListText.ts';
import { TicketsTable } from './TicketsTable.tsx';
import type { TicketListChange } from './useTicketListState.ts';

const GROUPING_LABELS: Readonly<Record<TicketGrouping, string>> = {
  company: 'Company',
  asset: 'Asset',
  priority: 'Priority',
  owner: 'Owner',
  status: 'Status',
};

/** What narrows the list to one group's tickets. */
function groupScope(groupBy: TicketGrouping, key: number | null): TicketListFilter {
  // Only owners and assets may be missing: their 'No owner' and 'No asset' groups.
  if (key === null) return groupBy === 'asset' ? { withoutAssets: true } : { withoutOwner: true };
  switch (groupBy) {
    case 'company':
      return { companyIds: [key] };
    case 'asset':
      return { assetIds: [key] };
    case 'priority':
      return { priorityValues: [key] };
    case 'owner':
      return { ownerUserIds: [key] };
    case 'status':
      return { statusIds: [key] };
  }
}

interface GroupsViewProps {
  state: TicketListState;
  onChange: (change: TicketListChange) => void;
  companies: readonly TicketCompany[];
  emptyHint: string;
}

/**
 * The group view: the filtered tickets counted by company, asset, priority, owner or status (none by default,
 * which is the table), each group opening to its own tickets in the grid, paged by the server.
 */
export function TicketGroupsView(props: GroupsViewProps) {
  const { state, onChange } = props;
  return (
    <Stack gap="sm">
      <Select
        label="Group by"
        w={220}
        placeholder="No grouping"
        clearable
        data={ticketGroupings.map((value) => ({ value, label: GROUPING_LABELS[value] }))}
        value={state.groupBy}
        onChange={(value) => onChange({ groupBy: ticketGroupings.find((known) => known === value) ?? null })}
      />
      {state.groupBy === null ? (
        <TicketsTable
          state={state}
          onChange={onChange}
          companies={props.companies}
          emptyHint={props.emptyHint}
          columnsKey="tickets"
        />
      ) : (
        <Groups {...props} groupBy={state.groupBy} />
      )}
    </Stack>
  );
}

function Groups({
  state,
  onChange,
  companies,
  emptyHint,
  groupBy,
}: GroupsViewProps & { groupBy: TicketGrouping }) {
  const filter = useMemo(() => ticketListFilter(state), [state]);
  const groups = useTicketGroups(filter, groupBy);
  const [opened, setOpened] = useState<string[]>([]);
  if (groups.isError)
    return <QueryError label="ticket groups" error={groups.error} onRetry={() => void groups.refetch()} />;
  if (groups.isPending)
    return (
      <Stack gap="xs" aria-busy aria-label="Loading ticket groups">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={48} radius="md" />
        ))}
      </Stack>
    );
  if (filter === null || groups.data.length === 0)
    return <Text c="dimmed">{ticketsEmptyText(state, emptyHint)}</Text>;
  return (
    <Accordion
      multiple
      variant="separated"
      value={opened}
      onChange={setOpened}
      aria-busy={groups.isPlaceholderData}
    >
      {groups.data.map((group) => {
        const value = `${groupBy}:${group.key ?? 'none'}`;
        const statusKey =
          groupBy === 'status' && group.key !== null ? coreEnumKey('ticketStatus', group.key) : undefined;
        return (
          <Accordion.Item key={value} value={value}>
            <Accordion.Control aria-label={`${group.label}, ${group.count} tickets`}>
              <Group gap="sm">
                <Text fw={600}>{group.label}</Text>
                <Badge variant="light" color={statusKey ? ticketStatusColor(statusKey) : 'gray'}>
                  {group.count}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {opened.includes(value) && (
                <GroupTickets
                  state={state}
                  onChange={onChange}
                  companies={companies}
                  scope={groupScope(groupBy, group.key)}
                  label={
                    group.key === null
                      ? `Tickets with ${group.label.toLowerCase()}`
                      : `Tickets of ${group.label}`
                  }
                  emptyHint={emptyHint}
                />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

/** One group's tickets: the list's filter and sort, with a page of its own. */
function GroupTickets(props: {
  state: TicketListState;
  onChange: (change: TicketListChange) => void;
  companies: readonly TicketCompany[];
  scope: TicketListFilter;
  label: string;
  emptyHint: string;
}) {
  const [page, setPage] = useState(0);
  const state = useMemo(() => ({ ...props.state, page }), [props.state, page]);
  return (
    <TicketsTable
      state={state}
      onChange={(change) => {
        if (change.page !== undefined && Object.keys(change).length === 1) setPage(change.page);
        else {
          setPage(0);
          props.onChange(change);
        }
      }}
      companies={props.companies}
      scope={props.scope}
      label={props.label}
      emptyHint={props.emptyHint}
      columnsKey="tickets"
    />
  );
}
