/** The problems' value lists without schemas, for the browser (see ticketValues.ts). */

/** Spec: detected problem levels, the worst first. */
export const problemLevels = ['CRITICAL', 'WARNING', 'INFO'] as const;
export type ProblemLevel = (typeof problemLevels)[number];
