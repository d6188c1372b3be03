import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { connectAsync } from 'mqtt';
import { z } from 'zod';
import { ConfigError, type Config } from '../config.ts';
import { agentTopic, type AgentMessageKind } from '../modules/agentMqtt/agentTopics.ts';
import type { DemoAgentRef } from './demoAgentKeys.ts';
import type { SimulatorOptions } from './simulatorOptions.ts';

/** Stored; refused (sending it again would not help); or not known to be stored (send it again, same batch id). */
export type AgentSendResult = { stored: true } | { stored: false; retry: boolean; detail: string };

/** How the demo agents reach the server: its HTTP calls, or an MQTT broker as field agents may. */
export interface AgentTransport {
  send(agent: DemoAgentRef, kind: AgentMessageKind, body: object): Promise<AgentSendResult>;
  close(): Promise<void>;
}

const HTTP_PATHS: Record<AgentMessageKind, string> = {
  telemetry: '/api/telemetry.ingest',
  deviceLogs: '/api/deviceLogs.ingest',
};

/** The public ingestion calls with the agent's key, gzip-encoded, as a real agent would post them. */
export function httpAgentTransport(baseUrl: string): AgentTransport {
  return {
    async send(agent, kind, body) {
      try {
        const response = await fetch(`${baseUrl}${HTTP_PATHS[kind]}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            'x-agent-key': agent.key,
          },
          body: gzipSync(JSON.stringify(body)),
        });
        if (response.ok) return { stored: true };
        return {
          stored: false,
          retry: response.status >= 500,
          detail: `${response.status}: ${await response.text()}`,
        };
      } catch (error) {
        return { stored: false, retry: true, detail: error instanceof Error ? error.message : String(error) };
      }
    },
    close: () => Promise.resolve(),
  };
}

/** How long an agent waits for the server's reply before it takes the batch as not stored. */
const REPLY_TIMEOUT_MS = 15_000;
const replySchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }).optional() })
  .loose();

/** JSON, or undefined for text that is not: a bad reply must not throw inside the client's event handler. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Publishes each batch, gzip-compressed and carrying the agent's key, to the agent's topic at QoS 1, and waits for
 * the server's reply on the agent's replies topic (matched by MQTT 5 correlation data).
 */
export async function mqttAgentTransport(options: {
  url: string;
  topicPrefix: string;
}): Promise<AgentTransport> {
  const client = await connectAsync(options.url, { protocolVersion: 5, reconnectPeriod: 1000 });
  const waiting = new Map<string, (result: AgentSendResult) => void>();
  client.on('message', (_topic, payload, packet) => {
    const id = packet.properties?.correlationData?.toString('hex') ?? '';
    const resolve = waiting.get(id);
    if (!resolve) return;
    waiting.delete(id);
    const parsed = replySchema.safeParse(parseJson(payload.toString('utf8')));
    const error = parsed.success
      ? parsed.data.error
      : { code: 'INVALID_REPLY', message: payload.toString('utf8') };
    resolve(
      error ? { stored: false, retry: false, detail: `${error.code}: ${error.message}` } : { stored: true },
    );
  });
  await client.subscribeAsync(`${options.topicPrefix}/agents/+/replies`, { qos: 1 });
  return {
    send(agent, kind, body) {
      const correlation = randomBytes(12);
      const id = correlation.toString('hex');
      return new Promise<AgentSendResult>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve({ stored: false, retry: true, detail: 'no reply from the server' });
        }, REPLY_TIMEOUT_MS);
        waiting.set(id, (result) => {
          clearTimeout(timer);
          resolve(result);
        });
        const payload = gzipSync(JSON.stringify({ agentKey: agent.key, ...body }));
        client
          .publishAsync(agentTopic(options.topicPrefix, agent.agentAssetId, kind), payload, {
            qos: 1,
            properties: { correlationData: correlation },
          })
          .catch((error: unknown) => {
            clearTimeout(timer);
            waiting.delete(id);
            resolve({
              stored: false,
              retry: true,
              detail: error instanceof Error ? error.message : String(error),
            });
          });
      });
    },
    close: () => client.endAsync(),
  };
}

/** The demo agents' transport chosen by KELVIN_SIMULATOR_TRANSPORT: undefined for HTTP (the simulator's default). */
export async function demoAgentTransport(
  config: Pick<Config, 'mqtt'>,
  options: Pick<SimulatorOptions, 'transport'>,
): Promise<AgentTransport | undefined> {
  if (options.transport === 'http') return undefined;
  if (!config.mqtt)
    throw new ConfigError('KELVIN_SIMULATOR_TRANSPORT=mqtt needs MQTT_URL (the broker to publish to).');
  return mqttAgentTransport({ url: config.mqtt.url, topicPrefix: config.mqtt.topicPrefix });
}
