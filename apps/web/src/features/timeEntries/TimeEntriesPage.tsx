import { useState } from 'react';
import { Button, Group, Menu, MultiSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFilterOff } from '@tabler/icons-react';
import { TIME_ENTRY_PAGE_SIZE, type TimeEntryFilter } from '@kelvin/contract';
import { formatMinutes } from '@kelvin/domain';
import { PagedTable, pageRange } from '../../shared/ui/PagedTable.tsx';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { failWithToast } from '../../shared/api/mutationToasts.ts';
import { useCoreEnumOptions } from '../tickets/coreEnumsQuery.ts';
import { downloadTimeEntries, type TimeEntryExportFormat } from './exportTimeEntries.ts';
import { useTimeEntryActions } from './TimeEntryActions.tsx';
import { timeEntryColumns } from './timeEntryColumns.tsx';
import { TimeEntryForm } from './TimeEntryForm.tsx';
import { localToday } from './timeEntryFormat.ts';
import {
  NO_TIME_ENTRY_FILTERS,
  useTimeEntriesPageState,
  type TimeEntryFilters,
} from './timeEntriesPageState.ts';
import { useCreateTimeEntry, useTimeEntries, useTimeEntryFilterOptions } from './timeEntriesQueries.ts';

/** The screen's filters as the call's: empty sets and half-open date ranges mean no filter. */
export function toFilter(filters: TimeEntryFilters): TimeEntryFilter {
  const ids = (values: string[]) => (values.length === 0 ? undefined : values.map(Number));
  const userIds = ids(filters.userIds);
  const ticketIds = ids(filters.ticketIds);
  const companyIds = ids(filters.companyIds);
  const laborCodeValues = ids(filters.laborCodeValues);
  const from = filters.from || (filters.to ? '1970-01-01' : '');
  const to = filters.to || (filters.from ? '9999-12-31' : '');
  return {
    ...(userIds ? { userIds } : {}),
    ...(ticketIds ? { ticketIds } : {}),
    ...(companyIds ? { companyIds } : {}),
    ...(laborCodeValues ? { laborCodeValues } : {}),
    ...(from && to && from <= to ? { dateRange: { from, to } } : {}),
  };
}

/** Route tickets/timeEntry: everyone's time on the tickets the user may see, filtered and totalled, and quick entry. */
export function TimeEntriesPage() {
  const [{ filters, page: pageNumber, sort }, setState] = useTimeEntriesPageState();
  const [exporting, setExporting] = useState<TimeEntryExportFormat | null>(null);
  const filter = toFilter(filters);
  const list = useTimeEntries(filter, pageNumber, sort);
  const options = useTimeEntryFilterOptions().data;
  const laborCodes = useCoreEnumOptions('laborCodes');
  const create = useCreateTimeEntry();
  const { actions, dialog } = useTimeEntryActions();
  const totalSize = list.data?.pageable.totalSize;
  const totals = list.data?.totals;
  const filtered = Object.keys(filter).length > 0;
  const rangeBackwards = filters.from !== '' && filters.to !== '' && filters.from > filters.to;

  const change = (next: Partial<TimeEntryFilters>) => setState({ filters: { ...filters, ...next } });
  const setPageNumber = (page: number) => setState({ page });
  const exportAs = (format: TimeEntryExportFormat) => {
    setExporting(format);
    downloadTimeEntries(filter, sort, format, localToday())
      .catch((error: unknown) => notify({ kind: 'danger', message: errorMessage(error) }))
      .finally(() => setExporting(null));
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Time entries</Title>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exporting !== null}
              disabled={totalSize === 0}
            >
              Export
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => exportAs('csv')}>CSV</Menu.Item>
            <Menu.Item onClick={() => exportAs('xlsx')}>Excel</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Paper withBorder p="md">
        <Text fw={600} mb="xs">
          Log time
        </Text>
        <TimeEntryForm
          label="Log time"
          onSubmit={(values) => create.mutateAsync(values).then(() => setPageNumber(0), failWithToast)}
        />
      </Paper>

      <Group align="flex-end" gap="sm" wrap="wrap" role="group" aria-label="Filters">
        <MultiSelect
          label="User"
          placeholder={filters.userIds.length === 0 ? 'All users' : undefined}
          data={(options?.users ?? []).map((user) => ({ value: String(user.userId), label: user.name }))}
          value={filters.userIds}
          onChange={(userIds) => change({ userIds })}
          searchable
          clearable
          w={{ base: '100%', sm: 220 }}
        />
        <MultiSelect
          label="Ticket"
          placeholder={filters.ticketIds.length === 0 ? 'All tickets' : undefined}
          data={(options?.tickets ?? []).map((ticket) => ({
            value: String(ticket.ticketId),
            label: `#${ticket.ticketId} ${ticket.title}`,
          }))}
          value={filters.ticketIds}
          onChange={(ticketIds) => change({ ticketIds })}
          searchable
          clearable
          w={{ base: '100%', sm: 260 }}
        />
        {(options?.companies.length ?? 0) > 1 && (
          <MultiSelect
            label="Company"
            placeholder={filters.companyIds.length === 0 ? 'All companies' : undefined}
            data={(options?.companies ?? []).map((company) => ({
              value: String(company.companyId),
              label: company.name,
            }))}
            value={filters.companyIds}
            onChange={(companyIds) => change({ companyIds })}
            searchable
            clearable
            w={{ base: '100%', sm: 220 }}
          />
        )}
        <TextInput
          label="From"
          type="date"
          value={filters.from}
          onChange={(event) => change({ from: event.currentTarget.value })}
          w={{ base: '48%', sm: 160 }}
        />
        <TextInput
          label="To"
          type="date"
          value={filters.to}
          onChange={(event) => change({ to: event.currentTarget.value })}
          error={rangeBackwards ? 'Ends before From' : undefined}
          w={{ base: '48%', sm: 160 }}
        />
        <MultiSelect
          label="Labor code"
          placeholder={filters.laborCodeValues.length === 0 ? 'All codes' : undefined}
          data={laborCodes}
          value={filters.laborCodeValues}
          onChange={(laborCodeValues) => change({ laborCodeValues })}
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        {filtered && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => change(NO_TIME_ENTRY_FILTERS)}
          >
            Clear filters
          </Button>
        )}
      </Group>

      <Text fw={500} aria-live="polite">
        {totals === undefined
          ? ' '
          : `${totals.entries} ${totals.entries === 1 ? 'entry' : 'entries'}, ${formatMinutes(totals.minutes)} in total`}
      </Text>

      {list.isError && (
        <QueryError label="time entries" error={list.error} onRetry={() => void list.refetch()} />
      )}
      <PagedTable
        label="Time entries"
        columns={timeEntryColumns(actions)}
        rows={list.isError ? [] : list.data?.content}
        rowKey={(entry) => entry.timeEntryId}
        totalSize={totalSize}
        pageSize={TIME_ENTRY_PAGE_SIZE}
        pageNumber={pageNumber}
        onPageChange={setPageNumber}
        fetching={list.isPlaceholderData}
        sort={sort}
        onSortChange={(next) => setState({ sort: next })}
        countLabel={(n) => pageRange(pageNumber, TIME_ENTRY_PAGE_SIZE, n)}
        minWidth={1000}
        cardsBelow="48em"
        columnsKey="timeEntries"
        empty={
          filtered
            ? 'No time entries match the filters. Clear the filters to see every entry.'
            : 'No time has been logged yet. Use Log time above to enter the time spent on a ticket.'
        }
      />
      {dialog}
    </Stack>
  );
}
