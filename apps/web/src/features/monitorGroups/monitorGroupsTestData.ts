import type { QueryClient } from '@tanstack/react-query';
import type { MonitorGroup, ProblemRuleDefinition } from '@kelvin/contract';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../test/factories.ts';

/** Test data of the monitor group screens: company 2 (Acme Cooling) and the library (company 1). */
export function buildRule(overrides: Partial<ProblemRuleDefinition> = {}): ProblemRuleDefinition {
  return {
    problemRuleDefinitionId: 11,
    companyId: 2,
    name: 'Supply air too warm',
    description: null,
    type: 'SYSTEM',
    kind: 'THRESHOLD',
    condition: {
      kind: 'THRESHOLD',
      metricAlias: 'temperature.supplyAir',
      aggregation: 'AVERAGE',
      limits: { source: 'THRESHOLD_GROUP' },
    },
    timeWindow: 'PT2M',
    recoveryDuration: 'PT2M',
    impactLevel: 'CRITICAL',
    tags: ['air'],
    createdBy: 7,
    createdAt: '2026-01-01T00:00:00.000Z',
    disabledAt: null,
    ...overrides,
  };
}

export function buildGroup(overrides: Partial<MonitorGroup> = {}): MonitorGroup {
  return {
    monitorGroupId: 5,
    companyId: 2,
    name: 'CRAH watch',
    description: null,
    problemRuleDefinitionIds: [11],
    assetCount: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Signs in a user of company 2 who reads problems, and with `write` changes rules of company 2 only. */
export function signInCustomer(queryClient: QueryClient, { write }: { write: boolean }) {
  const own = { attributes: { companyId: { type: 'VALUES' as const, values: [2] } } };
  queryClient.setQueryData(
    currentUserQueryKey,
    buildCurrentUser([], {
      permissions: {
        'detectedProblems:read': [own],
        'assets:write': [own],
        ...(write ? { 'problemRules:write': [own] } : {}),
      },
    }),
  );
}
