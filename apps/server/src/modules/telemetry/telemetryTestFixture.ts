import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { hashAgentKey } from '../../http/authenticateAgent.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { agentKeys } from '../../platform/db/schema.ts';
import { seedMetricCatalogue } from '../../demo/seedMetrics.ts';
import type { TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, type ApiAnswer } from '../assets/assetsTestFixture.ts';

/** The assets fleet plus the demo metric catalogue and a key for company A's agent. */
export async function buildTelemetryFleet(db: DbOrTx) {
  const fleet = await buildAssetFleet(db);
  await seedMetricCatalogue(db);
  const agentKeyA = randomBytes(24).toString('base64url');
  await db
    .insert(agentKeys)
    .values({ assetId: fleet.ids.agentA1, keyHash: hashAgentKey(agentKeyA), label: 'test' });
  return { ...fleet, agentKeyA };
}
export type TelemetryFleet = Awaited<ReturnType<typeof buildTelemetryFleet>>;

/** An hour-aligned instant two hours ago: recent enough to be accepted, aligned for readable buckets. */
export function recentHour(): number {
  return Math.floor((Date.now() - 2 * 3_600_000) / 3_600_000) * 3_600_000;
}

/** Posts a batch over real HTTP with the given headers, as JSON or gzip-compressed JSON. */
export async function postIngest(
  server: TestServer,
  body: unknown,
  options: { headers?: Record<string, string>; gzip?: boolean; raw?: Buffer } = {},
): Promise<ApiAnswer> {
  const json = Buffer.from(JSON.stringify(body));
  const payload = options.raw ?? (options.gzip ? gzipSync(json) : json);
  const response = await fetch(`${server.url}/api/telemetry.ingest`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.gzip || options.raw ? { 'content-encoding': 'gzip' } : {}),
      ...options.headers,
    },
    body: payload,
  });
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  return { status: response.status, body: parsed };
}

/** The bearer header of a user, for calls made outside `apiAs`. */
export async function bearer(
  server: TestServer,
  user: { identityId: string },
): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await server.mintIdToken(user.identityId)}` };
}
