import { and, asc, eq } from 'drizzle-orm';
import { problemRuleDefinitionSchema, type ProblemRuleDefinition } from '@kelvin/contract';
import { events } from '../../platform/db/schema.ts';
import type { TestServer } from '../../testing/testServer.ts';
import type { apiAs } from '../assets/assetsTestFixture.ts';

/** A threshold rule's body as the editor sends it; `overrides` change any field. */
export function thresholdRule(companyId: number, overrides: Record<string, unknown> = {}) {
  return {
    companyId,
    name: 'Supply air too warm',
    description: 'The average supply air over two minutes past the threshold group',
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
    ...overrides,
  };
}

/** Creates a rule as `user`, failing the test when refused. */
export async function createRule(
  api: ReturnType<typeof apiAs>,
  user: { identityId: string },
  body: Record<string, unknown>,
): Promise<ProblemRuleDefinition> {
  const answer = await api(user, 'POST', '/problemRuleDefinitions.create', body);
  if (answer.status !== 200) throw new Error(`create refused: ${JSON.stringify(answer.body)}`);
  return problemRuleDefinitionSchema.parse(answer.body);
}

/** The audit events of one subject, oldest first. */
export function subjectEvents(server: TestServer, subjectType: string, subjectId: number) {
  return server.database.db
    .select()
    .from(events)
    .where(and(eq(events.subjectType, subjectType), eq(events.subjectId, String(subjectId))))
    .orderBy(asc(events.eventId));
}
