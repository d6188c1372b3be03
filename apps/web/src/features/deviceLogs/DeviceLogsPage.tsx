import { useCallback, useMemo } from 'react';
import { Box, Button, Center, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { useOptionalIdParam } from '../../shared/routing/useIdParam.ts';
import { listBody, useLogsList, useLogsTail } from './deviceLogsQueries.ts';
import {
  hasNarrowingFilters,
  refreshedRange,
  setLogsTail,
  updateLogsFilter,
  useDeviceLogsStore,
} from './deviceLogsStore.ts';
import { LogList } from './LogList.tsx';
import { LogsFilters } from './LogsFilters.tsx';

/** The list scrolls inside the page, below the filters; never shorter than a dozen rows. */
const LIST_HEIGHT = 'max(420px, calc(100dvh - 340px))';

/** devicesLogs (devices/{assetId}/logs): the unit's log records, newest first. Needs assets:logs:read. */
export function DeviceLogsPage() {
  const assetId = useOptionalIdParam('assetId');
  if (assetId === undefined) {
    return (
      <Stack gap="xs">
        <Title order={3}>Logs</Title>
        <Text c="dimmed">Choose a unit in the hierarchy to read its logs.</Text>
      </Stack>
    );
  }
  return <DeviceLogs assetId={assetId} />;
}

function DeviceLogs({ assetId }: { assetId: number }) {
  const filter = useDeviceLogsStore((state) => state.filter);
  const tail = useDeviceLogsStore((state) => state.tail);
  const timeZone = userTimeZone();
  const body = useMemo(() => listBody(assetId, filter, tail), [assetId, filter, tail]);
  const list = useLogsList(body);
  // Only once the list itself answered (not while the previous filter's answer stands in for it).
  useLogsTail(body, tail && list.isSuccess && !list.isPlaceholderData);
  const records = useMemo(() => list.data?.pages.flatMap((page) => page.records) ?? [], [list.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const narrowed = hasNarrowingFilters(filter);

  function refresh() {
    if (filter.rangeDisplay === 'Custom') void list.refetch();
    else updateLogsFilter((current) => refreshedRange(current, Date.now()));
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="xs">
        <Group gap="sm" align="baseline">
          <Title order={3}>Logs</Title>
          <Text size="sm" c="dimmed" aria-live="polite" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {records.length > 0 && countText(records.length, hasNextPage)}
          </Text>
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={refresh}
            disabled={tail}
            loading={list.isRefetching && !isFetchingNextPage && !tail}
          >
            Refresh
          </Button>
          <Button
            variant={tail ? 'filled' : 'light'}
            color={tail ? 'teal' : undefined}
            aria-pressed={tail}
            leftSection={tail ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
            onClick={() => setLogsTail(!tail)}
          >
            {tail ? 'Following new records' : 'Follow live'}
          </Button>
        </Group>
      </Group>
      <LogsFilters assetId={assetId} filter={filter} timeZone={timeZone} />
      {list.isPending ? (
        <LoadingRows />
      ) : list.isError ? (
        <QueryError label="the logs" error={list.error} onRetry={() => void list.refetch()} />
      ) : records.length === 0 ? (
        <EmptyLogs narrowed={narrowed} tail={tail} />
      ) : (
        <LogList
          records={records}
          timeZone={timeZone}
          hasOlder={hasNextPage}
          loadingOlder={isFetchingNextPage}
          onLoadOlder={loadOlder}
          height={LIST_HEIGHT}
        />
      )}
    </Stack>
  );
}

function countText(count: number, more: boolean): string {
  return `${count.toLocaleString()}${more ? '+' : ''} ${count === 1 && !more ? 'record' : 'records'}, newest first`;
}

/** Rows of the list's shape while the first page loads, so nothing moves when it arrives. */
function LoadingRows() {
  return (
    <Box h={LIST_HEIGHT} role="status" aria-label="Loading the logs" style={{ overflow: 'hidden' }}>
      <Stack gap={10} p="xs">
        {Array.from({ length: 12 }, (_, index) => (
          <Skeleton key={index} height={24} radius="sm" />
        ))}
      </Stack>
    </Box>
  );
}

function EmptyLogs({ narrowed, tail }: { narrowed: boolean; tail: boolean }) {
  return (
    <Center
      h={LIST_HEIGHT}
      style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 4 }}
    >
      <Stack align="center" gap="xs" maw={420} ta="center" p="md">
        <Text fw={600}>
          {narrowed ? 'No log records match these filters.' : 'No log records in this time range.'}
        </Text>
        <Text size="sm" c="dimmed">
          {tail
            ? 'New records appear here as the unit sends them.'
            : narrowed
              ? 'Clear the filters or choose a longer time range.'
              : 'Choose a longer time range, or follow live to see records as they arrive.'}
        </Text>
        {narrowed && (
          <Button
            variant="light"
            onClick={() =>
              updateLogsFilter((current) => ({ ...current, levels: [], sources: [], search: '' }))
            }
          >
            Clear filters
          </Button>
        )}
      </Stack>
    </Center>
  );
}
