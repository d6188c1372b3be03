import { Anchor, Button, Checkbox, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';
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
export function StatusLabel({ row }: { row: FormInstanceRow }) {
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch
        color={`var(--mantine-color-${row.isFormCompleted ? 'green' : 'blue'}-6)`}
        size={8}
        withShadow={false}
        aria-hidden
      />
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {row.isFormCompleted ? 'Completed' : 'In Progress'}
      </Text>
    </Group>
  );
}

/** Spec placeholder 'Date Not Available' for a missing or unreadable moment. */
function dateText(value: string): string {
  const ts = Date.parse(value);
  return Number.isFinite(ts) ? formatDateTime(ts, userTimeZone()) : 'Date Not Available';
}

function SelectBox({ row, options }: { row: FormInstanceRow; options: FormExplorerColumnsOptions }) {
  return (
    <Checkbox
      size="xs"
      checked={options.isSelected(row)}
      onChange={() => options.onToggle(row)}
      aria-label={`Select form ${row.id}`}
    />
  );
}

function PreviewButton({ row, options }: { row: FormInstanceRow; options: FormExplorerColumnsOptions }) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      leftSection={<IconEye size={14} aria-hidden />}
      onClick={() => options.onPreview(row)}
      aria-label={`Preview form ${row.id}`}
    >
      Preview
    </Button>
  );
}

/** A row on a phone: chosen box, form type and status on top, then id and company, asset and date, ticket. */
export function FormInstanceCard({
  row,
  options,
}: {
  row: FormInstanceRow;
  options: FormExplorerColumnsOptions;
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs" wrap="nowrap" align="flex-start" miw={0}>
          <SelectBox row={row} options={options} />
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {row.formLabel}
          </Text>
        </Group>
        <StatusLabel row={row} />
      </Group>
      <Text size="sm" c="dimmed">
        {`ID ${row.id} · ${row.companyName}`}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Anchor component={Link} to={devicePaths.device(row.assetId)} size="sm">
          {row.assetName}
        </Anchor>
        <Text size="sm" c="dimmed">
          {dateText(row.date)}
        </Text>
      </Group>
      <Group justify="space-between">
        <TicketLink ticketId={row.entityId} />
        <PreviewButton row={row} options={options} />
      </Group>
    </Stack>
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
      width: 40,
      hideable: false,
      cell: (row) => <SelectBox row={row} options={options} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 100,
      hideable: false,
      cell: (row) => <PreviewButton row={row} options={options} />,
    },
    {
      key: 'id',
      header: 'ID',
      width: 84,
      sortProperty: 'form_id',
      hideable: false,
      cell: (row) => <Text size="sm">{row.id}</Text>,
    },
    {
      key: 'status',
      header: 'Status',
      // 'In Progress' whole beside the dot and the sort button.
      width: 124,
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
      width: 140,
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
      width: 176,
      sortProperty: 'company_name',
      filter: options.companyFilter,
      cell: (row) => <Text size="sm">{row.companyName}</Text>,
    },
    {
      key: 'date',
      header: 'Date',
      // MM/dd/yyyy hh:mm:ss a on one line.
      width: 184,
      sortProperty: 'date',
      firstDirection: 'DESC',
      cell: (row) => <Text size="sm">{dateText(row.date)}</Text>,
    },
    {
      key: 'ticket',
      header: 'Ticket',
      width: 80,
      sortProperty: 'entity_id',
      firstDirection: 'DESC',
      cell: (row) => <TicketLink ticketId={row.entityId} />,
    },
  ];
}
