import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import { ASSET_TYPE } from '@kelvin/domain';
import { hashAgentKey } from '../../apps/server/src/http/authenticateAgent.ts';
import { buildAssetFleet, makeAsset } from '../../apps/server/src/modules/assets/assetsTestFixture.ts';
import { seedMetricCatalogue } from '../../apps/server/src/demo/seedMetrics.ts';
import type { DbOrTx } from '../../apps/server/src/platform/db/database.ts';
import { agentKeys, metrics } from '../../apps/server/src/platform/db/schema.ts';

export interface BenchAgent {
  agentAssetId: number;
  key: string;
  unitIds: number[];
}

/** One company's agents, each with a key and units of its own hall, and the catalogue's first numeric metrics. */
export async function seedIngestFleet(
  db: DbOrTx,
  options: { agents: number; unitsPerAgent: number; metrics: number },
): Promise<{ agents: BenchAgent[]; metricIds: number[] }> {
  const fleet = await buildAssetFleet(db);
  await seedMetricCatalogue(db);
  const companyId = fleet.companyA.companyId;
  const agents: BenchAgent[] = [];
  for (let index = 0; index < options.agents; index++) {
    const hall = await makeAsset(db, {
      companyId,
      assetTypeId: ASSET_TYPE.datahall,
      parentAssetId: fleet.ids.buildingA1,
      name: `Bench hall ${String(index)}`,
    });
    const agentAssetId = await makeAsset(db, {
      companyId,
      assetTypeId: ASSET_TYPE.agent,
      parentAssetId: hall,
      name: `Bench agent ${String(index)}`,
    });
    const unitIds: number[] = [];
    for (let unit = 0; unit < options.unitsPerAgent; unit++) {
      unitIds.push(
        await makeAsset(db, {
          companyId,
          assetTypeId: ASSET_TYPE.unit,
          parentAssetId: hall,
          name: `Bench unit ${String(index)}-${String(unit)}`,
        }),
      );
    }
    const key = randomBytes(24).toString('base64url');
    await db.insert(agentKeys).values({ assetId: agentAssetId, keyHash: hashAgentKey(key), label: 'bench' });
    agents.push({ agentAssetId, key, unitIds });
  }
  const numeric = await db
    .select({ metricId: metrics.metricId, valueType: metrics.valueType })
    .from(metrics)
    .orderBy(asc(metrics.metricId));
  const metricIds = numeric
    .filter((metric) => metric.valueType === 'number')
    .slice(0, options.metrics)
    .map((metric) => metric.metricId);
  return { agents, metricIds };
}

/** How a batch carries its points: an object a point, or columns a series (`series`, issue 26). */
export type BatchFormat = 'points' | 'series';

/** The same points as series: one entry per (asset, metric), its timestamps and values in columns. */
function asSeries(points: readonly { assetId: number; metricId: number; ts: number; value: number }[]) {
  const bySeries = new Map<string, { assetId: number; metricId: number; ts: number[]; values: number[] }>();
  for (const point of points) {
    const key = `${String(point.assetId)}:${String(point.metricId)}`;
    let series = bySeries.get(key);
    if (!series) {
      series = { assetId: point.assetId, metricId: point.metricId, ts: [], values: [] };
      bySeries.set(key, series);
    }
    series.ts.push(point.ts);
    series.values.push(point.value);
  }
  return [...bySeries.values()];
}

export interface PreparedBatch {
  agent: BenchAgent;
  points: number;
  /** The HTTP call's body, gzip-compressed. */
  http: Blob;
  /** The same with the agent's key, gzip-compressed, for MQTT. */
  mqtt: Buffer;
}

/**
 * Each agent's batches of the run, compressed beforehand so that the senders spend nothing on them: every point of
 * the run is distinct (agent, round and position set its timestamp), as a fleet's would be.
 */
export function prepareBatches(
  agents: readonly BenchAgent[],
  metricIds: readonly number[],
  options: { rounds: number; pointsPerBatch: number; base: number; tag: string; format?: BatchFormat },
): PreparedBatch[][] {
  return agents.map((agent, agentIndex) =>
    Array.from({ length: options.rounds }, (_, round) => {
      const perTs = agent.unitIds.length * metricIds.length;
      const points = Array.from({ length: options.pointsPerBatch }, (_, j) => {
        const slot = Math.floor(j / perTs);
        return {
          assetId: agent.unitIds[j % agent.unitIds.length] ?? 0,
          metricId: metricIds[Math.floor(j / agent.unitIds.length) % metricIds.length] ?? 0,
          ts: options.base + (round * 1000 + slot) * 1000 + agentIndex,
          value: (j % 1000) / 10,
        };
      });
      const batchId = `${options.tag}-${String(agentIndex)}-${String(round)}`;
      const body = options.format === 'series' ? { batchId, series: asSeries(points) } : { batchId, points };
      return {
        agent,
        points: points.length,
        http: new Blob([gzipSync(JSON.stringify(body))]),
        mqtt: gzipSync(JSON.stringify({ agentKey: agent.key, ...body })),
      };
    }),
  );
}
