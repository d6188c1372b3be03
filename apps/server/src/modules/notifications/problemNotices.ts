import type { DetectedProblem } from '@kelvin/contract';

/** What happened to a problem that people and webhooks may want to hear about. */
export const problemNoticeKinds = ['OPENED', 'ESCALATED', 'RESOLVED'] as const;
export type ProblemNoticeKind = (typeof problemNoticeKinds)[number];

/**
 * One change of a detected problem, handed to the notifier after the change is committed. The problem is the
 * presented one (its mute and maintenance flags decide whether anyone hears of it).
 */
export interface ProblemNotice {
  kind: ProblemNoticeKind;
  problem: DetectedProblem;
  assetName: string;
}

/**
 * The evaluator's way out to people: notify never throws (failures are logged) and is idempotent per problem and
 * kind, so a repeated evaluation notifies nobody twice.
 */
export interface ProblemNotifier {
  notify(notices: ProblemNotice[]): Promise<void>;
}
