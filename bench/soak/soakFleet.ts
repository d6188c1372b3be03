import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.ts';
import { buildTelemetryFleet } from '../../apps/server/src/modules/telemetry/telemetryTestFixture.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { assets, metrics } from '../../apps/server/src/platform/db/schema.ts';
import { loadOrCreateSigningKeys } from '../../apps/server/src/platform/identity/signingKeys.ts';
import { serverProcessEnv } from '../../apps/server/src/testing/serverProcess.ts';
import { mintTestIdToken } from '../../apps/server/src/testing/testServer.ts';

export interface SoakFleet {
  unitIds: number[];
  /** Aliases each unit reports, numeric ones only. */
  aliases: string[];
  metricIds: number[];
  agentKey: string;
  /** A provider administrator's ID token, valid for the whole run. */
  token: string;
}

const UNIT_TYPE = 4;

/**
 * Writes the fleet into the data directory before the server starts (PGlite belongs to one process at a time):
 * the test fleet's company A with `units` more units in its first data hall, the demo metric catalogue, an agent
 * key, and a user's session.
 */
export async function seedSoakFleet(
  dataDir: string,
  port: number,
  options: { units: number; metricsPerUnit: number; tokenMinutes: number },
): Promise<SoakFleet> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
  try {
    const db = database.db;
    const fleet = await buildTelemetryFleet(db);
    const [hall] = await db
      .select({ parentAssetId: assets.parentAssetId, companyId: assets.companyId })
      .from(assets)
      .where(eq(assets.assetId, fleet.ids.unitA1));
    const rows = await db
      .insert(assets)
      .values(
        Array.from({ length: options.units }, (_, index) => ({
          companyId: hall?.companyId ?? 0,
          assetTypeId: UNIT_TYPE,
          parentAssetId: hall?.parentAssetId ?? null,
          name: `SOAK-${String(index + 1).padStart(4, '0')}`,
        })),
      )
      .returning({ assetId: assets.assetId });
    const unitIds = rows.map((row) => row.assetId);
    const numeric = await db
      .select({ alias: metrics.alias, metricId: metrics.metricId })
      .from(metrics)
      .where(and(eq(metrics.valueType, 'number')))
      .orderBy(metrics.metricId)
      .limit(options.metricsPerUnit);
    const config = loadConfig(serverProcessEnv(port, dataDir));
    const signingKeys = await loadOrCreateSigningKeys(db);
    const token = await mintTestIdToken({ db, config, signingKeys }, fleet.users.providerAdmin.identityId, {
      expiresIn: `${options.tokenMinutes}m`,
    });
    return {
      unitIds,
      aliases: numeric.map((row) => row.alias),
      metricIds: numeric.map((row) => row.metricId),
      agentKey: fleet.agentKeyA,
      token,
    };
  } finally {
    await database.close();
  }
}
