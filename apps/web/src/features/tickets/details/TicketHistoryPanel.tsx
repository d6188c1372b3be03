import { useState } from 'react';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';
import { EmptyState, QueryError } from '../../../shared/ui/QueryState.tsx';
import { DetailsCard } from './DetailsCard.tsx';
import { summarizeHistoryEntry } from './ticketHistory.ts';
import { formatTicketDate } from './ticketDates.ts';
import { useTicketHistory } from './ticketQueries.ts';

/** The newest changes shown at first; the rest one click away. */
const FIRST_SHOWN = 10;

/** Every change of the ticket from its audit trail, newest first, with who made it and when. */
export function TicketHistoryPanel({ ticketId }: { ticketId: number }) {
  const history = useTicketHistory(ticketId);
  const [all, setAll] = useState(false);
  const timeZone = userTimeZone();

  return (
    <DetailsCard title="History">
      {history.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading the history">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={32} />
          ))}
        </Stack>
      ) : history.isError ? (
        <QueryError label="the history" error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <EmptyState>No changes recorded yet.</EmptyState>
      ) : (
        <Stack gap="xs">
          <Stack gap={8} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Ticket history">
            {(all ? history.data : history.data.slice(0, FIRST_SHOWN)).map((entry) => (
              <li key={entry.eventId}>
                <Text size="sm">{summarizeHistoryEntry(entry)}</Text>
                <Text size="xs" c="dimmed">
                  {entry.actorName ?? 'System'} · {formatTicketDate(entry.createdAt, timeZone)}
                </Text>
              </li>
            ))}
          </Stack>
          {!all && history.data.length > FIRST_SHOWN && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setAll(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              Show all {history.data.length} changes
            </Button>
          )}
        </Stack>
      )}
    </DetailsCard>
  );
}
