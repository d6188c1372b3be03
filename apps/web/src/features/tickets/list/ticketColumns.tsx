import { Anchor, ColorSwatch, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { billingStates, type TicketListItem } from '@kelvin/contract';
import { coreEnumLabel, TICKET_STATUSES } from '@kelvin/domain';
import { formatSpecDateTime } from '../../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';
import { presentAssetName, presentCompanyName } from '../../../shared/preferences/names.ts';
import {
  usePagedTableDensity,
  type PagedTableColumn,
  type SetFilterDef,
} from '../../../shared/ui/PagedTable.tsx';
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
/** Billing: grey while nothing is owed, orange while an order waits, blue once made, green once closed. */
const BILLING_COLORS: Readonly<Record<string, string>> = {
  NOT_BILLABLE: 'gray',
  PENDING_SALES_ORDER: 'orange',
  SALES_ORDER_CREATED: 'blue',
  SALES_ORDER_CLOSED: 'green',
};

/**
 * Less read columns, hidden until shown in the Columns menu: with them a 1440 px screen cut every text to a few
 * words. Severity follows priority, the type the title, and Updated is the sort's other date.
 */
export const TICKET_COLUMNS_HIDDEN_BY_DEFAULT = ['severity', 'type', 'updated'] as const;

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

/** A state as a small dot in its colour and its label on one line: narrow enough for a table column. */
function DotLabel({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch
        // Shade 6 reads on light and dark pages alike (gray's 'filled' all but vanishes on dark).
        color={`var(--mantine-color-${color}-6)`}
        size={8}
        withShadow={false}
        style={{ flexShrink: 0 }}
        aria-hidden
      />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/** Priority or severity: a dot in its colour and the label. */
export function EnumBadge({
  enumName,
  enumKey,
}: {
  enumName: 'ticketPriority' | 'ticketSeverity';
  enumKey: string;
}) {
  const colors = enumName === 'ticketPriority' ? PRIORITY_COLORS : SEVERITY_COLORS;
  return <DotLabel color={colors[enumKey] ?? 'gray'} label={coreEnumLabel(enumKey, enumName)} />;
}

/** The billing state by its spec label, with a dot in its colour. */
export function BillingLabel({ state }: { state: TicketListItem['netSuiteBillingState'] }) {
  return <DotLabel color={BILLING_COLORS[state] ?? 'gray'} label={BILLING_STATE_LABELS[state]} />;
}

/** The ticket's assets by name, as a dimmed line under its title. */
export function ticketAssetsLine(ticket: TicketListItem): string {
  return ticket.assets.map((asset) => presentAssetName(asset, asset.displayName)).join(', ');
}

/** A moment as the spec writes it: on one line in a compact table (the time muted), the time under the date else. */
function When({ iso }: { iso: string | null }) {
  const compact = usePagedTableDensity() === 'compact';
  const at = formatSpecDateTime(iso, userTimeZone());
  if (at === 'Date Not Available') return <Text size="sm">Date Not Available</Text>;
  if (compact)
    return (
      <Text size="sm">
        {at.date}{' '}
        <Text span size="xs" c="dimmed">
          {at.time}
        </Text>
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm">{at.date}</Text>
      <Text size="xs" c="dimmed">
        {at.time}
      </Text>
    </Stack>
  );
}

/** The title with its assets: after it on the same line in a compact table, under it else. */
function TitleCell({ ticket }: { ticket: TicketListItem }) {
  const compact = usePagedTableDensity() === 'compact';
  const assets = ticketAssetsLine(ticket);
  return (
    <Group gap={6} wrap="nowrap">
      {ticket.isFrozen && (
        <Tooltip label="Frozen: no further changes">
          <IconLock size={14} aria-label="Frozen" style={{ flexShrink: 0 }} />
        </Tooltip>
      )}
      {compact ? (
        <Text size="sm" fw={500}>
          {ticket.title}
          {assets !== '' && (
            <Text span size="xs" fw={400} c="dimmed">
              {` · ${assets}`}
            </Text>
          )}
        </Text>
      ) : (
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={500} lineClamp={2}>
            {ticket.title}
          </Text>
          {assets !== '' && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {assets}
            </Text>
          )}
        </Stack>
      )}
    </Group>
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
      width: 60,
      sortProperty: 'ticket_id',
      firstDirection: 'DESC',
      hideable: false,
      cell: (ticket) => <TicketLink ticketId={ticket.ticketId} />,
    },
    {
      key: 'title',
      header: 'Title',
      // No width: the title takes what the other columns leave.
      sortProperty: 'title',
      hideable: false,
      cell: (ticket) => <TitleCell ticket={ticket} />,
    },
  ];
  if (options.showCompany !== false)
    columns.push({
      key: 'company',
      header: 'Company',
      width: 136,
      sortProperty: 'company_name',
      filter: companyFilter,
      cell: (ticket) => <Text size="sm">{presentCompanyName(ticket.companyId, ticket.companyName)}</Text>,
    });
  columns.push(
    {
      key: 'status',
      header: 'Status',
      // 'NEEDS DISPATCH', the longest status, whole on one line beside the header's sort and filter.
      width: 144,
      sortProperty: 'status',
      filter: statusFilter,
      cell: (ticket) => <TicketStatusBadge statusKey={ticket.statusEnumKey} size="sm" maw="100%" />,
    },
    {
      key: 'priority',
      header: 'Priority',
      width: 96,
      sortProperty: 'priority',
      firstDirection: 'DESC',
      cell: (ticket) => <EnumBadge enumName="ticketPriority" enumKey={ticket.priorityEnumKey} />,
    },
    {
      key: 'severity',
      header: 'Severity',
      width: 104,
      sortProperty: 'severity',
      firstDirection: 'DESC',
      cell: (ticket) => <EnumBadge enumName="ticketSeverity" enumKey={ticket.severityEnumKey} />,
    },
    {
      key: 'type',
      header: 'Type',
      width: 150,
      sortProperty: 'type',
      cell: (ticket) => <Text size="sm">{coreEnumLabel(ticket.typeEnumKey, 'ticketType')}</Text>,
    },
    {
      key: 'billing',
      header: 'Billing',
      width: 164,
      filter: billingFilter,
      cell: (ticket) => <BillingLabel state={ticket.netSuiteBillingState} />,
    },
    {
      key: 'owner',
      header: 'Owner',
      width: 132,
      cell: (ticket) => (
        <Text size="sm" c={ticket.owner ? undefined : 'dimmed'}>
          {ticket.owner?.name ?? 'Unassigned'}
        </Text>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      // 'MM/dd/yyyy hh:mm:ss a' on one line.
      width: 172,
      sortProperty: 'created_at',
      firstDirection: 'DESC',
      cell: (ticket) => <When iso={ticket.createdAt} />,
    },
    {
      key: 'updated',
      header: 'Updated',
      width: 172,
      sortProperty: 'updated_at',
      firstDirection: 'DESC',
      cell: (ticket) => <When iso={ticket.updatedAt} />,
    },
  );
  return columns;
}
