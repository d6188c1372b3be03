import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { type LogRecord, type LogsListBody, type LogsPage } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';
import type { LogsFilter } from './logsView.ts';

const logsKey = ['deviceLogs'] as const;
/** A page of the list; the server takes up to 500. */
export const LOGS_PAGE_SIZE = 100;
/** Live tail: how often new records are asked for (see useLogsTail). */
export const TAIL_EVERY_MS = 2_000;
/** Records kept on screen while tailing; older pages are let go and load again on scrolling down. */
const TAIL_KEEPS = 2_000;
/** A tail that fell behind catches up this many pages per poll. */
const TAIL_ROUNDS = 5;

/** What the list asks for: the filter, with the range open at the top while tailing. */
export function listBody(assetId: number, filter: LogsFilter, tail: boolean): LogsListBody {
  return {
    assetId,
    from: filter.range.from,
    ...(tail ? {} : { to: filter.range.to }),
    ...(filter.levels.length > 0 ? { levels: filter.levels } : {}),
    ...(filter.sources.length > 0 ? { sources: filter.sources } : {}),
    ...(filter.search.trim() === '' ? {} : { search: filter.search.trim() }),
  };
}

const listKey = (body: LogsListBody) => [...logsKey, 'list', body] as const;

/**
 * The list, newest first, a page at a time: each older page is asked for with the last record's id (keyset
 * paging), so the thousandth page costs what the first does. While the filter changes, the previous answer for
 * the same unit stays on screen until the new one arrives.
 */
export function useLogsList(body: LogsListBody) {
  return useInfiniteQuery({
    queryKey: listKey(body),
    queryFn: ({ pageParam, signal }) =>
      apiCall(contract.deviceLogsList, {
        body: { ...body, limit: LOGS_PAGE_SIZE, ...(pageParam === '' ? {} : { before: pageParam }) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last: LogsPage) => (last.hasMore ? last.records.at(-1)?.id : undefined),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2]?.assetId === body.assetId ? previous : undefined,
  });
}

/** New records in front of the first page; past TAIL_KEEPS records, the oldest pages are let go. */
function prepend(data: InfiniteData<LogsPage, string>, records: readonly LogRecord[]) {
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const pages = [{ ...first, records: [...records, ...first.records] }, ...rest];
  let kept = 0;
  const keep = pages.findIndex((page) => (kept += page.records.length) > TAIL_KEEPS);
  if (keep < 0 || keep === pages.length - 1) return { ...data, pages };
  const trimmed = pages.slice(0, keep + 1);
  const last = trimmed.at(-1);
  if (last) trimmed[trimmed.length - 1] = { ...last, hasMore: true };
  return { pages: trimmed, pageParams: data.pageParams.slice(0, keep + 1) };
}

/** Asks for what arrived after the newest record on screen, until caught up, and puts it on top of the list. */
async function pullNewer(queryClient: QueryClient, body: LogsListBody, signal: AbortSignal): Promise<number> {
  let added = 0;
  for (let round = 0; round < TAIL_ROUNDS; round++) {
    const data = queryClient.getQueryData<InfiniteData<LogsPage, string>>(listKey(body));
    const newest = data?.pages[0]?.records[0]?.id;
    // Until the list has an answer there is nothing to follow; an empty list is refreshed whole.
    if (!data) return added;
    if (newest === undefined) {
      await queryClient.invalidateQueries({ queryKey: listKey(body) });
      return added;
    }
    const page = await apiCall(contract.deviceLogsList, {
      body: { ...body, after: newest, limit: 500 },
      signal,
    });
    if (page.records.length > 0) {
      queryClient.setQueryData<InfiniteData<LogsPage, string>>(listKey(body), (current) =>
        current ? prepend(current, page.records) : current,
      );
    }
    added += page.records.length;
    if (!page.hasMore) break;
  }
  return added;
}

/**
 * Live tail by polling with a cursor: every two seconds, the records after the newest one on screen (`after`),
 * gap-free even when more arrive than a page holds. Chosen over pushing logs through /live: the list's own call
 * with its filters and permissions serves it, a poll costs one small range read, and a tab that is hidden stops
 * polling by itself (refetchIntervalInBackground is off).
 */
export function useLogsTail(body: LogsListBody, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...logsKey, 'tail', body],
    queryFn: ({ signal }) => pullNewer(queryClient, body, signal),
    enabled,
    refetchInterval: TAIL_EVERY_MS,
    gcTime: 0,
  });
}

/** The sources of the unit's records in the range, for the source filter. */
export function useLogSources(assetId: number, range: { from: number; to: number }) {
  return useQuery({
    queryKey: [...logsKey, 'sources', assetId, range.from, range.to],
    queryFn: ({ signal }) =>
      apiCall(contract.deviceLogsSources, { body: { assetId, from: range.from, to: range.to }, signal }),
    staleTime: 60_000,
  });
}
