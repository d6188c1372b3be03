import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DemoAgentRef } from '../../apps/server/src/demo/demoAgentKeys.ts';
import {
  detectedProblems,
  problemRuleDefinitions,
} from '../../apps/server/src/platform/db/problemsSchema.ts';
import type { ConsoleServer } from './consoleServer.ts';

/** The demo's library rule the breach trips: supply air averaged over two minutes, the threshold group's limits. */
export const SUPPLY_AIR_RULE = 'Supply air out of limits';

/** The unit's problem of the supply air rule, as stored (undefined until the evaluator opens it). */
export async function supplyAirProblemOf(server: ConsoleServer, unitId: number) {
  const [row] = await server.database.db
    .select({ problem: detectedProblems })
    .from(detectedProblems)
    .innerJoin(
      problemRuleDefinitions,
      eq(problemRuleDefinitions.problemRuleDefinitionId, detectedProblems.problemRuleDefinitionId),
    )
    .where(and(eq(detectedProblems.assetId, unitId), eq(problemRuleDefinitions.name, SUPPLY_AIR_RULE)));
  return row?.problem;
}

/**
 * Sends two minutes of supply air at 30 °C (critical high 27) from the unit's agent through the ingest call, as an
 * agent would, and waits until the evaluator (which the server must run: KELVIN_PROBLEMS_EVALUATE) opens the
 * unit's critical supply air problem.
 */
export async function ingestSupplyAirBreach(
  server: ConsoleServer,
  agent: DemoAgentRef,
  unitId: number,
  { batchId, timeout }: { batchId: string; timeout: number },
): Promise<void> {
  const now = Date.now();
  const points = Array.from({ length: 12 }, (_, index) => ({
    assetId: unitId,
    alias: 'temperature.supplyAir',
    ts: now - 110_000 + index * 10_000,
    value: 30,
  }));
  const sent = await fetch(`${server.url}/api/telemetry.ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-agent-key': agent.key },
    body: JSON.stringify({ batchId, points }),
  });
  expect(sent.status).toBe(200);
  await expect
    .poll(async () => (await supplyAirProblemOf(server, unitId))?.level, { timeout })
    .toBe('CRITICAL');
}
