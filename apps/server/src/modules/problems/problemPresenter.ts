import type { InferSelectModel } from 'drizzle-orm';
import {
  alertTypes,
  problemKinds,
  problemLevels,
  type Alert,
  type AlertType,
  type DetectedProblem,
  type ProblemKind,
  type ProblemLevel,
} from '@kelvin/contract';
import type { alerts, detectedProblems, problemRuleDefinitions } from '../../platform/db/problemsSchema.ts';

export type AlertRow = InferSelectModel<typeof alerts>;
export type ProblemRow = InferSelectModel<typeof detectedProblems>;
export type RuleRow = InferSelectModel<typeof problemRuleDefinitions>;

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date === null ? null : date.toISOString());

/** Rows hold text the server wrote; anything else is a bug worth failing loudly on. */
function oneOf<T extends string>(allowed: readonly T[], value: string, field: string): T {
  const found = allowed.find((item) => item === value);
  if (found === undefined) throw new Error(`Unexpected ${field} ${value}`);
  return found;
}
export const asLevel = (value: string): ProblemLevel => oneOf(problemLevels, value, 'level');
export const asAlertType = (value: string): AlertType => oneOf(alertTypes, value, 'alert type');
export const asProblemKind = (value: string): ProblemKind => oneOf(problemKinds, value, 'problem kind');

/** Spec values are rounded to 2 decimals. */
export function roundValue(value: number | null): number | null {
  return value === null ? null : Math.round(value * 100) / 100;
}

/** An empty grouping key is stored as '' (so the unique indexes see it) and shown as null. */
export const groupingKeyOut = (key: string): string | null => (key === '' ? null : key);
export const groupingKeyIn = (key: string | null | undefined): string => key ?? '';

export function toDetectedProblem(
  row: ProblemRow,
  alertIds: readonly number[],
  inMaintenance: boolean,
): DetectedProblem {
  return {
    detectedProblemId: row.detectedProblemId,
    name: row.name,
    description: row.description,
    problemRuleDefinitionId: row.problemRuleDefinitionId,
    assetId: row.assetId,
    companyId: row.companyId,
    ticketId: row.ticketId,
    groupingKey: groupingKeyOut(row.groupingKey),
    alertIds: [...alertIds],
    level: asLevel(row.level),
    kind: asProblemKind(row.kind),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    closedAt: isoOrNull(row.closedAt),
    firstEventAt: iso(row.firstEventAt),
    lastEventAt: iso(row.lastEventAt),
    lastDetectedAt: isoOrNull(row.lastDetectedAt),
    totalEvaluations: row.totalEvaluations,
    lastEvaluationAt: isoOrNull(row.lastEvaluationAt),
    totalTriggeredEvaluations: row.totalTriggeredEvaluations,
    tags: row.tags,
    acknowledgement:
      row.acknowledgedAt === null
        ? null
        : {
            acknowledgedBy: row.acknowledgedBy,
            acknowledgedAt: iso(row.acknowledgedAt),
            automationId: row.acknowledgedByAutomationId,
          },
    mute:
      row.firstMutedAt === null || row.lastMutedAt === null
        ? null
        : {
            mutedBy: row.mutedBy,
            firstMutedAt: iso(row.firstMutedAt),
            lastMutedAt: iso(row.lastMutedAt),
            currentlyMuted: row.currentlyMuted,
            automationId: row.mutedByAutomationId,
          },
    escalatedAt: isoOrNull(row.escalatedAt),
    inMaintenance,
  };
}

/** The monitor fields of an alert come from its rule as it is now. */
export function toAlert(row: AlertRow, rule: RuleRow, ticketId: number | null): Alert {
  return {
    kyotoEventDetailId: row.alertId,
    ticketId,
    companyId: row.companyId,
    assetId: row.assetId,
    monitorId: rule.problemRuleDefinitionId,
    monitorName: rule.name,
    monitorDescription: rule.description,
    monitorMetadata: {
      query: queryText(rule),
      timeWindow: rule.timeWindow,
      impactLevel: asLevel(rule.impactLevel),
      topLevelComponent: row.metricAlias === null ? null : (row.metricAlias.split('.')[0] ?? null),
    },
    monitorMetricAlias: row.metricAlias,
    status: row.status === 'RESOLVED' ? 'RESOLVED' : 'ACTIVE',
    createdAt: iso(row.createdAt),
    resolvedAt: isoOrNull(row.resolvedAt),
    firstEventAt: iso(row.firstEventAt),
    lastEventAt: iso(row.lastEventAt),
    level: asLevel(row.level),
    numberOfOccurrences: row.numberOfOccurrences,
    metricIds: row.metricIds,
    type: asAlertType(row.type),
    firstEventValue: roundValue(row.firstEventValue),
    lastEventValue: roundValue(row.lastEventValue),
  };
}

/** The spec's monitor query: the expression of a QUERY rule, else the rule's condition in words. */
function queryText(rule: RuleRow): string | null {
  const condition: unknown = rule.condition;
  if (typeof condition !== 'object' || condition === null) return null;
  if ('expression' in condition && typeof condition.expression === 'string') return condition.expression;
  return JSON.stringify(condition);
}
