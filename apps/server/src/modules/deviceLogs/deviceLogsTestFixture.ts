import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { ASSET_TYPE } from '@kelvin/domain';
import { hashAgentKey } from '../../http/authenticateAgent.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { agentKeys } from '../../platform/db/schema.ts';
import { makeAsset, type ApiAnswer } from '../assets/assetsTestFixture.ts';
import { buildTelemetryFleet } from '../telemetry/telemetryTestFixture.ts';

/** The telemetry fleet (company A's agent key) plus an agent and its key in company B. */
export async function buildLogsFleet(db: DbOrTx) {
  const fleet = await buildTelemetryFleet(db);
  const agentB = await makeAsset(db, {
    companyId: fleet.companyB.companyId,
    assetTypeId: ASSET_TYPE.agent,
    parentAssetId: fleet.ids.hallB,
    name: 'B1-AGENT-01',
  });
  const agentKeyB = randomBytes(24).toString('base64url');
  await db.insert(agentKeys).values({ assetId: agentB, keyHash: hashAgentKey(agentKeyB), label: 'test' });
  return { ...fleet, agentKeyB };
}
export type LogsFleet = Awaited<ReturnType<typeof buildLogsFleet>>;

/** Posts a log batch over real HTTP with the given headers, as JSON or gzip-compressed JSON. */
export async function postLogs(
  server: { url: string },
  body: unknown,
  options: { headers?: Record<string, string>; gzip?: boolean } = {},
): Promise<ApiAnswer> {
  const json = Buffer.from(JSON.stringify(body));
  const response = await fetch(`${server.url}/api/deviceLogs.ingest`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.gzip ? { 'content-encoding': 'gzip' } : {}),
      ...options.headers,
    },
    body: options.gzip ? gzipSync(json) : json,
  });
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  return { status: response.status, body: parsed };
}

/** A record of `assetId` at `ts`, INFO from the controller unless overridden. */
export function logRecord(
  assetId: number,
  ts: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { assetId, ts, level: 'INFO', source: 'controller', message: `Line at ${ts}`, ...overrides };
}
