import { gunzipSync } from 'node:zlib';
import { deviceLogsEndpoints, telemetryEndpoints, type ErrorEnvelope } from '@kelvin/contract';
import { findAgentByKey, type AgentContext } from '../../http/authenticateAgent.ts';
import { parseEndpointBody } from '../../http/contractRouter.ts';
import { badRequest, forbidden, HttpError, unauthorized } from '../../http/httpError.ts';
import type { Db } from '../../platform/db/database.ts';
import type { DeviceLogStore } from '../../platform/timeseries/deviceLogStore.ts';
import { ingestLogBatch } from '../deviceLogs/deviceLogsService.ts';
import { createHeartbeatRecorder } from '../../http/agentHeartbeats.ts';
import type { TelemetryBus } from '../../platform/events/telemetryBus.ts';
import type { TimeSeriesStore } from '../../platform/timeseries/timeSeriesStore.ts';
import { createPointResolver, type PointResolver } from '../telemetry/pointResolver.ts';
import { createPointWriter, type PointWriter } from '../telemetry/pointWriter.ts';
import { INGEST_BODY_LIMIT_BYTES } from '../telemetry/telemetryRoutes.ts';
import { ingestBatch } from '../telemetry/telemetryService.ts';
import type { AgentMessageKind } from './agentTopics.ts';

export interface AgentMessageDeps {
  db: Db;
  resolver: PointResolver;
  writer: PointWriter;
  logs: DeviceLogStore;
  /** Told once an agent's batch was stored: a refused message is no sign of life. */
  heard: (agentAssetId: number) => void;
}

/** What the server publishes on the agent's replies topic: the HTTP call's answer, or its error envelope. */
export type AgentReply =
  | ({ kind: AgentMessageKind } & Record<string, unknown>)
  | { kind: AgentMessageKind; batchId?: string; error: ErrorEnvelope };

const GZIP_MAGIC = [0x1f, 0x8b];

/** The payload as JSON: gzip-compressed or not, at most the HTTP call's decompressed limit, like the HTTP call. */
function payloadJson(payload: Buffer): unknown {
  let text: Buffer = payload;
  if (payload[0] === GZIP_MAGIC[0] && payload[1] === GZIP_MAGIC[1]) {
    try {
      text = gunzipSync(payload, { maxOutputLength: INGEST_BODY_LIMIT_BYTES });
    } catch {
      throw badRequest(
        `The message is not valid gzip or holds more than ${String(INGEST_BODY_LIMIT_BYTES)} bytes.`,
      );
    }
  }
  if (text.length > INGEST_BODY_LIMIT_BYTES) {
    throw badRequest(`The message holds more than ${String(INGEST_BODY_LIMIT_BYTES)} bytes.`);
  }
  try {
    return JSON.parse(text.toString('utf8'));
  } catch {
    throw badRequest('The message is not valid JSON.');
  }
}

/** The agent key out of the message and the rest, which is the HTTP call's body. */
function splitKey(message: unknown): { key: string | undefined; body: Record<string, unknown> } {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    throw badRequest('The message must be a JSON object: the HTTP call’s body with an "agentKey".');
  }
  const { agentKey, ...body } = Object.fromEntries(Object.entries(message));
  return { key: typeof agentKey === 'string' ? agentKey : undefined, body };
}

async function authenticate(db: Db, key: string | undefined, topicAgent: number): Promise<AgentContext> {
  if (key === undefined) throw unauthorized('Send the agent key in the message’s "agentKey".');
  const agent = await findAgentByKey(db, key);
  if (!agent) throw unauthorized('This agent key is not valid.');
  // The topic names the agent: one agent's key never writes on another's topics.
  if (agent.agentAssetId !== topicAgent) throw forbidden('This agent key belongs to another agent’s topics.');
  return agent;
}

function errorReply(kind: AgentMessageKind, error: HttpError, batchId: unknown): AgentReply {
  const envelope: ErrorEnvelope = { message: error.message, code: error.code };
  if (error.details) envelope.details = error.details;
  return typeof batchId === 'string' ? { kind, batchId, error: envelope } : { kind, error: envelope };
}

/**
 * One agent message, checked and stored exactly as its HTTP call (`telemetry.ingest`, `deviceLogs.ingest`): the
 * agent's key, then the body's schema, then the writer's company scope; the batch id scoped to the agent as over
 * HTTP, so a batch sent both ways is stored once. A refusal is the reply (nothing stored); an error of the server
 * itself is thrown, so that the message is not acknowledged and comes again.
 */
export async function handleAgentMessage(
  deps: AgentMessageDeps,
  target: { agentAssetId: number; kind: AgentMessageKind },
  payload: Buffer,
): Promise<AgentReply> {
  const { kind } = target;
  let batchId: unknown;
  try {
    const { key, body } = splitKey(payloadJson(payload));
    batchId = body.batchId;
    const agent = await authenticate(deps.db, key, target.agentAssetId);
    const caller = { kind: 'agent' as const, agent };
    let answer: Record<string, unknown>;
    if (kind === 'telemetry') {
      const endpoint = telemetryEndpoints.telemetryIngest;
      answer = endpoint.output.parse(await ingestBatch(deps, caller, parseEndpointBody(endpoint, body)));
    } else {
      const endpoint = deviceLogsEndpoints.deviceLogsIngest;
      answer = endpoint.output.parse(
        await ingestLogBatch({ db: deps.db, logs: deps.logs }, caller, parseEndpointBody(endpoint, body)),
      );
    }
    deps.heard(agent.agentAssetId);
    return { kind, ...answer };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return errorReply(kind, error, batchId);
    throw error;
  }
}

/** The stores and look-ups an agent message needs, built as the HTTP routes build theirs. */
export function agentMessageDeps(deps: {
  db: Db;
  timeseries: TimeSeriesStore;
  bus: TelemetryBus;
  log: { warn: (object: object, message: string) => void };
}): AgentMessageDeps {
  const heartbeat = createHeartbeatRecorder(deps.db);
  return {
    db: deps.db,
    resolver: createPointResolver(deps.db),
    writer: createPointWriter({ db: deps.db, timeseries: deps.timeseries, bus: deps.bus }),
    logs: deps.timeseries.logs,
    heard: (agentAssetId) =>
      heartbeat(agentAssetId, (error) => deps.log.warn({ err: error }, 'agent heartbeat not written')),
  };
}
