import { Anchor, Button, Checkbox, ColorSwatch, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { browserTimeZone, formatDateTime } from '../../../shared/formatting/dateTime.ts';
import { devicePaths } from '../../../shared/routing/paths.ts';
import type { PagedTableColumn, SetFilterDef } from '../../../shared/ui/PagedTable.tsx';
import { TicketLink } from '../../tickets/list/ticketColumns.tsx';
import type { FormInstanceRow } from './formExplorerQueries.ts';

export interface FormExplorerColumnsOptions {
  isSelected: (row: FormInstanceRow) => boolean;
  onToggle: (row: FormInstanceRow) => void;
  onPreview: (row: FormInstanceRow) => void;
  /** The Company column's set filter; left out when the user sees one company only. */
  companyFilter?: SetFilterDef;
}

/** Spec (form status in the explorer): Completed or In Progress; green once complete, blue while under way. */
function StatusLabel({ row }: { row: FormInstanceRow }) {
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch
        color={`var(--mantine-color-${row.isFormCompleted ? 'green' : 'blue'}-6)`}
        size={8}
        withShadow={false}
        aria-hidden
      />
      <Text size="sm">{row.isFormCompleted ? 'Completed' : 'In Progress'}</Text>
    </Group>
  );
}

function DateCell({ value }: { value: string }) {
  const ts = Date.parse(value);
  return (
    <Text size="sm">
      {Number.isFinite(ts) ? formatDateTime(ts, browserTimeZone()) : 'Date Not Available'}
    </Text>
  );
}

/** The explorer's columns (spec section 2): every sortable one sorts on the server; Company filters by set. */
export function formExplorerColumns(
  options: FormExplorerColumnsOptions,
): PagedTableColumn<FormInstanceRow>[] {
  return [
    {
      key: 'select',
      header: '',
      title: 'Select',
      width: 44,
      hideable: false,
      cell: (row) => (
        <Checkbox
          size="xs"
          checked={options.isSelected(row)}
          onChange={() => options.onToggle(row)}
          aria-label={`Select form ${row.id}`}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 104,
      hideable: false,
      cell: (row) => (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconEye size={14} aria-hidden />}
          onClick={() => options.onPreview(row)}
          aria-label={`Preview form ${row.id}`}
        >
          Preview
        </Button>
      ),
    },
    {
      key: 'id',
      header: 'ID',
      width: 110,
      sortProperty: 'form_id',
      hideable: false,
      cell: (row) => <Text size="sm">{row.id}</Text>,
    },
    {
      key: 'status',
      header: 'Status',
      width: 130,
      sortProperty: 'status',
      cell: (row) => <StatusLabel row={row} />,
    },
    {
      key: 'formType',
      header: 'Form Type',
      // No width: the form's label takes what the other columns leave.
      sortProperty: 'form_type',
      cell: (row) => <Text size="sm">{row.formLabel}</Text>,
    },
    {
      key: 'asset',
      header: 'Asset',
      width: 180,
      sortProperty: 'asset_name',
      cell: (row) => (
        <Anchor component={Link} to={devicePaths.device(row.assetId)} size="sm">
          {row.assetName}
        </Anchor>
      ),
    },
    {
      key: 'company',
      header: 'Company',
      width: 160,
      sortProperty: 'company_name',
      filter: options.companyFilter,
      cell: (row) => <Text size="sm">{row.companyName}</Text>,
    },
    {
      key: 'date',
      header: 'Date',
      width: 200,
      sortProperty: 'date',
      firstDirection: 'DESC',
      cell: (row) => <DateCell value={row.date} />,
    },
    {
      key: 'ticket',
      header: 'Ticket',
      width: 90,
      sortProperty: 'entity_id',
      firstDirection: 'DESC',
      cell: (row) => <TicketLink ticketId={row.entityId} />,
    },
  ];
}
