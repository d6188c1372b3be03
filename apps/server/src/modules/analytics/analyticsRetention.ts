import type { FastifyBaseLogger } from 'fastify';
import { ANALYTICS_RETENTION_DAYS } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import { deleteEventsBefore } from './analyticsRepository.ts';
import type { Clock } from './analyticsService.ts';

const RETENTION_EVERY_MS = 24 * 60 * 60_000;
const DAY_MS = 86_400_000;

/** Deletes the events older than the retention (400 days); returns how many went. */
export function expireAnalytics(db: DbOrTx, clock: Clock): Promise<number> {
  return deleteEventsBefore(db, new Date(clock().getTime() - ANALYTICS_RETENTION_DAYS * DAY_MS));
}

/**
 * Once at start and then once a day, as the time-series retention runs (platform/timeseries/maintenanceJob.ts):
 * failures are logged and retried at the next tick; the timer never keeps the process up. Returns the stop.
 */
export function startAnalyticsRetention(db: DbOrTx, clock: Clock, log: FastifyBaseLogger): () => void {
  const run = () => {
    expireAnalytics(db, clock).then(
      (deleted) => {
        if (deleted > 0) log.info({ deleted }, 'old analytics events deleted');
      },
      (error: unknown) => log.warn({ err: error }, 'analytics retention failed'),
    );
  };
  const first = setTimeout(run, 60_000);
  const daily = setInterval(run, RETENTION_EVERY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
