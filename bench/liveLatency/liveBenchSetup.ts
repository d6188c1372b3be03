import { and, asc, eq, inArray } from 'drizzle-orm';
import { ASSET_TYPE } from '@kelvin/domain';
import { issueDemoAgentKeys } from '../../apps/server/src/demo/demoAgentKeys.ts';
import { assets, metrics, userToursSeen, users } from '../../apps/server/src/platform/db/schema.ts';
import type { TestServer } from '../../apps/server/src/testing/testServer.ts';
import type { SoakFleet } from '../soak/soakFleet.ts';

export interface LiveBench {
  /** The background fleet, in the shape the soak's load drives. */
  fleet: SoakFleet;
  /** The unit whose live view the viewers watch; only the probe writes its `probeAlias`. */
  probeUnit: number;
  probeAlias: string;
  probeAliases: string[];
  /** Units reporting the 2,000 bench metrics and the first 200 of them. */
  wideUnit: number;
  narrowUnit: number;
  benchAliases: string[];
}

export const BENCH_METRICS = 2000;
const GROUP_SIZE = 50;

/**
 * On top of the demo: `units` more units in the hall of the first demo agent (so that its key may report for
 * them), three more for the measurements, 2,000 numeric bench metrics, and a session for the demo administrator
 * (who skips the dashboard tour).
 */
export async function setUpLiveBench(
  server: TestServer,
  options: { units: number; metricsPerUnit: number },
): Promise<LiveBench> {
  const db = server.database.db;
  const [agent] = await db
    .select({ companyId: assets.companyId, parentAssetId: assets.parentAssetId })
    .from(assets)
    .where(eq(assets.assetTypeId, ASSET_TYPE.agent))
    .orderBy(asc(assets.assetId))
    .limit(1);
  if (!agent) throw new Error('The demo has no agent');
  const names = [
    ...Array.from({ length: options.units }, (_, index) => `LIVE-${String(index + 1).padStart(4, '0')}`),
    'LIVE-PROBE',
    'LIVE-2000',
    'LIVE-200',
  ];
  const rows = await db
    .insert(assets)
    .values(
      names.map((name) => ({
        companyId: agent.companyId,
        assetTypeId: ASSET_TYPE.unit,
        parentAssetId: agent.parentAssetId,
        name,
      })),
    )
    .returning({ assetId: assets.assetId });
  const ids = rows.map((row) => row.assetId);
  const [key] = await issueDemoAgentKeys(db);
  if (!key) throw new Error('No agent key was issued');
  const numeric = await db
    .select({ alias: metrics.alias, metricId: metrics.metricId })
    .from(metrics)
    .where(and(eq(metrics.valueType, 'number'), inArray(metrics.displayType, ['line'])))
    .orderBy(asc(metrics.metricId))
    .limit(options.metricsPerUnit);
  const benchAliases = Array.from(
    { length: BENCH_METRICS },
    (_, index) => `bench.group${Math.floor(index / GROUP_SIZE)}.metric${index % GROUP_SIZE}`,
  );
  await db.insert(metrics).values(
    benchAliases.map((alias) => ({
      alias,
      name: alias.replaceAll('.', ' '),
      displayType: 'line',
      valueType: 'number',
      path: alias.replaceAll('.', '/'),
      units: '°C',
    })),
  );
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@kelvin.example'));
  if (!admin) throw new Error('The demo administrator is missing');
  await db
    .insert(userToursSeen)
    .values({ userId: admin.userId, tour: 'AssetDashboardTourSeen' })
    .onConflictDoNothing();
  const token = await server.mintIdToken(admin.identityId, { expiresIn: '2h' });
  const aliases = numeric.map((row) => row.alias);
  return {
    fleet: {
      unitIds: ids.slice(0, options.units),
      aliases,
      metricIds: numeric.map((row) => row.metricId),
      agentKey: key.key,
      token,
    },
    probeUnit: ids[options.units] ?? 0,
    probeAlias: aliases[0] ?? '',
    probeAliases: aliases,
    wideUnit: ids[options.units + 1] ?? 0,
    narrowUnit: ids[options.units + 2] ?? 0,
    benchAliases,
  };
}
