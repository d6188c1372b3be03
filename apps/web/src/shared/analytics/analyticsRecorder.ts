import type { AnalyticsItem } from '@kelvin/contract';

/** How long page views and events wait to be sent together. */
export const ANALYTICS_FLUSH_MS = 5_000;
/** The server's batch limit (ANALYTICS_BATCH_MAX): a longer queue goes in several requests. */
const BATCH = 50;
/** A queue that cannot be sent (offline, signed out) keeps at most this much, dropping the oldest. */
const QUEUE_MAX = 200;

export type AnalyticsSend = (items: AnalyticsItem[], leaving: boolean) => Promise<unknown>;

export interface AnalyticsRecorder {
  page(pattern: string): void;
  event(name: string, properties?: AnalyticsItem['properties']): void;
  /** Sends what waits; `leaving` when the page is being hidden (the request must outlive it). */
  flush(leaving?: boolean): void;
}

/**
 * Page views and events, queued and sent every few seconds and when the page is hidden. Never throws, never
 * awaited by the screen: a failed send drops its batch (usage figures are not worth retries and a growing queue).
 */
export function createAnalyticsRecorder(
  send: AnalyticsSend,
  options: { now?: () => Date; flushMs?: number } = {},
): AnalyticsRecorder {
  const now = options.now ?? (() => new Date());
  let queue: AnalyticsItem[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastPage: string | undefined;

  const flush = (leaving = false) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) {
      const batch = queue.slice(0, BATCH);
      queue = queue.slice(BATCH);
      send(batch, leaving).catch(() => undefined);
    }
  };
  const push = (item: AnalyticsItem) => {
    queue.push({ ...item, at: now().toISOString() });
    if (queue.length > QUEUE_MAX) queue = queue.slice(-QUEUE_MAX);
    timer ??= setTimeout(() => flush(), options.flushMs ?? ANALYTICS_FLUSH_MS);
  };
  return {
    page(pattern) {
      // Spec: never the bare root.
      if (pattern === '/' || pattern === '') return;
      lastPage = pattern;
      push({ kind: 'page', name: pattern });
    },
    event(name, properties) {
      push({
        kind: 'event',
        name,
        ...(lastPage ? { path: lastPage } : {}),
        ...(properties ? { properties } : {}),
      });
    },
    flush,
  };
}
