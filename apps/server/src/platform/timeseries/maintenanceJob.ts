import type { FastifyBaseLogger } from 'fastify';
import type { TimeSeriesStore } from './timeSeriesStore.ts';

const COMPACT_EVERY_MS = 30 * 60_000;
const RETENTION_EVERY_MS = 24 * 60 * 60_000;

/**
 * Keeps the store small and fast: compaction every 30 minutes (DuckDB sorts closed hours, then each day whole, and
 * closed days of device logs by asset), retention once a day (device logs by their own, `logsMs`). Failures are
 * logged and retried at the next tick; the timers never keep the process up.
 */
export function startTimeSeriesMaintenance(
  store: TimeSeriesStore,
  retention: { rawMs: number; minuteMs: number; hourMs: number; logsMs: number },
  log: FastifyBaseLogger,
): () => void {
  const run = (name: string, work: () => Promise<void>) => () => {
    work().catch((error: unknown) => log.warn({ err: error }, `time-series ${name} failed`));
  };
  const compact = setInterval(
    run('compaction', async () => {
      await store.compact();
      await store.logs.compact();
    }),
    COMPACT_EVERY_MS,
  );
  const expire = setInterval(
    run('retention', async () => {
      await store.applyRetention(retention);
      await store.logs.applyRetention({ maxAgeMs: retention.logsMs });
    }),
    RETENTION_EVERY_MS,
  );
  compact.unref();
  expire.unref();
  return () => {
    clearInterval(compact);
    clearInterval(expire);
  };
}
