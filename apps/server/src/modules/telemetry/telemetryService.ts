import { randomUUID } from 'node:crypto';
import { INGEST_MAX_POINTS, type BodyOf, type OutputOf, type telemetryEndpoints } from '@kelvin/contract';
import { companyScope, requirePermission } from '../../http/authorize.ts';
import type { Caller } from '../../http/contractRouter.ts';
import { badField } from '../../http/httpError.ts';
import type { PointResolver, ResolveResult } from './pointResolver.ts';
import type { PointWriter } from './pointWriter.ts';
import { seriesValueCount, type ResolvedSeries } from './seriesResolver.ts';

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

const NOTHING: ResolveResult = { resolved: [], rejected: [] };
const NO_SERIES: { resolved: ResolvedSeries[]; rejected: { index: number; reason: string }[] } = {
  resolved: [],
  rejected: [],
};

/**
 * `telemetry.ingest`: valid points and series are stored together (one store insert, so never half-applied),
 * invalid ones come back with a reason each (a series whole). Answered only after the store reports the batch
 * durable. A repeated batch id answers `duplicate: true` with the same `accepted` count and stores nothing.
 */
export async function ingestBatch(
  deps: { resolver: PointResolver; writer: PointWriter },
  caller: Caller,
  body: IngestRequest,
): Promise<IngestAnswer> {
  const writer = writerOf(caller);
  const points = body.points ?? [];
  const series = body.series ?? [];
  if (points.length + seriesValueCount(series) > INGEST_MAX_POINTS)
    throw badField('body.series', `A batch holds at most ${INGEST_MAX_POINTS} points`);
  const batchId = body.batchId ?? randomUUID();
  const scope = { companies: writer.companies };
  const [fromPoints, fromSeries] = await Promise.all([
    points.length > 0 ? deps.resolver.resolve(points, scope) : NOTHING,
    series.length > 0 ? deps.resolver.resolveSeries(series, scope) : NO_SERIES,
  ]);
  const { duplicate } = await deps.writer.write(
    fromPoints.resolved.map((entry) => entry.point),
    { batchId: `${writer.scope}:${batchId}`, series: fromSeries.resolved },
  );
  let accepted = fromPoints.resolved.length;
  for (const entry of fromSeries.resolved) accepted += entry.values.length;
  return {
    batchId,
    duplicate,
    accepted,
    rejected: fromPoints.rejected,
    ...(body.series === undefined ? {} : { rejectedSeries: fromSeries.rejected }),
  };
}
