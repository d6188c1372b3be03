import { worseLevel, type Level, type Verdict } from './ruleVerdict.ts';

/** The parts of an open alert its next evaluation reads. */
export interface OpenAlertState {
  level: Level;
  lastEventAt: number;
  numberOfOccurrences: number;
  breaching: boolean;
  /** The evaluation tick it last took part in. */
  evaluatedAt: number;
}

export type AlertStep =
  | { action: 'NONE' }
  | { action: 'OPEN'; level: Level; at: number; value: number | null }
  | {
      action: 'UPDATE';
      level: Level;
      breaching: boolean;
      numberOfOccurrences: number;
      /** Set when this evaluation breached: the alert's last event moves here. */
      lastEventAt: number | null;
      value: number | null;
    }
  | { action: 'RESOLVE'; at: number };

/**
 * One evaluation of one rule on one asset at tick `at`, against its open alert if any.
 *
 * - A breach with no open alert opens one. A breach on an open alert moves its last event and value and keeps the
 *   worst level seen; a breach after a clear evaluation is a new occurrence of the same alert, so a flapping metric
 *   counts occurrences instead of opening alerts.
 * - A clear evaluation resolves the alert once the recovery duration has passed since its last breach; before that
 *   it only marks it not breaching.
 * - A gap (breach null) changes nothing: silence is the communication-lost rules' business, not a recovery.
 * - A tick at or before the alert's last one changes nothing, so a repeated or overlapping cycle is harmless.
 */
export function nextAlertStep(
  open: OpenAlertState | null,
  verdict: Verdict,
  at: number,
  recoveryMs: number,
): AlertStep {
  if (verdict.breach === null) return { action: 'NONE' };
  if (open === null) {
    return verdict.breach
      ? { action: 'OPEN', level: verdict.level, at, value: verdict.value }
      : { action: 'NONE' };
  }
  if (at <= open.evaluatedAt) return { action: 'NONE' };
  if (verdict.breach) {
    return {
      action: 'UPDATE',
      level: worseLevel(open.level, verdict.level),
      breaching: true,
      numberOfOccurrences: open.numberOfOccurrences + (open.breaching ? 0 : 1),
      lastEventAt: at,
      value: verdict.value,
    };
  }
  if (at - open.lastEventAt >= recoveryMs) return { action: 'RESOLVE', at };
  return {
    action: 'UPDATE',
    level: open.level,
    breaching: false,
    numberOfOccurrences: open.numberOfOccurrences,
    lastEventAt: null,
    value: null,
  };
}
