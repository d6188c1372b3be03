import { and, asc, eq, inArray } from 'drizzle-orm';
import { INGEST_MAX_POINTS } from '@kelvin/contract';
import type { TestServer } from '../../apps/server/src/testing/testServer.ts';
import { assets, metrics, userToursSeen, users } from '../../apps/server/src/platform/db/schema.ts';

export const SERIES = 20;
const DAY = 86_400_000;

export interface BenchFleet {
  /** 24 h of 2 Hz readings for each of its metrics. */
  dayUnit: number;
  /** 24 months of coarse readings: read back from the rollups. */
  yearsUnit: number;
  aliases: string[];
  token: string;
}

/** Picks two demo units and SERIES numeric metrics, and lets the admin skip the diagnose tour. */
export async function chooseFleet(
  server: TestServer,
): Promise<Omit<BenchFleet, 'token'> & { adminId: number; identityId: string }> {
  const db = server.database.db;
  const units = await db
    .select({ assetId: assets.assetId })
    .from(assets)
    .where(eq(assets.assetTypeId, 4))
    .orderBy(asc(assets.assetId))
    .limit(2);
  const numeric = await db
    .select({ alias: metrics.alias })
    .from(metrics)
    .where(and(eq(metrics.valueType, 'number'), inArray(metrics.displayType, ['line'])))
    .orderBy(asc(metrics.metricId))
    .limit(SERIES);
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@kelvin.example'));
  if (units.length < 2 || numeric.length < SERIES || !admin) throw new Error('The demo fleet is missing.');
  await db.insert(userToursSeen).values({ userId: admin.userId, tour: 'AssetDiagnoseTourSeen' });
  return {
    dayUnit: units[0]?.assetId ?? 0,
    yearsUnit: units[1]?.assetId ?? 0,
    aliases: numeric.map((row) => row.alias),
    adminId: admin.userId,
    identityId: admin.identityId,
  };
}

/** Sends points in full batches through the real ingest call; returns how many were acknowledged. */
export async function ingest(
  url: string,
  token: string,
  points: Iterable<{ assetId: number; alias: string; ts: number; value: number }>,
): Promise<number> {
  let batch: unknown[] = [];
  let sent = 0;
  const flush = async () => {
    const answer = await fetch(`${url}/api/telemetry.ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ points: batch }),
    });
    if (answer.status !== 200) throw new Error(`ingest answered ${answer.status}: ${await answer.text()}`);
    sent += batch.length;
    batch = [];
  };
  for (const point of points) {
    batch.push(point);
    if (batch.length === INGEST_MAX_POINTS) await flush();
  }
  if (batch.length > 0) await flush();
  return sent;
}

/** A smooth daily wave with noise per series: M4 has real extremes to keep. */
function value(series: number, ts: number): number {
  return 20 + series + 4 * Math.sin((ts / DAY) * 2 * Math.PI + series) + Math.sin(ts / 7_000 + series) * 0.5;
}

export function* readings(
  assetId: number,
  aliases: readonly string[],
  from: number,
  to: number,
  stepMs: number,
) {
  for (let ts = from; ts < to; ts += stepMs) {
    for (let series = 0; series < aliases.length; series++) {
      yield { assetId, alias: aliases[series] ?? '', ts, value: Math.round(value(series, ts) * 100) / 100 };
    }
  }
}
