import { eq, inArray } from 'drizzle-orm';
import { ASSET_TYPE } from '@kelvin/domain';
import type { TestServer } from '../../apps/server/src/testing/testServer.ts';
import {
  assetProperties,
  assets,
  companies,
  metrics,
  users,
  userToursSeen,
} from '../../apps/server/src/platform/db/schema.ts';

export const FLEET_UNITS = 5000;
const UNITS_PER_HALL = 50;
const HALLS_PER_BUILDING = 5;
const BUILDINGS_PER_SITE = 2;

export interface OverviewBenchFleet {
  /** The bench's own units, in the order the overview draws them. */
  unitIds: number[];
  /** The metric a custom-metric overview colours by. */
  metricId: number;
  metricAlias: string;
  identityId: string;
}

/**
 * Tops the demo fleet up to FLEET_UNITS units (and make-up-air units) with a company of sites, buildings and
 * halls of 50 units, written straight into the tables (the create call would take minutes for 5,000), each with
 * its name property, as the seed writes them. The provider administrator sees them all; the dashboard tour is
 * marked seen so that it does not cover the screen.
 */
export async function topUpFleet(server: TestServer): Promise<OverviewBenchFleet> {
  const db = server.database.db;
  const demoUnits = await db
    .select({ assetId: assets.assetId })
    .from(assets)
    .where(inArray(assets.assetTypeId, [ASSET_TYPE.unit, ASSET_TYPE.makeUpAirUnit]));
  const wanted = FLEET_UNITS - demoUnits.length;
  const [company] = await db
    .insert(companies)
    .values({ name: 'Bench Cooling', subscription: 'OBSERVABILITY' })
    .returning();
  if (!company) throw new Error('No bench company');
  const companyId = company.companyId;

  const add = async (assetTypeId: number, parents: (number | null)[], names: string[]) => {
    const rows = await db
      .insert(assets)
      .values(
        names.map((name, index) => ({ companyId, assetTypeId, name, parentAssetId: parents[index] ?? null })),
      )
      .returning({ assetId: assets.assetId });
    const ids = rows.map((row) => row.assetId);
    for (let start = 0; start < ids.length; start += 1000) {
      await db.insert(assetProperties).values(
        ids.slice(start, start + 1000).map((assetId, index) => ({
          assetId,
          name: 'name',
          value: names[start + index] ?? '',
          displayOrder: 0,
        })),
      );
    }
    return ids;
  };

  const halls = Math.ceil(wanted / UNITS_PER_HALL);
  const buildings = Math.ceil(halls / HALLS_PER_BUILDING);
  const sites = Math.ceil(buildings / BUILDINGS_PER_SITE);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const siteIds = await add(
    ASSET_TYPE.site,
    [],
    Array.from({ length: sites }, (_, s) => `Bench Site ${pad(s + 1)}`),
  );
  const buildingIds = await add(
    ASSET_TYPE.building,
    Array.from({ length: buildings }, (_, b) => siteIds[Math.floor(b / BUILDINGS_PER_SITE)] ?? null),
    Array.from({ length: buildings }, (_, b) => `Building ${pad(b + 1)}`),
  );
  const hallIds = await add(
    ASSET_TYPE.datahall,
    Array.from({ length: halls }, (_, h) => buildingIds[Math.floor(h / HALLS_PER_BUILDING)] ?? null),
    Array.from({ length: halls }, (_, h) => `Hall ${pad(h + 1, 3)}`),
  );
  const unitIds = await add(
    ASSET_TYPE.unit,
    Array.from({ length: wanted }, (_, u) => hallIds[Math.floor(u / UNITS_PER_HALL)] ?? null),
    Array.from(
      { length: wanted },
      (_, u) => `B-${pad(Math.floor(u / UNITS_PER_HALL) + 1, 3)}-${pad((u % UNITS_PER_HALL) + 1)}`,
    ),
  );

  const [metric] = await db.select().from(metrics).where(eq(metrics.alias, 'temperature.supplyAir'));
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@kelvin.example'));
  if (!metric || !admin) throw new Error('The demo fleet is missing.');
  await db.insert(userToursSeen).values({ userId: admin.userId, tour: 'AssetDashboardTourSeen' });
  return { unitIds, metricId: metric.metricId, metricAlias: metric.alias, identityId: admin.identityId };
}

/** One reading of the metric for each unit, through the real ingest call. */
export async function sendReadings(
  url: string,
  token: string,
  alias: string,
  unitIds: readonly number[],
  value: number,
): Promise<void> {
  const ts = Date.now();
  const answer = await fetch(`${url}/api/telemetry.ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ points: unitIds.map((assetId) => ({ assetId, alias, ts, value })) }),
  });
  if (answer.status !== 200) throw new Error(`ingest answered ${answer.status}: ${await answer.text()}`);
}
