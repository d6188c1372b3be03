import type { ReactNode } from 'react';
import { Anchor, Text } from '@mantine/core';
import type { TimeEntry } from '@kelvin/contract';
import { coreEnumLabel } from '@kelvin/domain';
import type { PagedTableColumn } from '../../shared/ui/PagedTable.tsx';
import { entryDuration, formatEntryDate, ticketHref } from './timeEntryFormat.ts';

/** The time entries grid's columns; `actions` draws a row's edit and delete (empty when it may not change). */
export function timeEntryColumns(actions: (entry: TimeEntry) => ReactNode): PagedTableColumn<TimeEntry>[] {
  return [
    {
      key: 'date',
      header: 'Date',
      sortProperty: 'date',
      firstDirection: 'DESC',
      width: 110,
      cell: (entry) => formatEntryDate(entry.date),
    },
    {
      key: 'ticket',
      header: 'Ticket',
      sortProperty: 'ticket_id',
      firstDirection: 'DESC',
      cell: (entry) => (
        <Anchor href={ticketHref(entry.ticketId)} size="sm" lineClamp={2}>
          #{entry.ticketId} {entry.ticketTitle}
        </Anchor>
      ),
    },
    { key: 'company', header: 'Company', sortProperty: 'company_name', cell: (entry) => entry.companyName },
    { key: 'user', header: 'User', sortProperty: 'user_name', cell: (entry) => entry.userName },
    {
      key: 'laborCode',
      header: 'Labor code',
      sortProperty: 'labor_code',
      width: 120,
      cell: (entry) => coreEnumLabel(entry.laborCodeEnumKey, 'laborCodes'),
    },
    {
      key: 'duration',
      header: 'Time',
      sortProperty: 'duration',
      firstDirection: 'DESC',
      width: 100,
      cell: (entry) => (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {entryDuration(entry)}
        </Text>
      ),
    },
    {
      key: 'description',
      header: 'Description',
      cell: (entry) => (
        <Text size="sm" lineClamp={2} c={entry.description ? undefined : 'dimmed'}>
          {entry.description || '—'}
        </Text>
      ),
    },
    { key: 'actions', header: '', title: 'Actions', hideable: false, width: 80, cell: actions },
  ];
}
