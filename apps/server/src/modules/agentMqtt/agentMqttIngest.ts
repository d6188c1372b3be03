import { hostname } from 'node:os';
import { connectAsync, type IPublishPacket, type MqttClient } from 'mqtt';
import { handleAgentMessage, type AgentMessageDeps, type AgentReply } from './agentMessage.ts';
import { agentTopic, parseAgentTopic, sharedAgentFilter } from './agentTopics.ts';

export interface AgentMqttOptions {
  url: string;
  topicPrefix: string;
  shareGroup: string;
  /** Connections of this process in the shared subscription: each handles one message at a time. */
  connections: number;
  /** Names this process's sessions, so that a restart resumes them (and gets what they had not acknowledged). */
  processName: string;
}

interface Logger {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
}

/** A broker session outlives a restart by this long: messages sent meanwhile wait for the process to return. */
const SESSION_EXPIRY_SECONDS = 3600;
/** After an error of its own, a connection starts again this much later, and the broker sends the message again. */
const RETRY_AFTER_MS = 1000;

/**
 * Agents' batches from an MQTT broker (MQTT_URL): each process joins a shared subscription with a few connections,
 * so that the broker gives every message to one of them. A message is acknowledged (QoS 1 PUBACK) only once its
 * batch is durably stored or refused with a reply: a process that dies before that leaves it with the broker,
 * which sends it again when the session resumes, and its batch id keeps it from being stored twice. mqtt.js hands
 * a connection's messages over one at a time, which is why there are several connections.
 */
export async function startAgentMqttIngest(
  options: AgentMqttOptions,
  deps: AgentMessageDeps,
  log: Logger,
): Promise<{ close: () => Promise<void> }> {
  const clients = await Promise.all(
    Array.from({ length: options.connections }, (_, index) => connectOne(options, deps, log, index)),
  );
  log.info({ url: options.url, connections: clients.length }, 'agents over MQTT: subscribed');
  return {
    close: async () => {
      await Promise.all(clients.map((connection) => connection.close()));
    },
  };
}

interface Connection {
  close: () => Promise<void>;
}

async function connectOne(
  options: AgentMqttOptions,
  deps: AgentMessageDeps,
  log: Logger,
  index: number,
): Promise<Connection> {
  const client = await connectAsync(options.url, {
    clientId: `${options.shareGroup}-${options.processName}-${String(index)}`,
    protocolVersion: 5,
    clean: false,
    properties: { sessionExpiryInterval: SESSION_EXPIRY_SECONDS },
    reconnectPeriod: RETRY_AFTER_MS,
  });
  client.on('error', (error) => log.warn({ err: error }, 'agents over MQTT: connection error'));
  // One restart at a time, none after close: a restart resumes the session, and the broker sends again what this
  // connection left unacknowledged.
  let restart: NodeJS.Timeout | undefined;
  let closed = false;
  const restartSoon = () => {
    if (closed || restart) return;
    restart = setTimeout(() => {
      client.end(true, {}, () => {
        restart = undefined;
        if (!closed) client.reconnect();
      });
    }, RETRY_AFTER_MS);
  };
  client.handleMessage = (packet, done) => {
    handle(client, packet, options, deps)
      .then(() => done())
      .catch((error: unknown) => {
        // Not acknowledged: the message stays with the broker until the session resumes.
        log.error({ err: error, topic: packet.topic }, 'agents over MQTT: message not stored, to come again');
        done(error instanceof Error ? error : new Error(String(error)));
        restartSoon();
      });
  };
  await client.subscribeAsync(
    [
      sharedAgentFilter(options.topicPrefix, options.shareGroup, 'telemetry'),
      sharedAgentFilter(options.topicPrefix, options.shareGroup, 'deviceLogs'),
    ],
    { qos: 1 },
  );
  return {
    close: async () => {
      closed = true;
      clearTimeout(restart);
      await client.endAsync();
    },
  };
}

async function handle(
  client: MqttClient,
  packet: IPublishPacket,
  options: AgentMqttOptions,
  deps: AgentMessageDeps,
): Promise<void> {
  const target = parseAgentTopic(options.topicPrefix, packet.topic);
  // A topic the filters match is always an agent's, but for a malformed id: nobody to answer.
  if (!target) return;
  const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
  const reply = await handleAgentMessage(deps, target, payload);
  publishReply(client, agentTopic(options.topicPrefix, target.agentAssetId, 'replies'), reply, packet);
}

/**
 * Sent, not awaited: the broker's acknowledgement of the reply is a packet this connection reads only after the
 * current message is done. MQTT 5 correlation data comes back as it was sent.
 */
function publishReply(client: MqttClient, topic: string, reply: AgentReply, packet: IPublishPacket): void {
  const correlationData = packet.properties?.correlationData;
  client.publish(
    topic,
    JSON.stringify(reply),
    { qos: 1, properties: correlationData ? { correlationData } : {} },
    () => undefined,
  );
}

/** This process's name among the share group's sessions: host and port, stable across restarts. */
export function mqttProcessName(port: number): string {
  return `${hostname()}-${String(port)}`;
}
