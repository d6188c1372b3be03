import { Anchor, ColorSwatch, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { billingStates, type TicketListItem } from '@kelvin/contract';
import { coreEnumLabel, TICKET_STATUSES } from '@kelvin/domain';
import { formatSpecDateTime } from '../../../shared/formatting/dateTime.ts';
import type { PagedTableColumn, SetFilterDef } from '../../../shared/ui/PagedTable.tsx';
import { BILLING_STATE_LABELS } from '../details/ticketLabels.ts';
import { TicketStatusBadge } from '../TicketStatusBadge.tsx';
import type { TicketListChange } from './useTicketListState.ts';
import type { TicketListState } from './ticketListState.ts';

/** Spec: ticket ids link to '#/user/tickets/{id}/details'. */
export const ticketPath = (ticketId: number) => `/user/tickets/${ticketId}/details`;

const PRIORITY_COLORS: Readonly<Record<string, string>> = { low: 'gray', medium: 'yellow', high: 'red' };
const SEVERITY_COLORS: Readonly<Record<string, string>> = {
  normal: 'gray',
  warning: 'orange',
  critical: 'red',
};

export const statusOptions = TICKET_STATUSES.map((status) => ({
  value: status,
  label: coreEnumLabel(status, 'ticketStatus'),
}));
const billingOptions = billingStates.map((state) => ({ value: state, label: BILLING_STATE_LABELS[state] }));

export function TicketLink({ ticketId }: { ticketId: number }) {
  return (
    <Anchor component={Link} to={ticketPath(ticketId)} size="sm" fw={600} aria-label={`Ticket ${ticketId}`}>
      #{ticketId}
    </Anchor>
  );
}

/** Priority or severity: a dot in its colour and the label, narrow enough for a table column. */
export function EnumBadge({
  enumName,
  enumKey,
}: {
  enumName: 'ticketPriority' | 'ticketSeverity';
  enumKey: string;
}) {
  const colors = enumName === 'ticketPriority' ? PRIORITY_COLORS : SEVERITY_COLORS;
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch
        // Shade 6 reads on light and dark pages alike (gray's 'filled' all but vanishes on dark).
        color={`var(--mantine-color-${colors[enumKey] ?? 'gray'}-6)`}
        size={8}
        withShadow={false}
        aria-hidden
      />
      <Text size="sm">{coreEnumLabel(enumKey, enumName)}</Text>
    </Group>
  );
}

/** The ticket's assets by name, as a dimmed line under its title. */
export function ticketAssetsLine(ticket: TicketListItem): string {
  return ticket.assets.map((asset) => asset.displayName).join(', ');
}

function When({ iso }: { iso: string | null }) {
  const at = formatSpecDateTime(iso, Intl.DateTimeFormat().resolvedOptions().timeZone);
  if (at === 'Date Not Available') return <Text size="sm">Date Not Available</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{at.date}</Text>
      <Text size="xs" c="dimmed">
        {at.time}
      </Text>
    </Stack>
  );
}

export interface TicketColumnsOptions {
  state: TicketListState;
  onChange: (change: TicketListChange) => void;
  /** The companies the user may choose between; fewer than two: no company filter. */
  companies: readonly { companyId: number; name: string }[];
  /** Left out on an asset's tab, where every row is of one company. */
  showCompany?: boolean;
}

