import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ASSET_TYPE } from '@kelvin/domain';
import { hashAgentKey } from '../../http/authenticateAgent.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { agentKeys, metrics } from '../../platform/db/schema.ts';
import type { TestServer } from '../../testing/testServer.ts';
import { makeAsset, type ApiAnswer } from '../assets/assetsTestFixture.ts';
import { buildTelemetryFleet } from '../telemetry/telemetryTestFixture.ts';

async function issueKey(db: DbOrTx, assetId: number): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  await db.insert(agentKeys).values({ assetId, keyHash: hashAgentKey(key), label: 'test' });
  return key;
}

/**
 * The telemetry fleet plus an agent in company A's other hall and one in company B's hall, each with a key, and
 * the ids of a settable setpoint and an overridable enum of the demo catalogue.
 */
export async function buildCommandsFleet(db: DbOrTx) {
  const fleet = await buildTelemetryFleet(db);
  const agentA2 = await makeAsset(db, {
    companyId: fleet.companyA.companyId,
    assetTypeId: ASSET_TYPE.agent,
    parentAssetId: fleet.ids.hallA2,
    name: 'AS-AGENT-01',
  });
  const agentB = await makeAsset(db, {
    companyId: fleet.companyB.companyId,
    assetTypeId: ASSET_TYPE.agent,
    parentAssetId: fleet.ids.hallB,
    name: 'B1-AGENT-01',
  });
  const metricId = async (alias: string): Promise<number> => {
    const [row] = await db
      .select({ metricId: metrics.metricId })
      .from(metrics)
      .where(eq(metrics.alias, alias));
    if (!row) throw new Error(`demo metric ${alias} missing`);
    return row.metricId;
  };
  return {
    ...fleet,
    agentKeyA2: await issueKey(db, agentA2),
    agentKeyB: await issueKey(db, agentB),
    metrics: {
      setpoint: await metricId('temperature.supplyAirSetpoint'),
      unitMode: await metricId('status.unitMode'),
      supplyAir: await metricId('temperature.supplyAir'),
    },
  };
}
export type CommandsFleet = Awaited<ReturnType<typeof buildCommandsFleet>>;

/** Calls an agent endpoint over real HTTP with an agent key. */
export async function agentCall(
  server: TestServer,
  key: string,
  path: string,
  body: unknown,
): Promise<ApiAnswer> {
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-agent-key': key },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  return { status: response.status, body: parsed };
}
