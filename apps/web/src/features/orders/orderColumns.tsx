import { Anchor, Badge, Button, Group, List, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLock, IconSend, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SalesOrdersRow, SalesOrdersTab } from '@kelvin/contract';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';
import type { PagedTableColumn, SetFilterDef } from '../../shared/ui/PagedTable.tsx';

export type OrderAction = 'process' | 'delete' | 'close';

/** The billing state as the grids name it. */
export const BILLING_STATE_LABELS: Record<SalesOrdersRow['netSuiteBillingState'], string> = {
  NOT_BILLABLE: 'Not Billable',
  PENDING_SALES_ORDER: 'Pending Sales Order',
  SALES_ORDER_CREATED: 'Sales Order Created',
  SALES_ORDER_CLOSED: 'Sales Order Closed',
};

const when = (value: string) => formatDateTime(Date.parse(value), userTimeZone());

/** The pending row's status icon: blocked (with what blocks it) or ready, and why it is pending. */
function StatusIcon({ row }: { row: SalesOrdersRow }) {
  const blocked = row.blockers.length > 0;
  const label = blocked ? `Blocked: ${row.blockers.join(' ')}` : 'Ready for a sales order';
  return (
    <Tooltip label={label} multiline w={320} withArrow>
      <ThemeIcon color={blocked ? 'red' : 'green'} variant="light" size="md" role="img" aria-label={label}>
        {blocked ? <IconAlertTriangle size={16} aria-hidden /> : <IconCircleCheck size={16} aria-hidden />}
      </ThemeIcon>
    </Tooltip>
  );
}

/** Why the ticket is pending and, under it, its blockers in red. */
function PendingReason({ row }: { row: SalesOrdersRow }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {row.billingReason}
      </Text>
      {row.blockers.length > 0 && (
        <List size="xs" c="red" spacing={0}>
          {row.blockers.map((blocker) => (
            <List.Item key={blocker}>{blocker}</List.Item>
          ))}
        </List>
      )}
    </div>
  );
}

function ReconcileFlag({ row }: { row: SalesOrdersRow }) {
  if (row.reconcileState === null || row.reconcileState === 'OK') return null;
  return (
    <Tooltip label={row.reconcileDetail ?? ''} multiline w={320} withArrow>
      <Badge color="orange" variant="light" ml="xs">
        {row.reconcileState === 'MISSING' ? 'Missing in NetSuite' : 'Changed in NetSuite'}
      </Badge>
    </Tooltip>
  );
}

/**
 * Spec columns: pending — Status icon, Actions (Process), Ticket ID, Title, Company (set filter), Description,
 * Created At, Updated At, Sales Order State; in process — Actions (Delete, and Close), Ticket ID, Title, Company,
 * Description, Created At, Updated At, Netsuite Sales Order ID, Sales Order State; closed — the same without actions.
 */
export function orderColumns(
  tab: SalesOrdersTab,
  companyFilter: SetFilterDef,
  onAction: (action: OrderAction, row: SalesOrdersRow) => void,
): PagedTableColumn<SalesOrdersRow>[] {
  const status: PagedTableColumn<SalesOrdersRow> = {
    key: 'status',
    header: 'Status',
    width: 70,
    hideable: false,
    cell: (row) => <StatusIcon row={row} />,
  };
  const actions: PagedTableColumn<SalesOrdersRow> = {
    key: 'actions',
    header: 'Actions',
    width: tab === 'PENDING' ? 120 : 200,
    hideable: false,
    cell: (row) =>
      tab === 'PENDING' ? (
        <Button
          size="xs"
          leftSection={<IconSend size={14} aria-hidden />}
          onClick={() => onAction('process', row)}
          aria-label={`Process ticket ${row.ticketId}`}
        >
          Process
        </Button>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => onAction('delete', row)}
            aria-label={`Delete the sales order of ticket ${row.ticketId}`}
          >
            Delete
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLock size={14} aria-hidden />}
            onClick={() => onAction('close', row)}
            aria-label={`Close the sales order of ticket ${row.ticketId}`}
          >
            Close
          </Button>
        </Group>
      ),
  };
  const common: PagedTableColumn<SalesOrdersRow>[] = [
    {
      key: 'ticketId',
      header: 'Ticket ID',
      width: 100,
      sortProperty: 'ticket_id',
      firstDirection: 'DESC',
      cell: (row) => (
        <Anchor component={Link} to={`/user/tickets/${row.ticketId}/details`} fw={600}>
          {row.ticketId}
        </Anchor>
      ),
    },
    { key: 'title', header: 'Title', sortProperty: 'title', cell: (row) => row.title },
    {
      key: 'company',
      header: 'Company',
      sortProperty: 'company_name',
      filter: companyFilter,
      cell: (row) => row.companyName,
    },
    {
      key: 'description',
      header: 'Description',
      cell: (row) =>
        tab === 'PENDING' ? (
          <div>
            <Text size="sm" lineClamp={2}>
              {row.description}
            </Text>
            <PendingReason row={row} />
          </div>
        ) : (
          <Text size="sm" lineClamp={2}>
            {row.description}
          </Text>
        ),
    },
    {
      key: 'createdAt',
      header: 'Created At',
      width: 190,
      sortProperty: 'created_at',
      firstDirection: 'DESC',
      cell: (row) => when(row.createdAt),
    },
    {
      key: 'updatedAt',
      header: 'Updated At',
      width: 190,
      sortProperty: 'updated_at',
      firstDirection: 'DESC',
      cell: (row) => when(row.updatedAt),
    },
  ];
  const orderId: PagedTableColumn<SalesOrdersRow> = {
    key: 'salesOrderId',
    header: 'Netsuite Sales Order ID',
    width: 170,
    cell: (row) => (
      <span>
        {row.salesOrderNumber ?? row.netSuiteSalesOrderInternalId ?? ''}
        <ReconcileFlag row={row} />
      </span>
    ),
  };
  const state: PagedTableColumn<SalesOrdersRow> = {
    key: 'state',
    header: 'Sales Order State',
    width: 170,
    cell: (row) => BILLING_STATE_LABELS[row.netSuiteBillingState],
  };
  if (tab === 'PENDING') return [status, actions, ...common, state];
  if (tab === 'IN_PROCESS') return [actions, ...common, orderId, state];
  return [...common, orderId, state];
}
