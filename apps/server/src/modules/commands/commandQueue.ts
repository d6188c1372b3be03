import { COMMAND_ACK_TIMEOUT_MS, COMMAND_DELIVERY_TIMEOUT_MS } from '@kelvin/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { timeOutCommands } from './commandsRepository.ts';

export const TIMEOUT_REASONS = {
  notTaken: `No agent took the command within ${COMMAND_DELIVERY_TIMEOUT_MS / 1000} seconds.`,
  notAnswered: `The agent took the command but did not answer within ${COMMAND_ACK_TIMEOUT_MS / 1000} seconds.`,
};
/** How often the sweeper looks for timed-out commands, and a waiting poll re-reads the queue. */
const SWEEP_EVERY_MS = 5_000;
export const POLL_RECHECK_MS = 1_000;

/**
 * Wakes an agent's long poll when a command for its data hall is queued in this process. A command queued by
 * another process is found by the poll's own re-check every second, so the wake-up is a shortcut, not the
 * only way a command arrives.
 */
export interface CommandWakeups {
  wake(datahallId: number): void;
  /** Resolves on the next wake of the hall, or after `ms`; `signal` ends the wait early. */
  wait(datahallId: number, ms: number, signal?: AbortSignal): Promise<void>;
}

export function createCommandWakeups(): CommandWakeups {
  const waiting = new Map<number, Set<() => void>>();
  return {
    wake(datahallId) {
      const listeners = waiting.get(datahallId);
      waiting.delete(datahallId);
      for (const listener of listeners ?? []) listener();
    },
    wait(datahallId, ms, signal) {
      return new Promise((resolve) => {
        const listeners = waiting.get(datahallId) ?? new Set();
        waiting.set(datahallId, listeners);
        const done = (): void => {
          clearTimeout(timer);
          listeners.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        listeners.add(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    },
  };
}

/** Times out overdue commands once each, recording every timeout in the audit trail. */
export async function sweepTimedOutCommands(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx: DbOrTx) => {
    const rows = await timeOutCommands(
      tx,
      {
        pendingBefore: new Date(now.getTime() - COMMAND_DELIVERY_TIMEOUT_MS),
        deliveredBefore: new Date(now.getTime() - COMMAND_ACK_TIMEOUT_MS),
        now,
      },
      TIMEOUT_REASONS,
    );
    for (const row of rows) {
      await recordEvent(tx, {
        name: 'metrics.commands.timeOut',
        actorUserId: null,
        companyId: row.companyId,
        subjectType: 'asset',
        subjectId: row.assetId,
        data: { commandId: row.commandId, reason: row.failureReason },
      });
    }
    return rows.length;
  });
}

/** Runs the sweeper on a timer; every process may run one (the update claims each row once). */
export function startCommandSweeper(db: Db, log: FastifyBaseLogger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepTimedOutCommands(db)
      .catch((error: unknown) => log.warn({ err: error }, 'command timeout sweep failed'))
      .finally(() => {
        running = false;
      });
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
