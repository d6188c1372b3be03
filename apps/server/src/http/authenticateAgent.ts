import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ASSET_TYPE } from '@kelvin/domain';
import type { Db } from '../platform/db/database.ts';
import { agentKeys, assets } from '../platform/db/schema.ts';
import { createHeartbeatRecorder } from './agentHeartbeats.ts';
import { unauthorized } from './httpError.ts';

export const AGENT_KEY_HEADER = 'x-agent-key';

/** An agent calling with its key: it writes telemetry for assets of its own company. */
export interface AgentContext {
  agentAssetId: number;
  companyId: number;
}

export type AgentAuthenticator = ((request: FastifyRequest) => Promise<AgentContext>) & {
  /** Called once an agent's request has succeeded: a refused request is no sign of life and writes nothing. */
  heard?: (agentAssetId: number, request: FastifyRequest) => void;
};

export function hashAgentKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** An unrevoked key of an active agent asset → that agent; null for anything else. */
export async function findAgentByKey(db: Db, key: string): Promise<AgentContext | null> {
  if (key.length < 20) return null;
  const [row] = await db
    .select({ assetId: assets.assetId, companyId: assets.companyId, assetTypeId: assets.assetTypeId })
    .from(agentKeys)
    .innerJoin(assets, eq(assets.assetId, agentKeys.assetId))
    .where(
      and(eq(agentKeys.keyHash, hashAgentKey(key)), isNull(agentKeys.revokedAt), eq(assets.isDeleted, false)),
    );
  if (!row || row.assetTypeId !== ASSET_TYPE.agent) return null;
  return { agentAssetId: row.assetId, companyId: row.companyId };
}

/** x-agent-key → an unrevoked key of an active agent asset. Any failure is a 401. */
export function createAgentAuthenticator(db: Db): AgentAuthenticator {
  const heartbeat = createHeartbeatRecorder(db);
  const authenticate: AgentAuthenticator = async (request) => {
    const key = request.headers[AGENT_KEY_HEADER];
    if (typeof key !== 'string' || key.length < 20)
      throw unauthorized('Send a valid agent key in x-agent-key.');
    const agent = await findAgentByKey(db, key);
    if (!agent) throw unauthorized('This agent key is not valid.');
    return agent;
  };
  authenticate.heard = (agentAssetId, request) =>
    heartbeat(agentAssetId, (error) => request.log.warn({ err: error }, 'agent heartbeat not written'));
  return authenticate;
}
