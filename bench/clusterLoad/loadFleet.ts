import { asc, eq } from 'drizzle-orm';
import type { TelemetryFleet } from '../../apps/server/src/modules/telemetry/telemetryTestFixture.ts';
import type { Database } from '../../apps/server/src/platform/db/database.ts';
import { assets, metrics } from '../../apps/server/src/platform/db/schema.ts';
import { buildUser } from '../../apps/server/src/testing/factories.ts';
import { DEMO_PASSWORD } from '../../e2e/support/consoleServer.ts';

/** What the load and the probes need to know of the fleet written before the cluster starts. */
export interface LoadFleet {
  /** The agents' units: each is one simulated agent sending its metrics. */
  unitIds: number[];
  /** A unit no agent sends: the probe values written to it are the only ones its live view shows. */
  probeUnitId: number;
  /** Numeric metrics each unit reports, by alias and id, in the same order. */
  aliases: string[];
  metricIds: number[];
  agentKey: string;
  /** A provider administrator who signs in with DEMO_PASSWORD (the Chromium pages). */
  viewerEmail: string;
  viewerIdentityId: string;
}

const UNIT_TYPE = 4;

/**
 * `units` units in the telemetry fleet's first data hall (company A), one more for the probe, the first
 * `metricsPerUnit` numeric metrics of the catalogue, and a viewer with a password.
 */
export async function writeLoadFleet(
  database: Database,
  fleet: TelemetryFleet,
  options: { units: number; metricsPerUnit: number },
): Promise<LoadFleet> {
  const db = database.db;
  const [hall] = await db
    .select({ parentAssetId: assets.parentAssetId, companyId: assets.companyId })
    .from(assets)
    .where(eq(assets.assetId, fleet.ids.unitA1));
  if (!hall) throw new Error('The telemetry fleet has no unit A1');
  const rows = await db
    .insert(assets)
    .values(
      Array.from({ length: options.units + 1 }, (_, index) => ({
        companyId: hall.companyId,
        assetTypeId: UNIT_TYPE,
        parentAssetId: hall.parentAssetId,
        name: index === options.units ? 'LOAD-PROBE' : `LOAD-${String(index + 1).padStart(4, '0')}`,
      })),
    )
    .returning({ assetId: assets.assetId });
  const ids = rows.map((row) => row.assetId);
  const probeUnitId = ids.pop();
  if (probeUnitId === undefined) throw new Error('No units were written');
  const numeric = await db
    .select({ alias: metrics.alias, metricId: metrics.metricId })
    .from(metrics)
    .where(eq(metrics.valueType, 'number'))
    .orderBy(asc(metrics.metricId))
    .limit(options.metricsPerUnit);
  const viewer = await buildUser(db, {
    companyId: 1,
    roles: ['Provider Administrator'],
    password: DEMO_PASSWORD,
  });
  return {
    unitIds: ids,
    probeUnitId,
    aliases: numeric.map((row) => row.alias),
    metricIds: numeric.map((row) => row.metricId),
    agentKey: fleet.agentKeyA,
    viewerEmail: viewer.email,
    viewerIdentityId: viewer.identityId,
  };
}
