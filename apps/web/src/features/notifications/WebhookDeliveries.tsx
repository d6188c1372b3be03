import { useState } from 'react';
import { Badge, Stack, Text } from '@mantine/core';
import type { WebhookDelivery, WebhookDeliveryStatus } from '@kelvin/contract';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';
import { PagedTable, type PagedTableColumn } from '../../shared/ui/PagedTable.tsx';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { DELIVERIES_PAGE_SIZE, useWebhookDeliveries } from './webhooksQueries.ts';

const STATUS_PAINT: Readonly<Record<WebhookDeliveryStatus, { label: string; color: string }>> = {
  PENDING: { label: 'Pending', color: 'blue' },
  DELIVERED: { label: 'Delivered', color: 'green' },
  FAILED: { label: 'Failed', color: 'red' },
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const paint = STATUS_PAINT[status];
  return (
    <Badge color={paint.color} variant="light" radius="sm">
      {paint.label}
    </Badge>
  );
}

const KIND_LABELS: Readonly<Record<WebhookDelivery['kind'], string>> = {
  OPENED: 'Problem opened',
  ESCALATED: 'Problem escalated',
  RESOLVED: 'Problem resolved',
  TICKET_ASSIGNED: 'Ticket assigned',
  TICKET_STATUS_CHANGED: 'Ticket status changed',
  TICKET_COMMENTED: 'Ticket comment',
  TEST: 'Test',
};

/** Delivered when, tried again when, or given up. */
function outcome(row: WebhookDelivery, at: (value: string | null) => string): string {
  if (row.status === 'DELIVERED') return `Delivered ${at(row.deliveredAt)}`;
  if (row.status === 'PENDING') return `Next attempt ${at(row.nextAttemptAt)}`;
  return 'Given up';
}

function columns(timeZone: string): PagedTableColumn<WebhookDelivery>[] {
  const at = (value: string | null) => (value === null ? '—' : formatDateTime(Date.parse(value), timeZone));
  return [
    { key: 'created', header: 'Queued', cell: (row) => at(row.createdAt), width: 180 },
    {
      key: 'kind',
      header: 'Event',
      cell: (row) => (
        <>
          {KIND_LABELS[row.kind]}
          {row.detectedProblemId !== null && (
            <Text span size="xs" c="dimmed">{` · problem ${row.detectedProblemId}`}</Text>
          )}
          {row.ticketId !== null && <Text span size="xs" c="dimmed">{` · ticket ${row.ticketId}`}</Text>}
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => <DeliveryStatusBadge status={row.status} />,
      width: 120,
    },
    { key: 'attempts', header: 'Attempts', cell: (row) => row.attemptCount, width: 90 },
    {
      key: 'answer',
      header: 'Last answer',
      cell: (row) => row.lastError ?? (row.lastStatusCode === null ? '—' : `Answered ${row.lastStatusCode}`),
    },
    { key: 'outcome', header: 'Outcome', cell: (row) => outcome(row, at), width: 230 },
  ];
}

/** A webhook's deliveries, newest first, server-paged: what was sent, how it went, and when it is tried again. */
export function WebhookDeliveries({ webhookId }: { webhookId: number }) {
  const [pageNumber, setPageNumber] = useState(0);
  const deliveries = useWebhookDeliveries(webhookId, pageNumber);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        A failed attempt is tried again after 30 s, 2 min, 10 min, 1 h and 6 h; then the delivery fails.
      </Text>
      {deliveries.isError && (
        <QueryError label="deliveries" error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      )}
      <PagedTable
        label="Webhook deliveries"
        columns={columns(userTimeZone())}
        rows={deliveries.data?.content}
        rowKey={(row) => row.deliveryId}
        totalSize={deliveries.data?.pageable.totalSize}
        pageSize={DELIVERIES_PAGE_SIZE}
        pageNumber={pageNumber}
        onPageChange={setPageNumber}
        fetching={deliveries.isFetching}
        empty="Nothing has been sent yet. Send a test to see how the receiver answers."
        countLabel={(n) => (n === 1 ? '1 delivery' : `${n} deliveries`)}
        minWidth={760}
        cardsBelow="48em"
      />
    </Stack>
  );
}
