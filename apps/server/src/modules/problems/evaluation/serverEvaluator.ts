import type { Config } from '../../../config.ts';
import type { Db } from '../../../platform/db/database.ts';
import type { LastSeenSource } from '../../assets/lastSeenSource.ts';
import type { ProblemNotifier } from '../../notifications/problemNotices.ts';
import type { TimeSeriesStore } from '../../../platform/timeseries/timeSeriesStore.ts';
import { applyAutomationsToProblems, endExpiredAutomations } from '../automationsService.ts';
import { createProblemEvaluator, type EvaluatorLogger, type ProblemEvaluator } from './problemEvaluator.ts';
import { problemNoticesOf } from './problemNoticesOf.ts';
import { createWindowSources } from './windowSources.ts';

/**
 * The evaluator as the server runs it: automations applied to problems as they open, expired automations ended
 * and notices handed to the notifier after each evaluation commits. A failure after the commit is logged: the
 * alerts and problems are stored either way, and the next cycle tries the automations again.
 */
export function createServerEvaluator(deps: {
  db: Db;
  timeseries: TimeSeriesStore;
  lastSeen: LastSeenSource;
  config: Config['problems'];
  logger: EvaluatorLogger;
  notifier?: ProblemNotifier;
}): ProblemEvaluator {
  const { db, logger } = deps;
  return createProblemEvaluator({
    db,
    sources: createWindowSources({ db, timeseries: deps.timeseries, lastSeen: deps.lastSeen }),
    cycleMs: deps.config.cycleMs,
    escalateAfterMs: deps.config.escalateAfterMs,
    logger,
    onProblemsOpened: async (tx, problemIds, now) => {
      await applyAutomationsToProblems(tx, problemIds, now);
    },
    afterCycle: async (changes, now) => {
      try {
        await endExpiredAutomations(db, now);
        const notices = await problemNoticesOf(db, changes, now);
        if (notices.length > 0) await deps.notifier?.notify(notices);
      } catch (error) {
        logger.error({ err: error }, 'problem notices or automations failed after evaluation');
      }
    },
  });
}
