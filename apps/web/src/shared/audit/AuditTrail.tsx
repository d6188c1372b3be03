import { useState } from 'react';
import { Code, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { format } from 'date-fns';
import type { AuditEvent } from '@kelvin/contract';
import { AUDIT_PAGE_SIZE, useAuditEvents, type AuditSubjectType } from './auditQueries.ts';
import { EmptyState, QueryState } from '../ui/QueryState.tsx';

/** Spec dates: MM/dd/yyyy and hh:mm:ss a. */
function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Date Not Available' : format(date, 'MM/dd/yyyy hh:mm:ss a');
}

function describeData(event: AuditEvent): string {
  const entries = Object.entries(event.data);
  return entries.length === 0 ? '' : JSON.stringify(event.data);
}

/** The event trail of one company, user or asset, paged from the server. */
export function AuditTrail({ subjectType, subjectId }: { subjectType: AuditSubjectType; subjectId: number }) {
  const [page, setPage] = useState(1);
  const events = useAuditEvents(subjectType, subjectId, page - 1);

  return (
    <QueryState query={events} label="the audit trail">
      {(result) => {
        if (result.content.length === 0) return <EmptyState>No events recorded yet.</EmptyState>;
        const pages = Math.max(1, Math.ceil(result.pageable.totalSize / AUDIT_PAGE_SIZE));
        return (
          <Stack>
            <Table striped aria-label="Audit events">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.content.map((event) => (
                  <Table.Tr key={event.eventId}>
                    <Table.Td>{formatWhen(event.createdAt)}</Table.Td>
                    <Table.Td>{event.name}</Table.Td>
                    <Table.Td>{event.actorName ?? 'System'}</Table.Td>
                    <Table.Td>
                      <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {describeData(event)}
                      </Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {result.pageable.totalSize} events
              </Text>
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({
                    'aria-label': control === 'next' ? 'Next page' : 'Previous page',
                  })}
                  getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                />
              )}
            </Group>
          </Stack>
        );
      }}
    </QueryState>
  );
}