/** The tickets grid's columns: every sortable one sorts on the server; status, company and billing filter by set. */
export function ticketColumns(options: TicketColumnsOptions): PagedTableColumn<TicketListItem>[] {
  const { state, onChange, companies } = options;
  const statusFilter: SetFilterDef = {
    options: statusOptions,
    selected: state.statuses,
    onChange: (selected) =>
      onChange({ statuses: TICKET_STATUSES.filter((status) => selected.includes(status)) }),
  };
  const billingFilter: SetFilterDef = {
    options: billingOptions,
    selected: state.billingStates,
    onChange: (selected) =>
      onChange({ billingStates: billingStates.filter((billing) => selected.includes(billing)) }),
  };
  const companyIds = companies.map((company) => company.companyId);
  const companyFilter: SetFilterDef | undefined =
    companies.length < 2
      ? undefined
      : {
          options: companies.map((company) => ({ value: String(company.companyId), label: company.name })),
          selected: (state.companyIds ?? companyIds).map(String),
          onChange: (selected) => {
            const ids = companyIds.filter((id) => selected.includes(String(id)));
            onChange({ companyIds: ids.length === companyIds.length ? null : ids });
          },
        };
  const columns: PagedTableColumn<TicketListItem>[] = [
    {
      key: 'id',
      header: 'ID',
      width: 80,
      sortProperty: 'ticket_id',
      firstDirection: 'DESC',
      hideable: false,
      cell: (ticket) => <TicketLink ticketId={ticket.ticketId} />,
    },
    {
      key: 'title',
      header: 'Title',
      width: '24%',
      sortProperty: 'title',
      hideable: false,
      cell: (ticket) => (
        <Group gap={6} wrap="nowrap">
          {ticket.isFrozen && (
            <Tooltip label="Frozen: no further changes">
              <IconLock size={14} aria-label="Frozen" />
            </Tooltip>
          )}
          <Stack gap={0}>
            <Text size="sm" fw={500} lineClamp={2}>
              {ticket.title}
            </Text>
            {ticket.assets.length > 0 && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {ticketAssetsLine(ticket)}
              </Text>
            )}
          </Stack>
        </Group>
      ),
    },
  ];
  if (options.showCompany !== false)
    columns.push({
      key: 'company',
      header: 'Company',
      sortProperty: 'company_name',
      filter: companyFilter,
      cell: (ticket) => <Text size="sm">{ticket.companyName}</Text>,
    });
  columns.push(
    {
      key: 'status',
      header: 'Status',
      width: 150,
      sortProperty: 'status',
      filter: statusFilter,
      // The whole status, never cut: the column grows to it rather than the badge shrinking.
      cell: (ticket) => (
        <TicketStatusBadge
          statusKey={ticket.statusEnumKey}
          maw="none"
          styles={{ label: { overflow: 'visible' } }}
        />
      ),
    },
    {
      key: 'priority',
      header: 'Priority',
      width: 110,
      sortProperty: 'priority',
      firstDirection: 'DESC',
      cell: (ticket) => <EnumBadge enumName="ticketPriority" enumKey={ticket.priorityEnumKey} />,
    },
    {
      key: 'severity',
      header: 'Severity',
      width: 110,
      sortProperty: 'severity',
      firstDirection: 'DESC',
      cell: (ticket) => <EnumBadge enumName="ticketSeverity" enumKey={ticket.severityEnumKey} />,
    },
    {
      key: 'type',
      header: 'Type',
      sortProperty: 'type',
      cell: (ticket) => <Text size="sm">{coreEnumLabel(ticket.typeEnumKey, 'ticketType')}</Text>,
    },
    {
      key: 'billing',
      header: 'Billing',
      filter: billingFilter,
      cell: (ticket) => <Text size="sm">{BILLING_STATE_LABELS[ticket.netSuiteBillingState]}</Text>,
    },
    {
      key: 'owner',
      header: 'Owner',
      cell: (ticket) => (
        <Text size="sm" c={ticket.owner ? undefined : 'dimmed'}>
          {ticket.owner?.name ?? 'Unassigned'}
        </Text>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      width: 120,
      sortProperty: 'created_at',
      firstDirection: 'DESC',
      cell: (ticket) => <When iso={ticket.createdAt} />,
    },
    {
      key: 'updated',
      header: 'Updated',
      width: 120,
      sortProperty: 'updated_at',
      firstDirection: 'DESC',
      cell: (ticket) => <When iso={ticket.updatedAt} />,
    },
  );
  return columns;
}
