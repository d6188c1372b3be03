import { randomUUID } from 'node:crypto';
import type { BodyOf, OutputOf, telemetryEndpoints } from '@kelvin/contract';
import { companyScope, requirePermission } from '../../http/authorize.ts';
import type { Caller } from '../../http/contractRouter.ts';
import type { PointResolver } from './pointResolver.ts';
import type { PointWriter } from './pointWriter.ts';

export const TELEMETRY_WRITE = 'telemetry:write';

type IngestRequest = BodyOf<typeof telemetryEndpoints.telemetryIngest>;
type IngestAnswer = OutputOf<typeof telemetryEndpoints.telemetryIngest>;

/**
 * Who writes and where: an agent writes to its own company only; a user to the companies their telemetry:write
 * grant reaches. The scope prefixes batch ids, so that one writer's ids never collide with another's.
 */
export function writerOf(caller: Caller): { companies: 'ALL' | number[]; scope: string } {
  if (caller.kind === 'agent') {
    return { companies: [caller.agent.companyId], scope: `agent:${caller.agent.agentAssetId}` };
  }
  requirePermission(caller.auth, TELEMETRY_WRITE);
  return {
    companies: companyScope(caller.auth, TELEMETRY_WRITE),
    scope: `user:${caller.auth.user.userId}`,
  };
}

/**
 * `telemetry.ingest`: valid points are stored together (one store insert, so never half-applied), invalid ones come
 * back with a reason each. Answered only after the store reports the batch durable. A repeated batch id answers
 * `duplicate: true` with the same `accepted` count and stores nothing.
 */
export async function ingestBatch(
  deps: { resolver: PointResolver; writer: PointWriter },
  caller: Caller,
  body: IngestRequest,
): Promise<IngestAnswer> {
  const writer = writerOf(caller);
  const batchId = body.batchId ?? randomUUID();
  const { resolved, rejected } = await deps.resolver.resolve(body.points, { companies: writer.companies });
  const { duplicate } = await deps.writer.write(
    resolved.map((entry) => entry.point),
    { batchId: `${writer.scope}:${batchId}` },
  );
  return { batchId, duplicate, accepted: resolved.length, rejected };
}
