import type { Alert, ProblemAutomation } from '@kelvin/contract';
import type { ListedProblem } from './ProblemAlertView.tsx';

const MINUTE = 60_000;

/** A listed problem of company 2 on unit 4, open since 40 minutes ago. */
export function buildProblem(overrides: Partial<ListedProblem> = {}): ListedProblem {
  const now = Date.now();
  return {
    detectedProblemId: 11,
    name: 'Supply air too warm',
    description: 'Average supply air above the critical limit',
    problemRuleDefinitionId: 3,
    assetId: 4,
    companyId: 2,
    ticketId: null,
    groupingKey: null,
    alertIds: [21],
    level: 'CRITICAL',
    kind: 'SYSTEM',
    createdAt: new Date(now - 40 * MINUTE).toISOString(),
    updatedAt: new Date(now - 2 * MINUTE).toISOString(),
    closedAt: null,
    firstEventAt: new Date(now - 40 * MINUTE).toISOString(),
    lastEventAt: new Date(now - 2 * MINUTE).toISOString(),
    lastDetectedAt: new Date(now - 2 * MINUTE).toISOString(),
    totalEvaluations: 80,
    lastEvaluationAt: new Date(now - MINUTE).toISOString(),
    totalTriggeredEvaluations: 30,
    tags: ['air'],
    acknowledgement: null,
    mute: null,
    escalatedAt: null,
    inMaintenance: false,
    assetName: 'CRAH 01',
    ...overrides,
  };
}

export function buildAlert(overrides: Partial<Alert> = {}): Alert {
  const now = Date.now();
  return {
    kyotoEventDetailId: 21,
    ticketId: null,
    companyId: 2,
    assetId: 4,
    monitorId: 3,
    monitorName: 'Supply air too warm',
    monitorDescription: 'Average supply air above the critical limit',
    monitorMetadata: {
      query: null,
      timeWindow: 'PT5M',
      impactLevel: 'CRITICAL',
      topLevelComponent: 'temperature',
    },
    monitorMetricAlias: 'temperature.supplyAir',
    status: 'ACTIVE',
    createdAt: new Date(now - 40 * MINUTE).toISOString(),
    resolvedAt: null,
    firstEventAt: new Date(now - 40 * MINUTE).toISOString(),
    lastEventAt: new Date(now - 2 * MINUTE).toISOString(),
    level: 'CRITICAL',
    numberOfOccurrences: 3,
    metricIds: [7],
    type: 'METRIC',
    firstEventValue: 27.46,
    lastEventValue: 28.12,
    ...overrides,
  };
}

export function buildAutomation(overrides: Partial<ProblemAutomation> = {}): ProblemAutomation {
  const now = Date.now();
  return {
    problemAutomationId: 31,
    problemGroupKey: { problemRuleDefinitionId: 3, assetId: 4, groupingKey: null },
    type: 'AUTO_MUTE',
    description: 'Coil cleaning',
    expiredBy: new Date(now + 60 * MINUTE).toISOString(),
    setting: { setBy: 7, setByName: 'Ada Operator', setAt: new Date(now - MINUTE).toISOString() },
    disabledAt: null,
    state: 'ACTIVE',
    assetName: 'CRAH 01',
    ruleName: 'Supply air too warm',
    ...overrides,
  };
}

export const pageOf = (content: readonly ListedProblem[], totalSize = content.length) => ({
  body: { content, pageable: { totalSize, pageSize: 25, pageNumber: 0 } },
});
